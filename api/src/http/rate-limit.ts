import type { Context, Middleware, Next } from 'koa';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import type { Database } from '../db/data-source';
import { AppError } from './errors';
import type { Logger } from './logger';

export type RateBucket = 'sign' | 'generate' | 'submit' | 'login' | 'confirm' | 'remove';

/** Where the counters live: Redis or PostgreSQL are shared by every API process; memory is this process's. */
export type RateLimitStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; dataSource: DataSource }
  | { kind: 'redis'; url: string };

/** Redis when REDIS_URL is set; else the PostgreSQL database; memory on SQLite (one process by nature). */
export function rateLimitStoreFor(config: Config, db: Database): RateLimitStore {
  if (config.redisUrl) return { kind: 'redis', url: config.redisUrl };
  if (db.dialect === 'postgres') return { kind: 'postgres', dataSource: db.ds };
  return { kind: 'memory' };
}

export interface RateLimiter {
  (bucket: RateBucket): Middleware;
  /** Lets go of the store's connection (Redis); the PostgreSQL pool belongs to the database. */
  close(): Promise<void>;
}

/** rate-limiter-flexible's table on PostgreSQL, created by the RateLimitsTable migration. */
export const RATE_LIMIT_TABLE = 'rate_limits';
const WINDOW_SECONDS = 60;

/**
 * Per-IP fixed-window limits on the public write calls, counted by rate-limiter-flexible. The
 * default (RATE_LIMIT_PER_MINUTE=600) lets a whole school or office behind one address sign
 * together, while a script hammering the API is told to slow down. 0 turns limits off (benchmarks).
 *
 * With several API processes behind a balancer the counters must be shared, or each process
 * allows its own share: so they live in Redis (REDIS_URL) or in PostgreSQL, and in memory only on
 * SQLite (one process by nature). When the shared store fails, each process falls back to its own
 * memory counters and logs the failure once: a flood is still slowed per process, and supporters
 * are not refused because Redis blinked. (rate-limiter-flexible's insuranceLimiter does the same
 * fallback but silently; an operator needs to hear that the shared limit is not holding.)
 */
export function createRateLimiter(
  perMinute: number,
  options: { store?: RateLimitStore; logger?: Logger } = {},
): RateLimiter {
  const store = options.store ?? { kind: 'memory' };
  const counted = perMinute > 0 ? buildLimiter(perMinute, store, options.logger) : null;

  const limit = (bucket: RateBucket) => async (ctx: Context, next: Next) => {
    if (counted) {
      await counted.ready;
      const refusal = await counted.consume(`${bucket}:${ctx.ip}`);
      if (refusal instanceof RateLimiterRes) {
        const retryAfter = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw new AppError(
          'rate_limited',
          `Too many requests from your network. Please wait ${retryAfter} seconds and try again.`,
          { retryAfter },
        );
      }
    }
    await next();
  };
  return Object.assign(limit, { close: async () => counted?.close() });
}

interface Counted {
  /** Resolves to the refusal (a RateLimiterRes) when the key is over its limit, else null. */
  consume: (key: string) => Promise<RateLimiterRes | null>;
  /** Settles once the store is usable (Redis: connected, or known to be down). */
  ready: Promise<void>;
  close: () => Promise<void>;
}

function buildLimiter(points: number, store: RateLimitStore, logger?: Logger): Counted {
  const common = { points, duration: WINDOW_SECONDS, keyPrefix: 'dais' };
  const insurance = new RateLimiterMemory(common);
  // Once a key is over its limit, this process refuses it from memory until the window ends, so a
  // flood costs the shared store one write per process, not one per request.
  const shared = { ...common, inMemoryBlockOnConsumed: points + 1 };
  let storeDown = false;
  const storeFailed = (error: unknown) => {
    if (!storeDown) logger?.error('rate limit store failed; counting in this process only until it answers', { error });
    storeDown = true;
  };
  /** Counts in the store; a store failure (not a refusal) is counted by the insurance instead. */
  const consumeWith = (limiter: RateLimiterAbstract) => async (key: string) => {
    try {
      await limiter.consume(key);
      storeDown = false;
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection;
      storeFailed(rejection);
      return insurance.consume(key).then(
        () => null,
        (r: unknown) => (r instanceof RateLimiterRes ? r : null),
      );
    }
  };

  if (store.kind === 'redis') {
    // enableOfflineQueue off, as rate-limiter-flexible advises: while Redis is unreachable a
    // command fails at once (and the insurance counts) instead of waiting in a queue.
    const client = new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // ioredis reconnects by itself and reports each failed attempt here; storeFailed logs the first.
    client.on('error', storeFailed);
    const limiter = new RateLimiterRedis({ ...shared, storeClient: client });
    const ready = new Promise<void>((resolve) => {
      // Requests that arrive before the first connection are counted by the insurance.
      if (client.status === 'ready') resolve();
      client.once('ready', () => resolve());
      client.once('error', () => resolve());
    });
    return { consume: consumeWith(limiter), ready, close: () => client.quit().then(() => undefined, () => client.disconnect()) };
  }

  if (store.kind === 'postgres') {
    // The table comes from a migration (RateLimitsTable), so the library is told not to create it:
    // its own CREATE at start-up raced between processes, and one that failed left that process
    // counting in memory for good. TypeORM's own pg pool: no extra connections per process.
    const limiter = new RateLimiterPostgres({
      ...shared,
      storeClient: store.dataSource,
      storeType: 'typeorm',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
    });
    return { consume: consumeWith(limiter), ready: Promise.resolve(), close: async () => {} };
  }

  return { consume: consumeWith(insurance), ready: Promise.resolve(), close: async () => {} };
}
