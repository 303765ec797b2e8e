import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, instantFromWallTime, isoInZone, wallTimeInZone } from './time-zone';
import { formatInZone } from './zoned-format';

describe('campaign time zones', () => {
  it('accepts IANA names as the platform spells them, and nothing else', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', '+05:00', '-0700', '', ' ', 'America/', '../etc/passwd', 'America/Chicago; DROP']) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
  });

  it("writes an instant with the zone's offset at that moment, daylight time or not", () => {
    const summer = new Date('2026-06-10T00:00:00Z');
    const winter = new Date('2026-12-10T00:00:00Z');
    expect(isoInZone(summer, 'America/Los_Angeles')).toBe('2026-06-09T17:00:00-07:00');
    expect(isoInZone(winter, 'America/Los_Angeles')).toBe('2026-12-09T16:00:00-08:00');
    expect(isoInZone(summer, 'Asia/Kolkata')).toBe('2026-06-10T05:30:00+05:30');
    expect(isoInZone(summer, 'UTC')).toBe('2026-06-10T00:00:00+00:00');
    expect(isoInZone(new Date('2026-06-10T00:00:00.250Z'), 'UTC')).toBe('2026-06-10T00:00:00.250+00:00');
    // What it writes names the same instant.
    expect(new Date(isoInZone(winter, 'Australia/Lord_Howe')).getTime()).toBe(winter.getTime());
    expect(wallTimeInZone(summer, 'America/Los_Angeles')).toBe('2026-06-09T17:00');
  });

  it('reads a wall-clock time in the zone, refusing the hour daylight-saving time skips', () => {
    expect(instantFromWallTime('2026-06-09T17:00', 'America/Los_Angeles')).toMatchObject({ ok: true, iso: '2026-06-09T17:00:00-07:00' });
    expect(instantFromWallTime('2026-03-08T02:30', 'America/New_York')).toEqual({
      ok: false,
      message: '02:30 does not exist on that day in America/New_York (the clocks skip it); choose another time',
    });
    // 1:30 happens twice when the clocks go back: the first, still on daylight time.
    expect(instantFromWallTime('2026-11-01T01:30', 'America/New_York')).toMatchObject({ ok: true, iso: '2026-11-01T01:30:00-04:00' });
    expect(instantFromWallTime('2026-02-30T10:00', 'UTC')).toMatchObject({ ok: false });
    expect(instantFromWallTime('tomorrow', 'UTC')).toMatchObject({ ok: false });
  });

  it('shows a deadline as people read it, in the zone it belongs to', () => {
    expect(formatInZone(new Date('2026-06-10T00:00:00Z'), 'America/Los_Angeles')).toBe('Tuesday, June 9, 2026 at 5:00 PM PDT');
    expect(formatInZone(new Date('2026-06-10T00:00:00Z'), 'America/Chicago', false)).toBe('June 9, 2026 at 7:00 PM CDT');
  });
});
