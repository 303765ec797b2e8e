import { z } from 'zod';

/**
 * Field builders shared by every schema. Text is trimmed; control characters (and the NUL byte,
 * which PostgreSQL cannot store) are refused with a message a person can act on, rather than
 * silently stripped, so what is stored is exactly what was shown.
 */

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// Multi-line text keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const controlMessage = (label: string) => `${label} contains invisible control characters; please remove them`;

interface TextOptions {
  min?: number;
  max: number;
  minMessage?: string;
  multiline?: boolean;
}

/** A required text field, trimmed, with the spec's message when it is too short. */
export function text(label: string, o: TextOptions) {
  const forbidden = o.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  const min = o.min ?? 1;
  const required = o.minMessage ?? `${label} is required`;
  return z
    // A missing field gets the same message as an empty one (the spec's wording), not "must be text".
    .string({ error: (iss) => (iss.input === undefined ? required : `${label} must be text`) })
    .trim()
    .min(min, required)
    .max(o.max, `${label} must be at most ${o.max} characters`)
    .refine((v) => !forbidden.test(v), controlMessage(label));
}

/** An optional text field: absent, null and blank all mean "not given" and become null. */
export function optionalText(label: string, o: { max: number; multiline?: boolean }) {
  const forbidden = o.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(o.max, `${label} must be at most ${o.max} characters`)
    .refine((v) => !forbidden.test(v), controlMessage(label))
    .nullish()
    .transform((v) => (v ? v : null));
}

export function email(message = 'Please enter a valid email address') {
  return z
    .string({ error: message })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email({ error: message }));
}

export const hexColor = (label: string) =>
  z
    .string({ error: `${label} must be a colour like #059669` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #059669`)
    .transform((v) => v.toLowerCase());

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-05-14` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-05-14`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} must be a real calendar date`);

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
