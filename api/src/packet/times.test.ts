/**
 * The packet's times: in the campaign's zone, named beside every time, so a clerk reads each the
 * same way (SPEC.md section 9's US English). Pure functions, tested on their own: the PDF draws them in a
 * worker thread, where the renderer tests see the result but not which function made it.
 */
import { describe, expect, it } from 'vitest';
import { formatDay, formatTime, isoAtZone, packetZone } from './times';

const AT = new Date(Date.UTC(2026, 2, 3, 16, 5, 12)); // 2026-03-03T16:05:12Z

describe('packet times', () => {
  it("shows times in the campaign's zone, UTC where it names none", () => {
    expect(packetZone({ time_zone: 'America/Chicago' })).toBe('America/Chicago');
    expect(packetZone({ time_zone: null })).toBe('UTC');
    expect(packetZone({})).toBe('UTC');
  });

  it("writes a time as people read it, with a plain space before PM, and the zone's name at that moment", () => {
    expect(formatTime(AT, 'UTC')).toBe('Mar 3, 2026, 4:05 PM UTC');
    expect(formatTime(AT, 'America/Los_Angeles')).toBe('Mar 3, 2026, 8:05 AM PST');
    // Daylight saving time names itself.
    expect(formatTime(new Date(Date.UTC(2026, 6, 3, 16, 5)), 'America/Chicago')).toBe('Jul 3, 2026, 11:05 AM CDT');
    // Across midnight: the day moves with the zone.
    expect(formatTime(AT, 'Asia/Shanghai')).toBe('Mar 4, 2026, 12:05 AM GMT+8');
    expect(formatTime(AT, 'Asia/Kolkata')).toBe('Mar 3, 2026, 9:35 PM GMT+5:30');
  });

  it('writes ISO 8601 in the zone for the CSV, whole seconds', () => {
    expect(isoAtZone(AT, 'UTC')).toBe('2026-03-03T16:05:12+00:00');
    expect(isoAtZone(new Date(AT.getTime() + 789), 'America/Los_Angeles')).toBe('2026-03-03T08:05:12-08:00');
    expect(isoAtZone(AT, 'Asia/Kolkata')).toBe('2026-03-03T21:35:12+05:30');
    expect(isoAtZone(new Date(Date.UTC(2026, 11, 31, 23, 59, 59)), 'Europe/Paris')).toBe('2027-01-01T00:59:59+01:00');
  });

  it('writes a meeting day without moving it, and leaves what is not a day as it is', () => {
    expect(formatDay('2026-03-18')).toBe('Mar 18, 2026');
    expect(formatDay('2026-12-01')).toBe('Dec 1, 2026');
    expect(formatDay('TBD')).toBe('TBD');
    expect(formatDay('2026-00-18')).toBe('2026-00-18');
  });
});
