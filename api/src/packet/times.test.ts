/**
 * The packet's times: one fixed offset, named beside every time, so a clerk reads each the same way
 * (SPEC.md section 9's US English). Pure functions, tested on their own: the PDF draws them in a
 * worker thread, where the renderer tests see the result but not which function made it.
 */
import { describe, expect, it } from 'vitest';
import { displayOffset, formatDay, formatTime, isoAtOffset, offsetLabel, offsetMinutes } from './times';

const AT = new Date(Date.UTC(2026, 2, 3, 16, 5, 12)); // 2026-03-03T16:05:12Z

describe('packet times', () => {
  it('reads the offset a time was written with, in every form ISO 8601 allows', () => {
    expect(offsetMinutes('2026-03-03T16:05:12Z')).toBe(0);
    expect(offsetMinutes('2026-03-03T16:05:12z')).toBe(0);
    expect(offsetMinutes('2026-03-03T08:05:12-08:00')).toBe(-480);
    expect(offsetMinutes('2026-03-03T21:35:12+05:30')).toBe(330);
    expect(offsetMinutes('2026-03-03T21:35:12+0530')).toBe(330);
    expect(offsetMinutes('2026-03-03T16:05:12')).toBeNull();
    expect(offsetMinutes('2026-03-03T16:05:12-08:00 and more')).toBeNull();
    expect(offsetMinutes(null)).toBeNull();
  });

  it("shows times at the deadline's offset, else the since's, else UTC", () => {
    expect(displayOffset({ lateAfter: '2026-03-10T17:00:00-07:00', since: '2026-03-01T00:00:00+01:00' })).toBe(-420);
    expect(displayOffset({ lateAfter: null, since: '2026-03-01T00:00:00+01:00' })).toBe(60);
    expect(displayOffset({ lateAfter: null, since: null })).toBe(0);
  });

  it('names the offset: UTC, behind with a minus, ahead with a plus, hours and minutes', () => {
    expect(offsetLabel(0)).toBe('UTC');
    expect(offsetLabel(-480)).toBe('UTC-08:00');
    expect(offsetLabel(330)).toBe('UTC+05:30');
    expect(offsetLabel(-570)).toBe('UTC-09:30');
    expect(offsetLabel(765)).toBe('UTC+12:45');
  });

  it('writes a time as people read it, with a plain space before PM, and its offset', () => {
    expect(formatTime(AT, 0)).toBe('Mar 3, 2026, 4:05 PM UTC');
    expect(formatTime(AT, -480)).toBe('Mar 3, 2026, 8:05 AM UTC-08:00');
    // Across midnight: the day moves with the offset.
    expect(formatTime(AT, 480)).toBe('Mar 4, 2026, 12:05 AM UTC+08:00');
    expect(formatTime(AT, 330)).toBe('Mar 3, 2026, 9:35 PM UTC+05:30');
  });

  it('writes ISO 8601 at the offset for the CSV, Z for UTC', () => {
    expect(isoAtOffset(AT, 0)).toBe('2026-03-03T16:05:12Z');
    expect(isoAtOffset(AT, -480)).toBe('2026-03-03T08:05:12-08:00');
    expect(isoAtOffset(AT, 330)).toBe('2026-03-03T21:35:12+05:30');
    expect(isoAtOffset(new Date(Date.UTC(2026, 11, 31, 23, 59, 59)), 60)).toBe('2027-01-01T00:59:59+01:00');
  });

  it('writes a meeting day without moving it, and leaves what is not a day as it is', () => {
    expect(formatDay('2026-03-18')).toBe('Mar 18, 2026');
    expect(formatDay('2026-12-01')).toBe('Dec 1, 2026');
    expect(formatDay('TBD')).toBe('TBD');
    expect(formatDay('2026-00-18')).toBe('2026-00-18');
  });
});
