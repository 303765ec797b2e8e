import { TZDate } from '@date-fns/tz';

/**
 * A campaign's time zone (an IANA name like America/Los_Angeles) and the instants shown in it.
 * Deadlines are stored as instants; people read and type them as wall-clock time where the
 * decision body sits, whatever zone their own computer is in. The zone rules come from the
 * platform's ICU data through Intl (Node and every browser carry it), and turning a wall-clock
 * time back into an instant across daylight-saving changes is @date-fns/tz's TZDate.
 */

/** The IANA name as the platform spells it ('america/new_york' -> 'America/New_York'), or null if unknown. */
export function canonicalTimeZone(name: string): string | null {
  // Intl accepts offsets like '+05:00' too; a campaign's zone must be a named place, whose offset
  // follows daylight-saving time.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone the platform knows, by the names canonicalTimeZone gives (UTC included). */
export function knownTimeZones(): [string, ...string[]] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The zone this code runs in (the admin's browser proposes its own for a new deadline). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * '2026-06-09T17:00:00-07:00': the instant as ISO 8601 with the zone's offset at that moment
 * (milliseconds only when there are any, so the same instant always reads back the same).
 */
export function isoInZone(instant: Date, timeZone: string): string {
  const d = new TZDate(instant.getTime(), timeZone);
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const ms = d.getMilliseconds() ? `.${pad(d.getMilliseconds(), 3)}` : '';
  return (
    `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${ms}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** 'YYYY-MM-DD': the calendar day of the instant in the zone (a letter's date line, in the campaign's zone). */
export function isoDateInZone(instant: Date, timeZone: string): string {
  return isoInZone(instant, timeZone).slice(0, 10);
}

/** 'YYYY-MM-DDTHH:MM', what <input type="datetime-local"> holds, of the instant in the zone. */
export function wallTimeInZone(instant: Date, timeZone: string): string {
  return isoInZone(instant, timeZone).slice(0, 16);
}

export type WallTimeResult = { ok: true; instant: Date; iso: string } | { ok: false; message: string };

/**
 * The instant a wall-clock time ('YYYY-MM-DDTHH:MM') names in the zone. A time that the clocks
 * skip when daylight-saving time starts does not exist and is refused (saying so); a time that
 * happens twice when it ends is read as the first of the two, and the offset in `iso` shows which.
 */
export function instantFromWallTime(wallTime: string, timeZone: string): WallTimeResult {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime);
  if (!m) return { ok: false, message: 'Enter a date and a time, like 2026-06-09 17:00' };
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const d = new TZDate(year, month - 1, day, hour, minute, 0, timeZone);
  if (Number.isNaN(d.getTime()) || d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) {
    return { ok: false, message: 'That date does not exist; check the day and month' };
  }
  if (d.getHours() !== hour || d.getMinutes() !== minute) {
    return { ok: false, message: `${pad(hour)}:${pad(minute)} does not exist on that day in ${timeZone} (the clocks skip it); choose another time` };
  }
  const instant = new Date(d.getTime());
  return { ok: true, instant, iso: isoInZone(instant, timeZone) };
}
