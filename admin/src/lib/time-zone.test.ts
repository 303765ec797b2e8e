import { describe, expect, it } from 'vitest';
import { campaignZone, zoneName, zoneNoteText } from './time-zone';

describe("a screen's time zone, named", () => {
  it("names the zone with its abbreviation or offset at that moment, and whose it is", () => {
    expect(zoneName('America/Chicago', new Date('2026-01-15T12:00:00Z'))).toBe('America/Chicago (CST)');
    expect(zoneName('America/Chicago', new Date('2026-07-15T12:00:00Z'))).toBe('America/Chicago (CDT)');
    expect(zoneName('Asia/Kathmandu', new Date('2026-07-15T12:00:00Z'))).toBe('Asia/Kathmandu (GMT+5:45)');
    expect(zoneName('UTC')).toBe('UTC');
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(zoneNoteText({ timeZone: 'America/Chicago', kind: 'campaign' }, winter)).toBe("Times in America/Chicago (CST), the campaign's time zone.");
    expect(zoneNoteText({ timeZone: 'Europe/Berlin', kind: 'browser' }, winter)).toBe("Times in Europe/Berlin (GMT+1), this browser's time zone.");
  });

  it("takes a campaign's zone, or the browser's while the campaign has none", () => {
    expect(campaignZone({ time_zone: 'America/Denver' })).toEqual({ timeZone: 'America/Denver', kind: 'campaign' });
    expect(campaignZone({ time_zone: null }).kind).toBe('browser');
  });
});
