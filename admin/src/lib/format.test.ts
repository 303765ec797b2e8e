import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatShortDay, formatTime } from './format';

describe('US English dates', () => {
  it('shows short month, day and year', () => {
    expect(formatDate('2026-05-14T15:07:00.000Z', 'UTC')).toBe('May 14, 2026');
    expect(formatDate('2026-01-03T00:00:00.000Z', 'UTC')).toBe('Jan 3, 2026');
  });

  it('adds hour and minute for letters', () => {
    expect(formatDateTime('2026-05-14T15:07:00.000Z', 'UTC')).toBe('May 14, 2026, 3:07 PM');
    expect(formatDateTime('2026-05-14T00:05:00.000Z', 'UTC')).toBe('May 14, 2026, 12:05 AM');
  });

  it("shows the reader's local day", () => {
    // 02:00 UTC on the 15th is still the 14th in New York.
    expect(formatDate('2026-05-15T02:00:00.000Z', 'America/New_York')).toBe('May 14, 2026');
    expect(formatDateTime('2026-05-15T02:00:00.000Z', 'America/New_York')).toBe('May 14, 2026, 10:00 PM');
  });

  it('reads a bare calendar day as that day, in any time zone', () => {
    expect(formatDate('2026-05-14')).toBe('May 14, 2026');
    expect(formatShortDay('2026-05-14')).toBe('May 14');
  });

  it('shows an unreadable value as it came rather than Invalid Date', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('')).toBe('');
    expect(formatTime('not a time')).toBe('not a time');
  });

  it('shows the time of day alone, where the reader is', () => {
    expect(formatTime('2026-05-14T16:52:30.000Z', 'UTC')).toBe('4:52 PM');
    expect(formatTime('2026-05-15T02:05:00.000Z', 'America/New_York')).toBe('10:05 PM');
  });
});

describe('numbers', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});
