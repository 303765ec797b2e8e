import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import Router from '@koa/router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { availableDialects, freshDatabase } from '../../test/harness';
import { clearRedisBuckets, redisAvailable, TEST_REDIS_URL } from '../../test/redis';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import type { Database } from '../db/data-source';
import { errorHandler } from './errors';
import { createLogger, type Logger } from './logger';
import { createRateLimiter, rateLimitStoreFor, type RateBucket, type RateLimitStore } from './rate-limit';
import { freePort } from '../../test/reliability/server-process';

/** A real server with its own limiter: one per "API process" a test pretends to run. */
async function serve(perMinute: number, store?: RateLimitStore, logger: Logger = createLogger('silent')) {
  const limit = createRateLimiter(perMinute, { store, logger });
  const router = new Router();
  for (const bucket of ['sign', 'generate', 'submit', 'login'] as RateBucket[]) {
    router.post(`/${bucket}`, limit(bucket), (ctx) => {
      ctx.body = { success: true };
    });
  }
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(logger));
  app.use(router.routes());
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push({ server, close: limit.close });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (bucket: RateBucket) => {
    const res = await fetch(`${base}/${bucket}`, { method: 'POST' });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };
}

const servers: { server: http.Server; close: () => Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map(({ server, close }) => new Promise((r) => server.close(r)).then(close)));
});

const refusal = (seconds: number) => ({
  success: false,
  code: 'rate_limited',
  error: `Too many requests from your network. Please wait ${seconds} seconds and try again.`,
});

describe('rate limit (memory: SQLite, one process)', () => {
  it('refuses past the limit with the seconds left in the window, then lets the next window through', async () => {
    // Only Date is faked: the window is measured with Date.now, the sockets run on real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const post = await serve(2);
    expect((await post('sign')).status).toBe(200);
    vi.setSystemTime(Date.now() + 15_000);
    expect((await post('sign')).status).toBe(200);
    const refused = await post('sign');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('45');
    expect(refused.body).toEqual(refusal(45));
    vi.setSystemTime(Date.now() + 45_000);
    expect((await post('sign')).status).toBe(200);
  });

  it('counts each bucket on its own', async () => {
    const post = await serve(1);
    expect((await post('sign')).status).toBe(200);
    expect((await post('sign')).status).toBe(429);
    expect((await post('submit')).status).toBe(200);
  });

  it('is off at 0', async () => {
    const post = await serve(0);
    for (let i = 0; i < 20; i++) expect((await post('sign')).status).toBe(200);
  });
});

describe('where the limits are counted', () => {
  const sqlite = { dialect: 'sqlite', ds: {} } as unknown as Database;
  const postgres = { dialect: 'postgres', ds: {} } as unknown as Database;

  it('is Redis with REDIS_URL, else PostgreSQL on PostgreSQL, else memory', () => {
    expect(rateLimitStoreFor(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379' }), sqlite)).toEqual({ kind: 'redis', url: 'redis://10.0.0.5:6379' });
    expect(rateLimitStoreFor(loadConfig({}), postgres)).toEqual({ kind: 'postgres', dataSource: postgres.ds });
    expect(rateLimitStoreFor(loadConfig({ REDIS_URL: '' }), sqlite)).toEqual({ kind: 'memory' });
  });

  it('refuses a REDIS_URL that is not one, at start-up', () => {
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL must be a Redis URL like 'redis:\/\/127.0.0.1:6379'/);
  });

  it('falls back to counting in memory when Redis cannot be reached, and says so once', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // Nothing listens on this port.
    const post = await serve(2, { kind: 'redis', url: `redis://127.0.0.1:${await freePort()}` }, createLogger('info', sink));
    expect([(await post('sign')).status, (await post('sign')).status, (await post('sign')).status]).toEqual([200, 200, 429]);
    const failures = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string; error?: { message?: string } })
      .filter((l) => /store failed/.test(l.msg));
    expect(failures).toHaveLength(1);
    // An error, with the reason the operator has to fix.
    expect(failures[0]?.level).toBe(50);
    expect(failures[0]?.error?.message).toMatch(/ECONNREFUSED/);
  });
});

/** Two limiters on one shared store allow the limit in total, not each. */
async function holdsAcrossTwoLimiters(store: RateLimitStore) {
  const [a, b] = [await serve(3, store), await serve(3, store)];
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await (i % 2 ? b : a)('sign')).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const refused = await b('sign');
  expect(refused.status).toBe(429);
  const seconds = Number(refused.retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(refused.body).toEqual(refusal(seconds));
  // Buckets stay apart in the shared store too.
  expect((await a('submit')).status).toBe(200);
}

const dialects = await availableDialects();
describe.skipIf(!dialects.includes('postgres'))('rate limit (PostgreSQL: shared by every process)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    drop = fresh.drop;
    db = await openDatabase({ dialect: 'postgres', url: fresh.url });
  });
  afterAll(async () => {
    if (db.ds.isInitialized) await db.ds.destroy();
    await drop();
  });

  it('holds across two limiters on one database', async () => {
    await holdsAcrossTwoLimiters({ kind: 'postgres', dataSource: db.ds });
  });

  it('stops writing to the database for a key once it is over the limit (a flood costs one write, not one per request)', async () => {
    const post = await serve(2, { kind: 'postgres', dataSource: db.ds });
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await post('generate')).status);
    expect(statuses).toEqual([200, 200, ...Array(8).fill(429)]);
    const rows = await db.ds.query(`SELECT points FROM rate_limits WHERE key LIKE 'dais:generate:%'`);
    expect(rows).toEqual([{ points: 3 }]);
  });

  it('counts in the shared table once PostgreSQL answers, for a process that started while it could not', async () => {
    await db.ds.destroy();
    const post = await serve(3, { kind: 'postgres', dataSource: db.ds });
    expect((await post('login')).status).toBe(200);
    await db.ds.initialize();
    expect((await post('login')).status).toBe(200);
    // The second request reached the table other processes count in (the first was counted in memory).
    expect(await db.ds.query(`SELECT points FROM rate_limits WHERE key LIKE 'dais:login:%'`)).toEqual([{ points: 1 }]);
    await db.ds.query(`DELETE FROM rate_limits WHERE key LIKE 'dais:login:%'`);
  });

  it('falls back to counting in its own memory when the database fails, and says so once', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const post = await serve(2, { kind: 'postgres', dataSource: db.ds }, createLogger('info', sink));
    expect((await post('login')).status).toBe(200);
    await db.ds.destroy();
    expect((await post('login')).status).toBe(200);
    expect((await post('login')).status).toBe(200);
    expect((await post('login')).status).toBe(429);
    const failures = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => /store failed/.test(l.msg));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.level).toBe(50);
  });
});

describe.skipIf(!(await redisAvailable()))('rate limit (Redis: REDIS_URL, shared by every process)', () => {
  it('holds across two limiters on one Redis', async () => {
    await clearRedisBuckets(['sign', 'submit']);
    await holdsAcrossTwoLimiters({ kind: 'redis', url: TEST_REDIS_URL });
  });
});
