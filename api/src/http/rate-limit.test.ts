import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';
import { createLogger } from './logger';
import { createRateLimiter, type RateBucket } from './rate-limit';

/** A real server with a hand-driven clock, so a minute passes without waiting one. */
async function serve(perMinute: number) {
  const clock = { now: 1_000_000 };
  const limit = createRateLimiter(perMinute, () => clock.now);
  const router = new Router();
  for (const bucket of ['sign', 'submit'] as RateBucket[]) {
    router.post(`/${bucket}`, limit(bucket), (ctx) => {
      ctx.body = { success: true };
    });
  }
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(createLogger(false)));
  app.use(router.routes());
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (bucket: RateBucket) => {
    const res = await fetch(`${base}/${bucket}`, { method: 'POST' });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };
  return { clock, post };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('rate limit', () => {
  it('refuses past the limit with the seconds left in the window, then lets the next window through', async () => {
    const { clock, post } = await serve(2);
    expect((await post('sign')).status).toBe(200);
    clock.now += 15_000;
    expect((await post('sign')).status).toBe(200);
    const refused = await post('sign');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('45');
    expect(refused.body).toEqual({
      success: false,
      code: 'rate_limited',
      error: 'Too many requests from your network. Please wait 45 seconds and try again.',
    });
    clock.now += 45_000;
    expect((await post('sign')).status).toBe(200);
  });

  it('counts each bucket on its own', async () => {
    const { post } = await serve(1);
    expect((await post('sign')).status).toBe(200);
    expect((await post('sign')).status).toBe(429);
    expect((await post('submit')).status).toBe(200);
  });

  it('is off at 0', async () => {
    const { post } = await serve(0);
    for (let i = 0; i < 20; i++) expect((await post('sign')).status).toBe(200);
  });
});
