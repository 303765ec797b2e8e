/**
 * The header contract of every kind of API reply (public, session, admin, error), under a plain
 * http PUBLIC_URL and behind a TLS proxy with an https one; and the error list: what a database
 * constraint, an unexpected failure and a body that is not JSON become on the wire.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer, type ApiResponse, type TestServer } from './harness';

/** What every /api reply carries, whoever asked and however it ended. */
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-permitted-cross-domain-policies': 'none',
} as const;
const HSTS = 'max-age=31536000; includeSubDomains';

function expectApiHeaders(res: ApiResponse, label: string, hsts: boolean) {
  for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers.get(name), `${label}: ${name}`).toBe(value);
  expect(res.headers.get('strict-transport-security'), `${label}: strict-transport-security`).toBe(hsts ? HSTS : null);
}

interface Call {
  label: string;
  method: string;
  path: string;
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  cookie?: 'admin' | 'user';
  /** The error a person reads, where the call is an error. */
  error?: string;
}

const signer = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  street_address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
};

/** One call of each kind: public, session, admin, and every way a reply can be an error. */
async function everyKindOfReply(t: TestServer): Promise<Call[]> {
  const c = await t.campaign();
  const json = { 'content-type': 'application/json' };
  return [
    { label: 'public list', method: 'GET', path: '/api/campaigns', status: 200 },
    // The first read misses the process's copy and goes through Koa; the second is the hot read.
    { label: 'public read (Koa)', method: 'GET', path: `/api/campaigns/${c.id}`, status: 200 },
    { label: 'public read (hot)', method: 'GET', path: `/api/campaigns/${c.id}`, status: 200 },
    { label: 'public settings', method: 'GET', path: '/api/settings/widget', status: 200 },
    { label: 'public signature', method: 'POST', path: `/api/campaigns/${c.id}/support`, body: { ...signer, campaign_id: c.id }, status: 200 },
    { label: 'public preflight', method: 'OPTIONS', path: `/api/campaigns/${c.id}/support`, status: 204, headers: { origin: 'https://host.example' } },
    { label: 'openapi', method: 'GET', path: '/api/openapi.json', status: 200 },
    { label: 'health', method: 'GET', path: '/api/health', status: 200 },
    { label: 'session start', method: 'GET', path: '/api/oauth/google/redirect_url', status: 200 },
    { label: 'session user', method: 'GET', path: '/api/users/me', status: 200, cookie: 'user' },
    { label: 'session logout', method: 'GET', path: '/api/logout', status: 200 },
    { label: 'admin list', method: 'GET', path: '/api/admin/campaigns', status: 200, cookie: 'admin' },
    { label: 'admin write', method: 'PUT', path: '/api/admin/settings/widget_show_progress', body: { setting_value: 'true' }, status: 200, cookie: 'admin' },
    { label: 'admin export', method: 'GET', path: '/api/admin/supporters.csv', status: 200, cookie: 'admin' },
    { label: 'error 400 validation', method: 'POST', path: `/api/campaigns/${c.id}/support`, body: { ...signer, name: 'A' }, status: 400 },
    { label: 'error 400 malformed', method: 'POST', path: `/api/campaigns/${c.id}/support`, raw: '{"name": ', headers: json, status: 400 },
    { label: 'error 401', method: 'GET', path: '/api/admin/campaigns', status: 401 },
    { label: 'error 403', method: 'GET', path: '/api/admin/campaigns', status: 403, cookie: 'user' },
    { label: 'error 403 cross-origin', method: 'PUT', path: '/api/admin/settings/widget_show_progress', body: { setting_value: 'true' }, headers: { origin: 'https://evil.example' }, status: 403, cookie: 'admin' },
    { label: 'error 404 route', method: 'GET', path: '/api/no-such-thing', status: 404 },
    { label: 'error 404 /api', method: 'GET', path: '/api', status: 404 },
    { label: 'error 404 campaign', method: 'GET', path: '/api/campaigns/999999', status: 404, error: 'Campaign not found: it may have been removed or is no longer active' },
    { label: 'error 404 record', method: 'DELETE', path: '/api/admin/message-points/999999', status: 404, cookie: 'admin', error: 'Message point not found' },
    { label: 'error 405', method: 'DELETE', path: '/api/campaigns', status: 405 },
    { label: 'error 413', method: 'POST', path: `/api/campaigns/${c.id}/support`, raw: JSON.stringify({ ...signer, comment: 'x'.repeat(65 * 1024) }), headers: json, status: 413 },
    { label: 'error 415', method: 'PUT', path: '/api/admin/settings/widget_show_progress', raw: '{"setting_value":"true"}', headers: { 'content-type': 'text/plain' }, status: 415, cookie: 'admin' },
  ];
}

