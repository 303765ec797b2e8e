/**
 * Times in the packet are shown at one UTC offset, named beside each time: the offset the
 * written-comment deadline was given with (the campaign's own), else the one `since` was given with
 * (the admin's), else UTC. A fixed offset can differ from the local wall clock across a change to
 * or from daylight saving time, but a time printed with its offset is never ambiguous.
 */

/** Minutes east of UTC that an ISO 8601 time was written with ('Z' is 0), or null for none. */
export function offsetMinutes(iso: string | null): number | null {
  const m = iso ? /(?:Z|([+-])(\d{2}):?(\d{2}))$/i.exec(iso) : null;
  if (!m) return null;
  if (!m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

export function displayOffset(scope: { lateAfter: string | null; since: string | null }): number {
  return offsetMinutes(scope.lateAfter) ?? offsetMinutes(scope.since) ?? 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'UTC', 'UTC-08:00', 'UTC+05:30'. */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The same instant's wall-clock fields at that offset, read through the UTC getters. */
const shifted = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

const US_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Mar 3, 2026, 4:05 PM UTC-08:00' (US English, as every date Dais shows; SPEC.md section 9). */
export function formatTime(d: Date, minutes: number): string {
  // ICU puts a narrow no-break space before AM/PM; a plain one copies and searches as people type it.
  return `${US_TIME.format(shifted(d, minutes)).replace(/\u202f/g, ' ')} ${offsetLabel(minutes)}`;
}

/** '2026-03-03T16:05:12-08:00': ISO 8601 at that offset, for the CSV (a spreadsheet sorts it as text). */
export function isoAtOffset(d: Date, minutes: number): string {
  const s = shifted(d, minutes);
  const date = `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())}`;
  const time = `${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}:${pad(s.getUTCSeconds())}`;
  const abs = Math.abs(minutes);
  return `${date}T${time}${minutes === 0 ? 'Z' : `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`}`;
}

/** 'Mar 18, 2026' for a 'YYYY-MM-DD' calendar date (a meeting date has no time or zone). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, d)));
}
