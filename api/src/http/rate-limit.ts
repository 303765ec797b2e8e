import type { Context, Next } from 'koa';
import { AppError } from './errors';

export type RateBucket = 'sign' | 'generate' | 'submit' | 'login';

/**
 * Per-IP fixed-window limits on the public write calls. The default (RATE_LIMIT_PER_MINUTE=600)
 * lets a whole school or office behind one address sign together, while a script hammering the
 * API is told to slow down. 0 turns limits off (benchmarks). Counters live in this process: with
 * several API processes behind a balancer each enforces its own share.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();

  return (bucket: RateBucket) =>
    async (ctx: Context, next: Next) => {
      if (perMinute > 0) {
        const t = now();
        if (t - windowStart >= 60_000) {
          windowStart = t;
          counts = new Map();
        }
        const key = `${bucket}:${ctx.ip}`;
        const used = (counts.get(key) ?? 0) + 1;
        counts.set(key, used);
        if (used > perMinute) {
          const retryAfter = Math.max(1, Math.ceil((windowStart + 60_000 - t) / 1000));
          throw new AppError(
            'rate_limited',
            `Too many requests from your network. Please wait ${retryAfter} seconds and try again.`,
            { retryAfter },
          );
        }
      }
      await next();
    };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