async function callAll(t: TestServer, calls: Call[]): Promise<[Call, ApiResponse][]> {
  const admin = await t.adminCookie();
  const user = await t.userCookie();
  const out: [Call, ApiResponse][] = [];
  for (const call of calls) {
    const cookie = call.cookie === 'admin' ? admin : call.cookie === 'user' ? user : undefined;
    const res = await t.api(call.method, call.path, { body: call.body, raw: call.raw, headers: call.headers, cookie });
    expect(res.status, `${call.label}: ${res.text.slice(0, 200)}`).toBe(call.status);
    if (call.error) expect(res.body, call.label).toMatchObject({ success: false, error: call.error });
    out.push([call, res]);
  }
  return out;
}

const logLines: string[] = [];

describeEachDatabase(
  'API reply headers and the error list',
  (t) => {
    it('gives every kind of API reply no-store, the API CSP and the security headers, and no HSTS over http', async () => {
      for (const [call, res] of await callAll(t, await everyKindOfReply(t))) expectApiHeaders(res, call.label, false);
    });

    it('leaves the headers of pages and scripts outside /api to them: no API CSP, no no-store', async () => {
      // The widget script: its own cache lifetime, no CSP (it runs on other sites' pages).
      const script = await t.api('GET', '/embed.js');
      expect(script.status).toBe(200);
      expect(script.headers.get('cache-control')).toBe('public, max-age=300');
      expect(script.headers.get('content-security-policy')).toBeNull();
      // A write to a page's address sets nothing of its own.
      const wrongMethod = await t.api('POST', '/admin');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('content-security-policy')).toBeNull();
      expect(wrongMethod.headers.get('cache-control')).toBeNull();
      // /apiary is not /api/: the HTML 404 page with the page CSP, not a JSON error.
      const lookalike = await t.api('GET', '/apiary');
      expect(lookalike.status).toBe(404);
      expect(lookalike.headers.get('content-type')).toMatch(/^text\/html/);
      expect(lookalike.headers.get('content-security-policy')).not.toBe(API_HEADERS['content-security-policy']);
      for (const res of [script, wrongMethod, lookalike]) {
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('x-permitted-cross-domain-policies')).toBe('none');
        expect(res.headers.get('strict-transport-security')).toBeNull();
      }
    });

    it("answers a widget's preflight from any origin, without credentials", async () => {
      const c = await t.campaign();
      const res = await t.api('OPTIONS', `/api/campaigns/${c.id}/support`, {
        headers: { origin: 'https://host.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('vary')).toBe('Origin');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
      expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type');
      expect(res.headers.get('access-control-max-age')).toBe('86400');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('refuses a session or admin write sent from another origin or site, and takes one from its own', async () => {
      const admin = await t.adminCookie();
      const user = await t.userCookie();
      const put = (headers: Record<string, string>, value: string) =>
        t.api('PUT', '/api/admin/settings/letter_success_message', { cookie: admin, headers, body: { setting_value: value } });
      const stored = async () =>
        (await t.api('GET', '/api/admin/settings', { cookie: admin })).body.data.find(
          (s: { setting_key: string }) => s.setting_key === 'letter_success_message',
        ).setting_value;

      const refused: [string, Record<string, string>][] = [
        ['another origin', { origin: 'https://evil.example' }],
        ['another origin, same-origin claimed', { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }],
        ['the same host on another scheme', { origin: t.url.replace('http:', 'https:') }],
        ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }],
        ['a sibling subdomain (same-site)', { 'sec-fetch-site': 'same-site' }],
        ['our origin, but a cross-site fetch', { origin: t.url, 'sec-fetch-site': 'cross-site' }],
      ];
      for (const [label, headers] of refused) {
        const res = await put(headers, `Refused: ${label}`);
        expect(res.status, label).toBe(403);
        expect(res.body, label).toEqual({
          success: false,
          code: 'cross_origin_refused',
          error: 'This change must be made from the Dais admin console itself',
        });
      }
      // A session write (sign-out is a GET; the session POST is the write) is held to the same rule.
      const session = await t.api('POST', '/api/sessions', { body: { code: 'x' }, headers: { origin: 'https://evil.example' } });
      expect(session.status).toBe(403);
      expect(session.body.code).toBe('cross_origin_refused');
      expect(await stored()).not.toMatch(/^Refused/);

      const accepted: [string, Record<string, string>][] = [
        ['our origin', { origin: t.url }],
        ['same-origin fetch', { origin: t.url, 'sec-fetch-site': 'same-origin' }],
        ['typed by the user', { 'sec-fetch-site': 'none' }],
        ['no browser headers', {}],
      ];
      for (const [label, headers] of accepted) {
        const res = await put(headers, `Accepted: ${label}`);
        expect(res.status, label).toBe(200);
        expect(await stored()).toBe(`Accepted: ${label}`);
      }
      // Reads are not writes: another origin may not read the reply (no CORS), but is not refused.
      const read = await t.api('GET', '/api/users/me', { cookie: user, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(read.status).toBe(200);
    });

    it('is 415 for a PUT whose body is not JSON, and changes nothing', async () => {
      const admin = await t.adminCookie();
      const path = '/api/admin/settings/widget_show_progress';
      expect((await t.api('PUT', path, { cookie: admin, body: { setting_value: 'true' } })).status).toBe(200);
      const bodies: [string, RequestInitLike][] = [
        ['text/plain', { raw: '{"setting_value":"false"}', headers: { 'content-type': 'text/plain' } }],
        ['a form', { raw: 'setting_value=false', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
        ['no content type', { raw: '{"setting_value":"false"}', headers: {} }],
      ];
      for (const [label, o] of bodies) {
        const res = await t.api('PUT', path, { cookie: admin, ...o });
        expect(res.status, label).toBe(415);
        expect(res.body, label).toEqual({
          success: false,
          code: 'unsupported_media_type',
          error: 'Send the body as JSON (Content-Type: application/json)',
        });
      }
      // A Content-Encoding the server cannot undo is refused the same way, before any parsing.
      const compressed = await t.api('PUT', path, { cookie: admin, raw: '{"setting_value":"false"}', headers: { 'content-type': 'application/json', 'content-encoding': 'compress' } });
      expect(compressed.status).toBe(415);
      expect(compressed.body).toEqual({
        success: false,
        code: 'unsupported_media_type',
        error: 'Send the body as UTF-8 JSON (Content-Type: application/json)',
      });
      // Bytes that are not what their Content-Encoding says are the client's mistake: a 400, not a 500.
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const damaged = await t.api('PUT', path, { cookie: admin, raw: '{"setting_value":"false"}', headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
        expect(damaged.status, encoding).toBe(400);
        expect(damaged.body, encoding).toEqual({
          success: false,
          code: 'malformed_json',
          error: 'The request body could not be decompressed: send it uncompressed, or compressed as its Content-Encoding says',
        });
      }
      // JSON with its charset named is JSON.
      const named = await t.api('PUT', path, { cookie: admin, raw: '{"setting_value":"true"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
      expect(named.status).toBe(200);
      const widget = await t.api('GET', '/api/settings/widget');
      expect(widget.body.data.show_progress).toBe('true');
    });

    it('names every invalid field, the first one on top', async () => {
      const admin = await t.adminCookie();
      const res = await t.api('POST', '/api/admin/message-points', {
        cookie: admin,
        body: { category: '', talking_points: 'short', display_order: -1 },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 'validation_failed',
        error: 'Category is required',
        field: 'category',
        issues: [
          { field: 'category', message: 'Category is required', problem: 'required' },
          { field: 'talking_points', message: 'Talking points must be at least 10 characters', problem: 'too_short', limit: 10 },
          { field: 'display_order', message: 'Display order must be a whole number of 0 or more', problem: 'other' },
        ],
      });

      const unknown = await t.api('POST', '/api/admin/message-points', {
        cookie: admin,
        body: { category: 'Safety', talking_points: 'Protected bike lanes cut injuries by half.', colour: 'red', size: 3 },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        code: 'validation_failed',
        error: 'Unknown field "colour", "size": remove it and try again',
        field: 'colour',
      });

      // A body that is not an object names no field.
      const list = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: ['Safety'] });
      expect(list.status).toBe(400);
      expect(list.body).toEqual({
        success: false,
        code: 'validation_failed',
        error: 'The request body must be a JSON object',
        issues: [{ field: '', message: 'The request body must be a JSON object' }],
      });

      // A wrong type keeps the schema's wording: it is not "missing".
      const c = await t.campaign();
      const twice = await t.api('GET', `/api/campaigns/${c.id}?t=a&t=b`);
      expect(twice.status).toBe(400);
      expect(twice.body).toMatchObject({ code: 'validation_failed', field: 't' });
      expect(twice.body.error).toBe('t must be text');
    });

    it('is 409 when the database refuses a duplicate, with no database text', async () => {
      const admin = await t.adminCookie();
      // No route lets a duplicate reach the database today (each checks first or upserts); a unique
      // index added under it, as a migration might, stands in for the one a route forgets.
      await t.db.ds.query('CREATE UNIQUE INDEX "test_uq_point_category" ON "message_points" ("category")');
      try {
        const point = { category: 'Unique category', talking_points: 'Protected bike lanes cut injuries by half.' };
        expect((await t.api('POST', '/api/admin/message-points', { cookie: admin, body: point })).status).toBe(201);
        const again = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: point });
        expect(again.status).toBe(409);
        expect(again.body).toEqual({ success: false, code: 'conflict', error: 'That record already exists' });
        expectNoDatabaseText(again);
        expectApiHeaders(again, 'duplicate', false);
      } finally {
        await t.db.ds.query('DROP INDEX "test_uq_point_category"');
      }
    });

    it('is 409 when a new row takes an id the database already holds', async () => {
      const admin = await t.adminCookie();
      const point = { category: 'Taken id', talking_points: 'Protected bike lanes cut injuries by half.' };
      const first = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: point });
      expect(first.status).toBe(201);
      if (t.dialect === 'postgres') {
        // The classic after a restore: the id sequence lags behind the rows.
        await t.db.ds.query(`SELECT setval(pg_get_serial_sequence('message_points', 'id'), $1, false)`, [first.body.data.id]);
      } else {
        // SQLite never reuses an AUTOINCREMENT id; a side table keyed by the point's id, already
        // holding the next one, makes the insert collide on a primary key all the same.
        await t.db.ds.query('CREATE TABLE "test_point_log" ("point_id" INTEGER PRIMARY KEY)');
        await t.db.ds.query('INSERT INTO "test_point_log" VALUES (?)', [first.body.data.id + 1]);
        await t.db.ds.query(
          'CREATE TRIGGER "test_point_logged" AFTER INSERT ON "message_points" BEGIN INSERT INTO "test_point_log" VALUES (NEW.id); END',
        );
      }
      try {
        const res = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: point });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ success: false, code: 'conflict', error: 'That record already exists' });
        expectNoDatabaseText(res);
      } finally {
        if (t.dialect === 'postgres') {
          await t.db.ds.query(`SELECT setval(pg_get_serial_sequence('message_points', 'id'), (SELECT max(id) FROM message_points))`);
        } else {
          await t.db.ds.query('DROP TRIGGER "test_point_logged"');
          await t.db.ds.query('DROP TABLE "test_point_log"');
        }
      }
      // The ids are in step again: the next point is saved.
      expect((await t.api('POST', '/api/admin/message-points', { cookie: admin, body: point })).status).toBe(201);
    });

    it('is 409 when a row still referenced elsewhere is deleted, and keeps the row', async () => {
      const admin = await t.adminCookie();
      // A plain reference (NO ACTION) and ON DELETE RESTRICT, as the schema's campaigns are held:
      // SQLite reports the second as SQLITE_CONSTRAINT_TRIGGER, not as a foreign-key error.
      for (const rule of ['', ' ON DELETE RESTRICT']) {
        const created = await t.api('POST', '/api/admin/message-points', {
          cookie: admin,
          body: { category: 'Referenced', talking_points: 'Protected bike lanes cut injuries by half.' },
        });
        const id: number = created.body.data.id;
        await t.db.ds.query(`CREATE TABLE "test_point_refs" ("point_id" integer NOT NULL REFERENCES "message_points" ("id")${rule})`);
        try {
          await t.db.ds.query(`INSERT INTO "test_point_refs" VALUES (${id})`);
          const res = await t.api('DELETE', `/api/admin/message-points/${id}`, { cookie: admin });
          expect(res.status, rule).toBe(409);
          expect(res.body, rule).toEqual({
            success: false,
            code: 'conflict',
            error: 'That record is still referenced by others and cannot be changed this way',
          });
          expectNoDatabaseText(res);
          expect(await t.db.ds.getRepository(t.db.entities.MessagePoint).existsBy({ id })).toBe(true);
        } finally {
          await t.db.ds.query('DROP TABLE "test_point_refs"');
        }
      }
    });

    it('answers an unexpected failure with the generic 500, leaking nothing, and logs it for the operator', async () => {
      const admin = await t.adminCookie();
      logLines.length = 0;
      await t.db.ds.query('ALTER TABLE "message_points" RENAME TO "test_points_away"');
      let res: ApiResponse;
      try {
        res = await t.api('GET', '/api/admin/message-points', { cookie: admin });
      } finally {
        await t.db.ds.query('ALTER TABLE "test_points_away" RENAME TO "message_points"');
      }
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        success: false,
        code: 'internal',
        error: 'Something went wrong on our side. Please try again in a moment.',
      });
      expectNoDatabaseText(res);
      expectApiHeaders(res, '500', false);
      // The operator gets what the client does not: the request, and the database's own words.
      const logged = logLines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; route?: string; error?: { message?: string } });
      const line = logged.find((l) => l.msg === 'unhandled error');
      expect(line).toMatchObject({ route: '/api/admin/message-points', reqId: res.headers.get('x-request-id') });
      expect(line?.error?.message).toMatch(/message_points/);
      // The route works again once the table is back.
      expect((await t.api('GET', '/api/admin/message-points', { cookie: admin })).status).toBe(200);
    });
  },
  { logs: { write: (line: string) => void logLines.push(line) } },
);

