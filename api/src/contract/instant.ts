import { z } from 'zod';

const FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?$/;
const WITH_OFFSET = /(?:Z|[+-]\d{2}:\d{2})$/;
const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;
const OFFSET = /([+-])(\d{2}):(\d{2})$/;

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
        .refine(isRealInstant, `${label} is not a real date and time: check the month, day, hour and offset`),
    );
}
