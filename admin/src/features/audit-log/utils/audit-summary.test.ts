import { describe, expect, it } from 'vitest';
import { summaryInZone } from './audit-summary';

describe("an audit entry's summary on screen", () => {
  it("shows the instants written into it in the screen's zone, without seconds or milliseconds", () => {
    const stored = 'Quarantined 40 signatures and 0 letters of "Safe Streets" from network 203.0.113.0/24, 2026-05-14T16:52:30.123Z to 2026-05-14T17:53:00.000Z: a burst';
    expect(summaryInZone(stored, 'America/Chicago')).toBe(
      'Quarantined 40 signatures and 0 letters of "Safe Streets" from network 203.0.113.0/24, May 14, 2026, 11:52 AM to May 14, 2026, 12:53 PM: a burst',
    );
    expect(summaryInZone('Set deadline 2026-06-09T17:00:00-05:00', 'UTC')).toBe('Set deadline Jun 9, 2026, 10:00 PM');
  });

  it('leaves everything else as written, dates without a time and numbers included', () => {
    for (const text of ['Created campaign "2026-05-14 plan"', 'Removed admin@example.org (Editor)', 'Meeting 2026-05-14', '12:30 sharp']) {
      expect(summaryInZone(text, 'UTC')).toBe(text);
    }
  });
});
