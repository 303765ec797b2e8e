/**
 * Rows read per query while streaming an export: large enough that a million rows take a thousand
 * short indexed reads, small enough that one batch (letters of a page each) stays a few megabytes.
 */
export const EXPORT_BATCH = 1000;

/** signatures-2026-11-21.csv, or signatures-campaign-7-2026-11-21.csv for one campaign's (UTC date). */
export function exportFileName(what: 'signatures' | 'letters', campaignId: number | undefined, now: Date = new Date()): string {
  return `${what}${campaignId === undefined ? '' : `-campaign-${campaignId}`}-${now.toISOString().slice(0, 10)}.csv`;
}
