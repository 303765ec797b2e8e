import { z } from 'zod';
import { isStorableDay, rangeMessage } from './instant';

/**
 * Field builders shared by every schema. Text is trimmed; control characters (and the NUL byte,
 * which PostgreSQL cannot store) are refused with a message a person can act on, rather than
 * silently stripped, so what is stored is exactly what was shown. http/validate.ts checks every
 * string of a request again, so a field built without these builders is held to the same rule.
 */

// Unicode's control characters (Cc): C0, DEL and C1. Invisible, and NUL cannot be stored by PostgreSQL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Multi-line text (a letter, a description) keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether `value` holds a control character; `multiline` lets tab, line feed and carriage return through. */
export const hasControlCharacters = (value: string, multiline = false) => (multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);

export const controlMessage = (label: string) => `${label} contains invisible control characters; please remove them`;
const oneLineMessage = (label: string) => `${label} must be one line: remove the line breaks and tabs`;

/**
 * The first string in a request's params, query or body (walked through its objects and lists) that
 * holds a control character, as the path to it ('letter_content', 'delivery_recipients.0'); null
 * when there is none. `multiline` as above: URLs are one line, bodies leave line breaks and tabs to
 * each field's own schema.
 */
export function findControlCharacter(input: unknown, multiline: boolean): string | null {
  if (typeof input === 'string') return hasControlCharacters(input, multiline) ? '' : null;
  if (input === null || typeof input !== 'object') return null;
  // for-in over the parsed JSON, not Object.entries: it runs on every signature (a quarter of the cost).
  const fields = input as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === 'string') {
      if (hasControlCharacters(value, multiline)) return key;
    } else if (value !== null && typeof value === 'object') {
      const found = findControlCharacter(value, multiline);
      if (found !== null) return found === '' ? key : `${key}.${found}`;
    }
  }
  return null;
}

// The same rules as patterns, so that /api/openapi.json states them (a refine would not show there).
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex
const NO_CONTROL_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** One-line text (the default) refuses every control; multi-line text keeps tabs and line breaks. */
export const withoutControls = (schema: z.ZodString, label: string, multiline?: boolean) =>
  multiline
    ? schema.regex(NO_CONTROL_BUT_LINE_BREAKS, controlMessage(label))
    : // One pattern, one pass over the text; the message says which kind of character it met.
      schema.regex(NO_CONTROL, {
        error: (iss) => (typeof iss.input === 'string' && !hasControlCharacters(iss.input, true) ? oneLineMessage(label) : controlMessage(label)),
      });

interface TextOptions {
  min?: number;
  max: number;
  minMessage?: string;
  multiline?: boolean;
}

/** A required text field, trimmed, with the spec's message when it is too short. */
export function text(label: string, o: TextOptions) {
  const min = o.min ?? 1;
  const required = o.minMessage ?? `${label} is required`;
  return withoutControls(
    z
      // A missing field gets the same message as an empty one (the spec's wording), not "must be text".
      .string({ error: (iss) => (iss.input === undefined ? required : `${label} must be text`) })
      .trim()
      .min(min, required)
      .max(o.max, `${label} must be at most ${o.max} characters`),
    label,
    o.multiline,
  );
}

/** An optional text field: absent, null and blank all mean "not given" and become null. */
export function optionalText(label: string, o: { max: number; multiline?: boolean }) {
  return withoutControls(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(o.max, `${label} must be at most ${o.max} characters`),
    label,
    o.multiline,
  )
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * Text that is not for people to read (a code, a cache-buster, a search): at most `max` characters,
 * one line, no control characters. Not trimmed: what was sent is what is compared.
 */
export const plainText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .regex(NO_CONTROL, controlMessage(label));

export function email(message = 'Please enter a valid email address') {
  return z
    .string({ error: message })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email({ error: message }));
}

export const hexColor = (label: string) =>
  z
    .string({ error: `${label} must be a colour like #047857` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #047857`)
    .transform((v) => v.toLowerCase());

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30), in the years both databases store (instant.ts). */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-05-14` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-05-14`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} must be a real calendar date`)
    .refine(isStorableDay, rangeMessage(label));

export const optionalIsoDate = (label: string) =>
  z
    .union([isoDate(label), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** A database id as it arrives in a JSON body. */
export const id = (label: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(2_147_483_647, `${label} is too large`);

/**
 * A whole number as it arrives in a URL: `digits` (a regex) decides what text is a number, so
 * '1e2', '-1', ' 5' and '../' are refused; then the number must lie in `min`..`max`. The parsed side
 * is an integer with that minimum and maximum, which is how /api/openapi.json describes the
 * parameter: one schema, so the document cannot accept a value the server refuses.
 */
export function urlInteger(o: { digits: RegExp; notANumber: string; min: number; max: number; tooSmall?: string; tooLarge: string }) {
  return z
    .string({ error: o.notANumber })
    .regex(o.digits, o.notANumber)
    .transform(Number)
    .pipe(z.number().int().min(o.min, o.tooSmall ?? o.notANumber).max(o.max, o.tooLarge));
}

/** A database id as it arrives in a URL path or query: digits only, so '1e99', '-1' and '../' are refused. */
export const pathId = (label: string) =>
  urlInteger({
    digits: /^[1-9]\d{0,9}$/,
    notANumber: `${label} must be a positive whole number`,
    min: 1,
    max: 2_147_483_647,
    tooLarge: `${label} is too large`,
  });

export const bool = (label: string) => z.boolean({ error: `${label} must be true or false` });
