import { formatDateTime } from '../../../lib/format';

/** An instant as the server writes it into a summary: '2026-05-14T16:52:30.000Z' (or with an offset). */
const INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})/g;

/**
 * A summary as the screen shows it: the instants the server wrote into it in ISO 8601, down to the
 * millisecond ('Quarantined ... 2026-05-14T16:52:30.000Z to ...'), read in the screen's zone like
 * every other time on it ('May 14, 2026, 11:52 AM'). The entry itself is stored as written.
 */
export function summaryInZone(summary: string, timeZone: string): string {
  return summary.replace(INSTANT, (iso) => formatDateTime(iso, timeZone));
}
