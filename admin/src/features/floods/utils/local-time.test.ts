import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instantFromLocal, localFromInstant, offsetText } from './local-time';

/**
 * The helpers read the process's time zone as the browser's. Node reads TZ when a Date first needs
 * it and again when it changes, so each test sets the zone it means.
 */
const saved = process.env.TZ;
const inZone = (tz: string) => {
  process.env.TZ = tz;
};
beforeEach(() => inZone('UTC'));
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe('a datetime-local value as the instant it means where the admin is', () => {
  it('adds the offset of that place on that date', () => {
    inZone('America/Los_Angeles');
    expect(instantFromLocal('2026-03-01T17:00')).toBe('2026-03-01T17:00:00-08:00');
    expect(instantFromLocal('2026-07-01T17:00')).toBe('2026-07-01T17:00:00-07:00');
    inZone('Asia/Kolkata');
    expect(instantFromLocal('2026-07-01T09:05:30')).toBe('2026-07-01T09:05:30+05:30');
    inZone('UTC');
    expect(instantFromLocal('2026-07-01T09:05')).toBe('2026-07-01T09:05:00Z');
  });

  it('is the same moment as the input read where the admin is', () => {
    inZone('Europe/Berlin');
    const sent = instantFromLocal('2026-05-14T18:52');
    expect(sent).toBe('2026-05-14T18:52:00+02:00');
    expect(new Date(sent!).toISOString()).toBe('2026-05-14T16:52:00.000Z');
  });

  it('refuses an empty, unreadable or impossible value, and the hour skipped when clocks go forward', () => {
    expect(instantFromLocal('')).toBeNull();
    expect(instantFromLocal('yesterday')).toBeNull();
    expect(instantFromLocal('2026-02-30T10:00')).toBeNull();
    expect(instantFromLocal('2026-05-14T24:10')).toBeNull();
    inZone('America/New_York');
    expect(instantFromLocal('2026-03-08T02:30')).toBeNull();
  });
});

describe('an instant as a datetime-local value', () => {
  it('shows the wall time where the admin is, to the minute', () => {
    inZone('America/New_York');
    expect(localFromInstant(new Date('2026-05-14T16:52:00.000Z'), 'down')).toBe('2026-05-14T12:52');
    expect(localFromInstant(new Date('2026-05-14T16:52:00.000Z'), 'up')).toBe('2026-05-14T12:52');
  });

  it('rounds the start of a range down and its end up, so no second at either edge is lost', () => {
    const at = new Date('2026-05-14T23:59:30.250Z');
    expect(localFromInstant(at, 'down')).toBe('2026-05-14T23:59');
    expect(localFromInstant(at, 'up')).toBe('2026-05-15T00:00');
  });

  it('comes back as the same minute', () => {
    inZone('Australia/Adelaide');
    const value = localFromInstant(new Date('2026-01-10T03:15:00.000Z'), 'down');
    expect(new Date(instantFromLocal(value)!).toISOString()).toBe('2026-01-10T03:15:00.000Z');
  });
});

describe("times typed and shown in the screen's zone, whatever the browser's", () => {
  it("reads a wall time in the campaign's zone and shows an instant there, to the minute", () => {
    inZone('Asia/Tokyo');
    expect(instantFromLocal('2026-03-01T17:00', 'America/Chicago')).toBe('2026-03-01T17:00:00-06:00');
    // After the clocks went forward there: the summer offset.
    expect(instantFromLocal('2026-03-09T17:00', 'America/Chicago')).toBe('2026-03-09T17:00:00-05:00');
    // 2:30 on 8 March 2026 never happened in Chicago: refused, not moved.
    expect(instantFromLocal('2026-03-08T02:30', 'America/Chicago')).toBeNull();
    expect(instantFromLocal('', 'America/Chicago')).toBeNull();
    expect(localFromInstant(new Date('2026-03-01T23:00:30Z'), 'down', 'America/Chicago')).toBe('2026-03-01T17:00');
    expect(localFromInstant(new Date('2026-03-01T23:00:30Z'), 'up', 'America/Chicago')).toBe('2026-03-01T17:01');
    expect(offsetText(330)).toBe('+05:30');
  });
});
