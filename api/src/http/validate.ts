import type { Context, Middleware } from 'koa';
import { z, type ZodType } from 'zod';
import { controlMessage, findControlCharacter, pathId, type FieldIssue, type IssueProblem } from '../contract';
import { AppError } from './errors';

export interface RequestSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

type Out<S> = S extends ZodType ? z.output<S> : undefined;
export interface Parsed<S extends RequestSchemas> {
  params: Out<S['params']>;
  query: Out<S['query']>;
  body: Out<S['body']>;
}

/** The issue in a word (and its length), so the Spanish widget can say it in Spanish. */
function problemOf(i: z.core.$ZodIssue): { problem: IssueProblem; limit?: number } {
  if (i.code === 'invalid_type' && (i.input === undefined || i.input === null)) return { problem: 'required' };
  if (i.code === 'too_small' && i.origin === 'string') {
    return Number(i.minimum) <= 1 ? { problem: 'required' } : { problem: 'too_short', limit: Number(i.minimum) };
  }
  if (i.code === 'too_big' && i.origin === 'string') return { problem: 'too_long', limit: Number(i.maximum) };
  if (i.code === 'invalid_format') return { problem: 'format' };
  return { problem: 'other' };
}

/** Turns the first zod issue into a sentence a person can act on, and lists all of them. */
function toValidationError(error: z.ZodError): AppError {
  const issues = error.issues.map((i): FieldIssue => {
    const field = i.path.map(String).join('.');
    if (i.code === 'unrecognized_keys') {
      const keys = i.keys.join('", "');
      return { field: i.keys[0] ?? field, message: `Unknown field "${keys}": remove it and try again` };
    }
    if (i.code === 'invalid_type' && i.path.length === 0) {
      return { field: '', message: 'The request body must be a JSON object' };
    }
    // Only zod's own wording ("Invalid input: expected string, received undefined") is replaced;
    // a schema that names its missing-field message (the spec's texts) keeps it.
    if (i.code === 'invalid_type' && i.input === undefined && i.message.startsWith('Invalid input')) {
      return { field, message: `${field} is required`, problem: 'required' };
    }
    return { field, message: i.message, ...problemOf(i) };
  });
  const first = issues[0] ?? { field: '', message: 'The request is not valid' };
  return new AppError('validation_failed', first.message, { field: first.field || undefined, issues });
}

export function parseOrThrow<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  // zod 4 leaves issue.input out unless asked; toValidationError needs it to tell "missing" from
  // "wrong type". Asked on every parse, it made a signature about ten microseconds slower (measured
  // under load), so only a value already refused is parsed again with it.
  const worded = schema.safeParse(value, { reportInput: true });
  throw toValidationError(worded.success ? r.error : worded.error);
}

const JSON_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Every string of a request part, whatever its schema said: a control character is refused with a
 * 400 naming the field. The contract's text builders refuse them with the field's own label (and
 * decide where tab and line breaks are text); this catches a field that was declared as a bare
 * string, and is why no route can take a NUL byte to PostgreSQL. URLs are one line; in a body tab
 * and line breaks are left to the field's schema. Run after the schema accepted the part, so a
 * schema's own message comes first.
 */
function refuseControlCharacters(raw: unknown, multiline: boolean): void {
  const field = findControlCharacter(raw, multiline);
  if (field === null) return;
  const issue: FieldIssue = { field, message: controlMessage(field || 'The request'), problem: 'other' };
  throw new AppError('validation_failed', issue.message, { field: field || undefined, issues: [issue] });
}

function parsePart<T extends ZodType>(schema: T, raw: unknown, multiline: boolean): z.output<T> {
  const parsed = parseOrThrow(schema, raw);
  refuseControlCharacters(raw, multiline);
  return parsed;
}

/**
 * Parses params, query and body with zod at the edge and hands the handler a typed input; the
 * handler never sees unparsed data. Use inline in a route's chain: `validate(Schemas, handler)`.
 */
export function validate<S extends RequestSchemas>(
  schemas: S,
  handler: (ctx: Context, input: Parsed<S>) => Promise<void> | void,
): Middleware {
  return async (ctx) => {
    if (schemas.body && JSON_METHODS.has(ctx.method) && !ctx.is('application/json')) {
      throw new AppError('unsupported_media_type', 'Send the body as JSON (Content-Type: application/json)');
    }
    const input = {
      params: schemas.params ? parsePart(schemas.params, (ctx as Context & { params?: unknown }).params ?? {}, false) : undefined,
      query: schemas.query ? parsePart(schemas.query, ctx.query, false) : undefined,
      body: schemas.body ? parsePart(schemas.body, ctx.request.body, true) : undefined,
    } as Parsed<S>;
    await handler(ctx, input);
  };
}

/** `/:id` path parameters. */
export const idParams = (label = 'id') => z.object({ id: pathId(label) });
