/**
 * Redis for the tests that prove limits are shared through it: 127.0.0.1:6379, or TEST_REDIS_URL.
 * Outside CI an unreachable Redis skips those tests with a visible message; in CI it fails the run,
 * like PostgreSQL in harness.ts.
 */
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let reachable: Promise<boolean> | undefined;
export function redisAvailable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      return true;
    } catch {
      if (process.env.CI) throw new Error(`Redis at ${TEST_REDIS_URL} is unreachable; CI must run the Redis tests`);
      console.warn(`\n  !! Redis at ${TEST_REDIS_URL} is unreachable: the Redis half of the rate limit tests is SKIPPED.\n`);
      return false;
    } finally {
      client.disconnect();
    }
  })();
  return reachable;
}

/** Forgets the counters of these buckets, so a run within a minute of the last starts from zero. */
export async function clearRedisBuckets(buckets: string[]): Promise<void> {
  const client = new Redis(TEST_REDIS_URL);
  try {
    for (const bucket of buckets) {
      const keys = await client.keys(`dais:${bucket}:*`);
      if (keys.length) await client.del(...keys);
    }
  } finally {
    client.disconnect();
  }
}
