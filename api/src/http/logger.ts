import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type LevelWithSilent } from 'pino';

/**
 * Structured logs: one JSON object per line on stdout (pino), for a log collector to read.
 * Request logs carry method, path, status and duration only: never a query string (it could hold
 * a sign-in code), a body, an e-mail, a name or an address. Every line written while a request is
 * being answered carries that request's id (`reqId`, also sent back as `X-Request-Id`).
 */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LevelWithSilent[];
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Fields that would carry a supporter's or an admin's personal data if someone ever logged a
 * body or a row. Nothing logs them today; redaction is the second line of defence.
 */
const PERSONAL = ['email', 'name', 'street_address', 'address', 'city', 'zip_code', 'phone', 'body', 'query', 'cookie', 'authorization'];
const REDACT_PATHS = PERSONAL.flatMap((k) => [k, `*.${k}`]);

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

/** The id of the request being answered, for every log line written on its behalf. */
const requestScope = new AsyncLocalStorage<{ reqId: string }>();

export function withRequestId<T>(reqId: string, fn: () => T): T {
  return requestScope.run({ reqId }, fn);
}

export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Callers pass errors as `error`.
      serializers: { error: errorFields, err: errorFields },
      mixin: () => requestScope.getStore() ?? {},
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return {
    info: (msg, fields) => log.info(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
  };
}
