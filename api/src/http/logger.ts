import pino, { type DestinationStream, type LevelWithSilent } from 'pino';
import { stdoutLines, type LogDestination } from './log-destination';

/**
 * Structured logs: one JSON object per line on stdout (pino), for a log collector to read.
 * Request logs carry method, route, status and duration only: the route's pattern, never the path
 * (a confirmation or removal link carries its token there: routeOf), never a query string (it
 * could hold a sign-in code), a body, an e-mail, a name or an address. Every line written while a request is
 * being answered carries that request's id (`reqId`, also sent back as `X-Request-Id`): code that
 * logs for a request logs through `forRequest(logger, ctx)`.
 */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  /** Something an operator should fix, though nothing failed yet (mail held for want of SMTP_URL). */
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** The process is about to die of this. */
  fatal(msg: string, fields?: Record<string, unknown>): void;
  /** The same logger with these fields on every line. */
  child(fields: Record<string, unknown>): Logger;
  /** Writes the lines still waiting (log-destination.ts), synchronously: before a process exits without 'exit'. */
  flush(): void;
}

/**
 * Where a request went, as a log line may name it: the pattern of the route that answered it
 * (`/api/confirmations/:token`), never its path, which may carry a secret (the token of a
 * confirmation or removal link). A request no route answered is named by its path only when a file
 * or page answered it (2xx or 304: public names); anything else a client sent, a mistyped link
 * with most of a token in it included, is `(no route)`.
 */
export function routeOf(ctx: { path: string; status: number }): string {
  const matched: unknown = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  return (ctx.status >= 200 && ctx.status < 300) || ctx.status === 304 ? ctx.path : '(no route)';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LevelWithSilent[];
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Fields that would carry a supporter's or an admin's personal data if someone ever logged a
 * body or a row. Nothing logs them today; redaction is the second line of defence.
 */
const PERSONAL = new Set(['email', 'name', 'street_address', 'address', 'city', 'zip_code', 'phone', 'body', 'query', 'cookie', 'authorization']);
const CENSOR = '[redacted]';

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The fields of a line with every personal field censored, at the top level and one level down
 * (`email`, `user.email`); the same object when there is none, as on every request line. By hand
 * rather than pino's `redact`, which cost about 12 µs a line, a third of the hot read. Errors
 * are left to their serializer, which keeps their type, message, code and stack only.
 */
function censored(fields: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    let replaced: unknown = value;
    if (PERSONAL.has(key)) replaced = CENSOR;
    else if (isPlain(value)) {
      for (const inner in value) {
        if (PERSONAL.has(inner)) {
          replaced = { ...value };
          for (const k in value) if (PERSONAL.has(k)) (replaced as Record<string, unknown>)[k] = CENSOR;
          break;
        }
      }
    }
    if (replaced !== value) (out ??= { ...fields })[key] = replaced;
  }
  return out ?? fields;
}

/**
 * An error as logged: its type, message, code and stack only. A database error also carries the
 * statement's parameters and the driver's detail ("Key (email)=(...) already exists"): a
 * supporter's data, so those never reach a log.
 */
function errorFields(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const { type, message, stack } = pino.stdSerializers.err(value);
  const code = (value as { code?: unknown }).code;
  return { type, message, stack, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}) };
}

/**
 * The logger for lines written while answering this request: they carry its id (set by app.ts's
 * requestLog in ctx.state). Passed explicitly rather than through AsyncLocalStorage, whose promise
 * hooks on Node 20 tax every promise of every request, logged or not (about 15 µs a signature).
 */
export function forRequest(logger: Logger, ctx: { state: object }): Logger {
  const reqId: unknown = (ctx.state as { reqId?: unknown }).reqId;
  return typeof reqId === 'string' ? logger.child({ reqId }) : logger;
}

export function createLogger(level: LogLevel = 'info', destination?: DestinationStream | LogDestination): Logger {
  const dest = destination ?? stdoutLines();
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: censored },
      // Callers pass errors as `error`.
      serializers: { error: errorFields, err: errorFields },
    },
    dest,
  );
  return wrap(log, () => (dest as Partial<LogDestination>).flushSync?.());
}

function wrap(log: pino.Logger, flush: () => void): Logger {
  return {
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
    fatal: (msg, fields) => log.fatal(fields ?? {}, msg),
    // pino's formatters leave a child's fields alone: censored here.
    child: (fields) => wrap(log.child(censored(fields)), flush),
    flush,
  };
}