type RequestInitLike = { raw: string; headers: Record<string, string> };

/** A reply must never show the database's words: table names, driver codes, SQL. */
function expectNoDatabaseText(res: ApiResponse) {
  expect(res.text).not.toMatch(/message_points|test_|SQLITE|constraint|duplicate|violat|relation|SELECT|INSERT|DELETE|stack/i);
}

// Headers do not depend on the database: one SQLite server is enough for the https and proxy cases.
describe('API reply headers behind a TLS proxy, PUBLIC_URL https', () => {
  const PUBLIC = 'https://dais.example.org';
  const t = useTestServer('sqlite', {
    env: {
      PUBLIC_URL: PUBLIC,
      TRUST_PROXY: '1',
      // A public PUBLIC_URL needs real credentials and a secret; none is used here.
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      SESSION_SECRET: 'a-test-session-secret-of-32-characters-or-more',
    },
  });
  // What the proxy adds: the request reaches Dais over plain http, for a Host that is not PUBLIC_URL's.
  const proxied = (more: Record<string, string> = {}) => ({
    // The browser's Host, passed on (sign-in answers PUBLIC_URL's Host only).
    host: 'dais.example.org',
    'x-forwarded-proto': 'https',
    'x-forwarded-for': '203.0.113.7',
    'x-forwarded-host': 'dais.example.org',
    ...more,
  });

  it('gives every kind of API reply the same headers, HSTS included', async () => {
    const calls = (await everyKindOfReply(t)).map((c) => ({ ...c, headers: proxied(c.headers) }));
    // The cross-origin write stays refused: its Origin is not PUBLIC_URL's.
    for (const [call, res] of await callAll(t, calls)) expectApiHeaders(res, call.label, true);
  });

  it('sends HSTS on pages too, and holds writes to PUBLIC_URL as their origin, not the Host the proxy forwards', async () => {
    const page = await t.api('GET', '/apiary', { headers: proxied() });
    expect(page.headers.get('strict-transport-security')).toBe(HSTS);
    expect(page.headers.get('cache-control')).not.toBe('no-store');

    const admin = await t.adminCookie();
    const put = (origin: string, headers: Record<string, string> = {}) =>
      t.api('PUT', '/api/admin/settings/letter_success_message', {
        cookie: admin,
        headers: proxied({ origin, 'sec-fetch-site': 'same-origin', ...headers }),
        body: { setting_value: `From ${origin}` },
      });
    expect((await put(PUBLIC)).status).toBe(200);
    // The address the request really arrived at, and a Host the sender wrote, are not PUBLIC_URL.
    expect((await put(t.url)).status).toBe(403);
    expect((await put('https://evil.example', { 'x-forwarded-host': 'evil.example' })).status).toBe(403);
    expect((await put('http://dais.example.org')).status).toBe(403);
  });
});
