import type { Context, Next } from 'koa';
import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '../contract';
import { forRequest, routeOf, type Logger } from './logger';

/** An error a client can act on. Everything else becomes a generic 500 and is logged. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { field?: string; issues?: FieldIssue[]; retryAfter?: number } = {},
  ) {
    super(message);
  }
  get status() {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const campaignNotFound = () =>
  new AppError('not_found', 'Campaign not found: it may have been removed or is no longer active');

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  code?: string;
  message?: string;
  name?: string;
  driverError?: { code?: string };
}

/** Database constraint errors that reach here are mapped onto the closed list, never shown raw. */
function fromDatabase(err: HttpishError): AppError | null {
  const code = err.driverError?.code ?? err.code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new AppError('conflict', 'That record already exists');
  }
  // SQLite reports a delete stopped by `ON DELETE RESTRICT` as a trigger constraint, as it does the
  // triggers that stand in for a foreign key it could not add in place (campaigns.boundary_set_id:
  // migrations/1795810000001-Districts.ts), where PostgreSQL says 23503 for all of them.
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === 'SQLITE_CONSTRAINT_TRIGGER') {
    return new AppError('conflict', 'That record is still referenced by others and cannot be changed this way');
  }
  return null;
}

/** Errors raised by the body parser (co-body / formidable) carry a status and a type. */
function fromBodyParser(err: HttpishError): AppError | null {
  const status = err.status ?? err.statusCode;
  if (err.type === 'entity.too.large' || status === 413) {
    return new AppError('payload_too_large', 'The request body is too large');
  }
  // co-body throws the JSON parser's own SyntaxError with status 400 and no type.
  if (err.type === 'entity.parse.failed' || (status === 400 && err.name === 'SyntaxError')) {
    return new AppError('malformed_json', 'The request body is not valid JSON');
  }
  // A body whose Content-Encoding is gzip, deflate or br but whose bytes are not: zlib's own error
  // (Z_DATA_ERROR...; brotli's decoder says ERR__ERROR_FORMAT_...), with no status, from inflating it.
  if (typeof err.code === 'string' && /^(Z_|ERR__ERROR_)[A-Z0-9_]+$/.test(err.code) && !status) {
    return new AppError('malformed_json', 'The request body could not be decompressed: send it uncompressed, or compressed as its Content-Encoding says');
  }
  if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported' || status === 415) {
    return new AppError('unsupported_media_type', 'Send the body as UTF-8 JSON (Content-Type: application/json)');
  }
  if (status && status >= 400 && status < 500 && err.expose) {
    return new AppError('validation_failed', err.message ?? 'The request could not be read');
  }
  return null;
}

export function sendError(ctx: Context, e: AppError) {
  ctx.status = e.status;
  if (e.extra.retryAfter) ctx.set('Retry-After', String(e.extra.retryAfter));
  ctx.body = {
    success: false,
    error: e.message,
    code: e.code,
    ...(e.extra.field ? { field: e.extra.field } : {}),
    ...(e.extra.issues ? { issues: e.extra.issues } : {}),
  };
}

/** The one place errors become replies: one wire shape, no stack traces, no database text. */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (raw) {
      const err = raw as HttpishError;
      const known = raw instanceof AppError ? raw : (fromBodyParser(err) ?? fromDatabase(err));
      if (known) return sendError(ctx, known);
      forRequest(logger, ctx).error('unhandled error', { method: ctx.method, route: routeOf(ctx), error: raw });
      sendError(ctx, new AppError('internal', 'Something went wrong on our side. Please try again in a moment.'));
    }
  };
}
