/**
 * Dates in US English (SPEC.md section 9): 'May 14, 2026'; letters add hour and minute:
 * 'May 14, 2026, 3:07 PM'. Shown in the reader's own time zone unless one is given (tests).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withTime}|${timeZone ?? ''}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormats.set(key, f);
  }
  return f;
}

/** The API sends ISO 8601 timestamps; a bare 'YYYY-MM-DD' is a calendar day, not UTC midnight. */
function parse(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'May 14, 2026'; an unreadable value is shown as it came rather than as 'Invalid Date'. */
export function formatDate(value: string | Date, timeZone?: string): string {
  const d = parse(value);
  return d ? formatter(false, timeZone).format(d) : String(value);
}

/** 'May 14, 2026, 3:07 PM' */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const d = parse(value);
  return d ? formatter(true, timeZone).format(d) : String(value);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** '3:07 PM': the time of day alone, for moments within the last hours. */
export function formatTime(value: string | Date, timeZone?: string): string {
  const d = parse(value);
  if (!d) return String(value);
  const key = timeZone ?? '';
  let f = timeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) });
    timeFormats.set(key, f);
  }
  return f.format(d);
}

/** 'May 14' for chart axes (a calendar day 'YYYY-MM-DD'). */
export function formatShortDay(isoDay: string): string {
  const d = parse(isoDay);
  return d ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(d) : isoDay;
}

const numbers = new Intl.NumberFormat('en-US');

/** 12,345 */
export function formatNumber(n: number): string {
  return numbers.format(n);
}
