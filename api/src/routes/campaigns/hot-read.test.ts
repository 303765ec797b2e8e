/**
 * The hot campaign read is answered before Koa (hot-read.ts) when this process holds a fresh copy.
 * A request with an If-None-Match goes to the Koa route instead, so the same read can be asked both
 * ways and the two answers compared: a widget must not be able to tell which one served it.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer, type TestServer } from '../../../test/harness';
import { BROWSER_ACCEPT_ENCODING, decodedBody, rawRequest, type RawReply } from '../../../test/raw-http';

/** Through the Koa route: a conditional request that matches nothing is answered 200 there. */
const THROUGH_KOA = { 'if-none-match': 'W/"not-this-one"' };
const PER_REPLY = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

const comparable = (reply: RawReply) =>
  Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !PER_REPLY.has(name)).sort(([a], [b]) => a.localeCompare(b)));

async function bothWays(t: TestServer, path: string, headers: Record<string, string>) {
  const hot = await rawRequest(`${t.url}${path}`, { headers });
  const koa = await rawRequest(`${t.url}${path}`, { headers: { ...headers, ...THROUGH_KOA } });
  return { hot, koa };
}

function expectSameAnswer({ hot, koa }: { hot: RawReply; koa: RawReply }, label: string) {
  expect(hot.status, label).toBe(200);
  expect(koa.status, label).toBe(200);
  expect(comparable(hot), label).toEqual(comparable(koa));
  expect(hot.body.equals(koa.body), label).toBe(true);
  for (const reply of [hot, koa]) expect(reply.headers['x-request-id'], label).toMatch(/^[0-9a-f-]{36}$/);
  expect(hot.headers['x-request-id']).not.toBe(koa.headers['x-request-id']);
}

describeEachDatabase('the hot campaign read before Koa', (t) => {
  it('answers with the same headers and bytes as the route, in every encoding, query and origin', async () => {
    const c = await t.campaign({ title: 'Save the Riverside Library' });
    // The first read fills this process's copy (a miss goes through the route).
    expect((await t.api('GET', `/api/campaigns/${c.id}`)).status).toBe(200);
    for (const acceptEncoding of [BROWSER_ACCEPT_ENCODING, 'gzip', 'identity', '']) {
      for (const path of [`/api/campaigns/${c.id}`, `/api/campaigns/${c.id}?t=1732400000`]) {
        for (const origin of [undefined, 'https://host.example']) {
          const headers: Record<string, string> = {
            ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
            ...(origin ? { origin } : {}),
          };
          const label = `${path} ${acceptEncoding || '(no Accept-Encoding)'} ${origin ?? '(no Origin)'}`;
          const answers = await bothWays(t, path, headers);
          expectSameAnswer(answers, label);
          expect(JSON.parse(decodedBody(answers.hot).toString()).data.title, label).toBe('Save the Riverside Library');
        }
      }
    }
  });

  it('leaves what the route refuses to the route: bad ids, bad queries, other methods, unknown campaigns', async () => {
    const c = await t.campaign();
    await t.api('GET', `/api/campaigns/${c.id}`);
    const refused = [
      ['GET', `/api/campaigns/0`, 400],
      ['GET', `/api/campaigns/abc`, 400],
      ['GET', `/api/campaigns/${c.id}?t=${'9'.repeat(40)}`, 400],
      // A control character in the query, in the parameter or beside it, as validate() refuses it.
      ['GET', `/api/campaigns/${c.id}?t=17%0032`, 400],
      ['GET', `/api/campaigns/${c.id}?t=1&utm=a%00b`, 400],
      ['GET', `/api/campaigns/99999999`, 404],
      ['POST', `/api/campaigns/${c.id}`, 405],
    ] as const;
    for (const [method, path, status] of refused) {
      const res = await t.api(method, path);
      expect([method, path, res.status, res.body.success], `${method} ${path}`).toEqual([method, path, status, false]);
    }
    const head = await rawRequest(`${t.url}/api/campaigns/${c.id}`, { method: 'HEAD' });
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });
});

const https = useTestServer('sqlite', { env: { PUBLIC_URL: 'https://dais.example.org', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', SESSION_SECRET: 'x'.repeat(32) } });

it('carries HSTS both ways under an https PUBLIC_URL', async () => {
  const c = await https.campaign();
  await https.api('GET', `/api/campaigns/${c.id}`);
  const answers = await bothWays(https, `/api/campaigns/${c.id}`, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
  expectSameAnswer(answers, 'https');
  expect(answers.hot.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});
