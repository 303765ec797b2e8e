/**
 * The admin types times into datetime-local inputs, which hold wall-clock time without a zone
 * ('2026-05-14T16:52'). These turn such a value into the instant it means in the screen's zone
 * (a campaign's) or, without one, where the admin is (with that place's UTC offset on that date),
 * and an instant back into such a value.
 */
import { instantFromWallTime, wallTimeInZone } from '@dais/api/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** '+05:30', '-08:00', 'Z'. */
export function offsetText(minutesEast: number): string {
  if (minutesEast === 0) return 'Z';
  const abs = Math.abs(minutesEast);
  return `${minutesEast < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * '2026-03-01T17:00' typed where the admin is -> '2026-03-01T17:00:00-08:00'. Null for an empty
 * or unreadable value, or a wall time that does not exist there (the hour skipped when clocks go
 * forward comes back as another hour, and is refused rather than moved).
 */
export function instantFromLocal(value: string, timeZone?: string): string | null {
  if (timeZone) {
    const wall = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::00)?$/.exec(value.trim());
    const at = wall ? instantFromWallTime(wall[1]!, timeZone) : null;
    return at?.ok ? at.iso : null;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const local = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(local.getTime())) return null;
  if (local.getFullYear() !== Number(y) || local.getMonth() !== Number(mo) - 1 || local.getDate() !== Number(d) || local.getHours() !== Number(h) || local.getMinutes() !== Number(mi)) {
    return null;
  }
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offsetText(-local.getTimezoneOffset())}`;
}

/**
 * An instant as a datetime-local value where the admin is, to the minute the input shows:
 * 'down' for the start of a range, 'up' for its end, so the range never loses the seconds at
 * either edge.
 */
export function localFromInstant(at: Date, round: 'down' | 'up', timeZone?: string): string {
  const minute = new Date(at.getTime());
  const cut = minute.getSeconds() !== 0 || minute.getMilliseconds() !== 0;
  minute.setSeconds(0, 0);
  if (round === 'up' && cut) minute.setMinutes(minute.getMinutes() + 1);
  if (timeZone) return wallTimeInZone(minute, timeZone);
  return `${minute.getFullYear()}-${pad(minute.getMonth() + 1)}-${pad(minute.getDate())}T${pad(minute.getHours())}:${pad(minute.getMinutes())}`;
}
