import { isoInZone } from '../contract/time-zone';

/**
 * Times in the packet are shown in the campaign's own time zone (where the decision body sits),
 * with the zone's abbreviation or offset beside each, so a time read across a change to or from
 * daylight saving time is never ambiguous. A campaign that names no zone shows UTC.
 */

/** The zone a campaign's packet shows its times in. */
export const packetZone = (campaign: { time_zone?: string | null }): string => campaign.time_zone || 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    formatters.set(zone, f);
  }
  return f;
}

/** 'Mar 3, 2026, 10:05 AM CST' (US English, as every date Dais shows; SPEC.md section 9). */
export function formatTime(d: Date, zone: string): string {
  // ICU puts a narrow no-break space before AM/PM; a plain one copies and searches as people type it.
  return formatterFor(zone).format(d).replace(/\u202f/g, ' ');
}

/** '2026-03-03T10:05:12-06:00': ISO 8601 in the zone, for the CSV (a spreadsheet sorts it as text). */
export function isoAtZone(d: Date, zone: string): string {
  // Whole seconds: the CSV's cell is the same whatever precision a database keeps.
  return isoInZone(new Date(Math.floor(d.getTime() / 1000) * 1000), zone);
}

/** 'Mar 18, 2026' for a 'YYYY-MM-DD' calendar date (a meeting date has no time or zone). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, d)));
}
