/**
 * A small structured logger. Request logs carry method, path, status and duration only: never a
 * query string (it could hold a sign-in code), a body, an e-mail, a name or an address.
 */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

function serialise(fields?: Record<string, unknown>) {
  if (!fields) return '';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = v instanceof Error ? { message: v.message, stack: v.stack } : v;
  return ' ' + JSON.stringify(out);
}

export function createLogger(enabled = true): Logger {
  return {
    info: (msg, fields) => {
      if (enabled) process.stdout.write(`[dais] ${msg}${serialise(fields)}\n`);
    },
    // Errors are always written: an unhandled one means a bug to fix.
    error: (msg, fields) => process.stderr.write(`[dais] ERROR ${msg}${serialise(fields)}\n`),
  };
}
