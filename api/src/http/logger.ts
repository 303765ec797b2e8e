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
      // Callers pass errors as `error`; pino's serializer keeps type, message and stack.
      serializers: { error: pino.stdSerializers.err, err: pino.stdSerializers.err },
      mixin: () => requestScope.getStore() ?? {},
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return {
    info: (msg, fields) => log.info(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
  };
}
