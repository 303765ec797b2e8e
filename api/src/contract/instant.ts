import { z } from 'zod';

const FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?$/;
const WITH_OFFSET = /(?:Z|[+-]\d{2}:\d{2})$/;
const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;
const OFFSET = /([+-])(\d{2}):(\d{2})$/;

/**
 * The instants both databases store and compare, as UTC: the years 1000 to 9999. PostgreSQL's
 * timestamptz and date reach far wider but have no year 0 (ISO 8601's 0000 is 1 BC; PostgreSQL
 * refuses it, a 500 before this rule); SQLite keeps the text TypeORM writes and compares it as
 * text, which orders four-digit years only, and JavaScript's toISOString writes four digits only
 * up to 9999. Within 0001 to 9999 the floor is 1000: no deadline, packet window, quarantine or
 * meeting in Dais is older, and a three-digit year is a typo (202 for 2026) worth telling.
 */
export const STORABLE_YEARS = { first: 1000, last: 9999 } as const;
const FIRST_MS = Date.UTC(STORABLE_YEARS.first, 0, 1);
const LAST_MS = Date.UTC(STORABLE_YEARS.last, 11, 31, 23, 59, 59, 999);

export const rangeMessage = (label: string) =>
  `${label} must be between the years ${STORABLE_YEARS.first} and ${STORABLE_YEARS.last} (in UTC)`;

/** Whether an instant, in milliseconds since 1970, lies in STORABLE_YEARS. */
export const isStorableInstant = (ms: number) => ms >= FIRST_MS && ms <= LAST_MS;

/** Whether a YYYY-MM-DD day lies in STORABLE_YEARS. */
export const isStorableDay = (day: string) => {
  const year = Number(day.slice(0, 4));
  return /^\d{4}-/.test(day) && year >= STORABLE_YEARS.first && year <= STORABLE_YEARS.last;
};

/** Every field in range (no 2026-02-30T25:00) and an offset within UTC-14:00..+14:00. */
function isRealInstant(v: string): boolean {
  const [, y, mo, d, h, mi, s = '0'] = PARTS.exec(v) ?? [];
  const daysInMonth = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > daysInMonth) return false;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return false;
  const [, , oh = '0', om = '0'] = OFFSET.exec(v) ?? [];
  if (Number(oh) > 14 || Number(om) > 59) return false;
  return Number.isFinite(Date.parse(v));
}

/**
 * An instant as ISO 8601 text with its UTC offset ('2026-03-01T17:00:00-08:00', or 'Z' for UTC):
 * without the offset the same text names a different instant in every time zone, so it is
 * refused, not guessed. Seconds and their fraction are optional. A '+' typed into a web address
 * arrives as a space ('...17:00:00 05:30'), which can only have meant '+05:30', and is read so.
 * The text is kept as written: its offset tells how the person who wrote it reads the time.
 */
export function isoInstant(label: string) {
  const format = `${label} must be a date and time in ISO 8601 with its UTC offset, like 2026-03-01T17:00:00-08:00`;
  return z
    .string({ error: format })
    .trim()
    .transform((v) => v.toUpperCase().replace(/^(\S+T[\d:.]+) (\d{2}:\d{2})$/, '$1+$2'))
    .pipe(
      z
        .string()
        .regex(FORMAT, format)
        .regex(WITH_OFFSET, `${label} needs its UTC offset at the end (Z, or like -08:00), so it cannot be read in the wrong time zone`)
        .refine(isRealInstant, `${label} is not a real date and time: check the month, day, hour and offset`)
        .refine((v) => !isRealInstant(v) || isStorableInstant(Date.parse(v)), rangeMessage(label)),
    );
}
