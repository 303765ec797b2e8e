import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { mintLoginCode } from '../../src/auth/login-codes';
import { OPERATIONS, type Operation } from '../../src/routes/openapi/operations';
import { png } from '../test-images';
import { describeEachDatabase, type TestServer } from '../harness';
import { storedStateChecksum } from './db-checksum';
import { prepareTargets } from './bad-input';
import { validBodies, type Targets } from './malformed';
import { rawRequest } from './raw-http';

/**
 * Who may call what, enumerated from the OpenAPI registry: a new admin route without a guard, a
 * new rate-limited route without a limit, or a new admin write open to other origins fails here.
 */

const ADMIN_OPS = OPERATIONS.filter((op) => op.access === 'admin');
const SIGNED_IN_OPS = OPERATIONS.filter((op) => op.access === 'signed-in');
const WRITES = OPERATIONS.filter((op) => op.method !== 'GET' && op.origin === 'same');
const RATE_LIMITED = OPERATIONS.filter((op) => op.rateLimited);
/** Everything a browser must not be tricked into from another site: admin routes and session writes. */
const GUARDED_OPS = OPERATIONS.filter((op) => op.access === 'admin' || (op.method !== 'GET' && op.origin === 'same'));
const label = (op: Operation) => `${op.method} ${op.path}`;

/** The operation's path with real ids, and a valid body: only the guard under test can refuse it. */
function requestFor(op: Operation, t: Targets) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'key') return t.settingKey;
    if (op.path.startsWith('/api/admin/letters')) return String(t.letterId);
    if (op.path.startsWith('/api/admin/message-points')) return String(t.messagePointId);
    return String(t.campaignId);
  });
  const body = op.body && op.body !== 'LogoUploadForm' ? validBodies(t)[op.body] : op.multipart ? {} : undefined;
  return { path, body };
}

/**
 * Other spellings of an /api path that a lenient router, a prefix check or a proxy might each read
 * differently: letter case, percent-encoded letters, doubled and trailing slashes, dot segments.
 * Sent byte for byte (fetch would normalise the dot segments away).
 */
function pathVariants(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const [first = '', ...others] = rest.split('/');
  const tail = others.length > 0 ? `/${others.join('/')}` : '';
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return [
    `/API/${rest}`,
    `/Api/${rest}`,
    path.toUpperCase(),
    `/api/${first.toUpperCase()}${tail}`,
    `/%61pi/${rest}`,
    `/%41PI/${rest}`,
    `/api/${encodedFirst}${tail}`,
    `/api%2F${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `${path}/`,
    `/api/${first}/../${rest}`,
    `/api/./${rest}`,
    `/./api/${rest}`,
  ];
}

const BOUNDARY = 'dais-access-boundary';
/** A real logo upload, so that only the path or the origin can be what refuses it. */
const logoUpload = () =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    png(),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** Signs in the way the admin console does: POST /api/sessions with a one-time code and its browser binding. */
async function signInReply(t: TestServer) {
  const user = await t.db.ds.getRepository(t.db.entities.User).save({
    email: `cookie${crypto.randomUUID()}@example.org`,
    google_sub: crypto.randomUUID(),
    name: 'Cookie Test',
    picture: null,
  });
  const code = await t.db.transaction((m) => mintLoginCode(m, t.db, user.id));
  // The binding cookie the OAuth callback would have set: an HMAC of the code (auth/login-codes.ts).
  const binding = crypto.createHmac('sha256', t.config.sessionSecret).update(code).digest('base64url');
  // Sent to PUBLIC_URL's host, as a browser there (behind a proxy that passes Host on) sends it.
  const res = await t.api('POST', '/api/sessions', { body: { code }, cookie: `dais_login=${binding}`, headers: { host: new URL(t.config.publicUrl).host } });
  expect(res.status, res.text).toBe(200);
  return res;
}

const sessionCookie = (setCookies: string[]) => {
  const line = setCookies.find((c) => c.startsWith('dais_session='));
  expect(line, `Set-Cookie: ${setCookies.join(' | ')}`).toBeDefined();
  return line!.split(';').map((p) => p.trim().toLowerCase());
};

describeEachDatabase('access: every admin route is guarded', (t) => {
  it('answers 401 to a signed-out caller and 403 to a signed-in non-admin, on every admin route and method', async () => {
    const admin = await t.adminCookie();
    const targets = await prepareTargets(t, admin);
    const user = await t.userCookie();
    const before = await storedStateChecksum(t.db, t.config.uploadDir);
    expect(ADMIN_OPS.length).toBeGreaterThan(15);
    for (const op of ADMIN_OPS) {
      const { path, body } = requestFor(op, targets);
      const out = await t.api(op.method, path, { body });
      expect([out.status, out.body.code, out.body.success], `${label(op)} signed out`).toEqual([401, 'unauthenticated', false]);
      expect(out.body.error).toBe('Please sign in to continue');
      const asUser = await t.api(op.method, path, { body, cookie: user });
      expect([asUser.status, asUser.body.code], `${label(op)} as a non-admin`).toEqual([403, 'forbidden']);
      const forged = await t.api(op.method, path, { body, cookie: 'dais_session=forged-token' });
      expect(forged.status, `${label(op)} with a made-up session`).toBe(401);
    }
    expect(await storedStateChecksum(t.db, t.config.uploadDir)).toBe(before);
  });

  it('refuses a deactivated admin and an expired session on every admin route', async () => {
    const admin = await t.adminCookie();
    const targets = await prepareTargets(t, admin);
    const former = await t.adminCookie('former.admin@example.org');
    await t.db.ds.getRepository(t.db.entities.AdminUser).update({ email: 'former.admin@example.org' }, { is_active: false });
    const expired = await t.adminCookie('expired.admin@example.org');
    const token = expired.split('=')[1]!;
    await t.db.ds
      .getRepository(t.db.entities.Session)
      .update({ token_hash: crypto.createHash('sha256').update(token).digest('hex') }, { expires_at: new Date(Date.now() - 1000) });
    for (const op of ADMIN_OPS) {
      const { path, body } = requestFor(op, targets);
      expect((await t.api(op.method, path, { body, cookie: former })).status, `${label(op)} deactivated`).toBe(403);
      expect((await t.api(op.method, path, { body, cookie: expired })).status, `${label(op)} expired`).toBe(401);
    }
  });

  // None today: GET /api/users/me, the one there was, answers a signed-out caller with null since
  // issue 22 (sessions.test.ts). A route added for any signed-in user is held to 401 here.
  it('answers 401 to a signed-out caller on routes for any signed-in user', async () => {
    for (const op of SIGNED_IN_OPS) {
      const res = await t.api(op.method, op.path);
      expect([res.status, res.body.code], label(op)).toEqual([401, 'unauthenticated']);
    }
  });

  it('refuses every admin and session write sent from another site, even with an admin session', async () => {
    const admin = await t.adminCookie();
    const targets = await prepareTargets(t, admin);
    const before = await storedStateChecksum(t.db, t.config.uploadDir);
    expect(WRITES.length).toBeGreaterThan(8);
    for (const op of WRITES) {
      const { path, body } = requestFor(op, targets);
      const crossSite: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: t.url, 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const res = await t.api(op.method, path, { body, cookie: admin, headers });
        expect([res.status, res.body.code], `${label(op)} ${JSON.stringify(headers)}`).toEqual([403, 'cross_origin_refused']);
      }
    }
    expect(await storedStateChecksum(t.db, t.config.uploadDir)).toBe(before);
    // The same write from the console's own origin goes through: the refusal above was the origin's doing.
    const own = await t.api('PUT', `/api/admin/campaigns/${targets.campaignId}`, {
      body: { title: 'Changed from our own origin' },
      cookie: admin,
      headers: { origin: t.url },
    });
    expect(own.status).toBe(200);
  });

  it('judges Origin by PUBLIC_URL alone: a Host or X-Forwarded-Host naming the attacker does not make it ours', async () => {
    const admin = await t.adminCookie();
    const targets = await prepareTargets(t, admin);
    const before = await storedStateChecksum(t.db, t.config.uploadDir);
    const spoofs: Record<string, string>[] = [
      { host: 'evil.example', origin: 'http://evil.example' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example' },
    ];
    for (const headers of spoofs) {
      const res = await rawRequest(t.url, {
        method: 'PUT',
        path: `/api/admin/campaigns/${targets.campaignId}`,
        headers: { ...headers, cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Changed from another site' }),
      });
      expect([res.status, (res.json as { code?: string } | undefined)?.code], JSON.stringify(headers)).toEqual([403, 'cross_origin_refused']);
    }
    expect(await storedStateChecksum(t.db, t.config.uploadDir)).toBe(before);
  });

  it('serves no other spelling of an admin or session route (case, encoding, slashes, dot segments): nothing changes, no data', async () => {
    const admin = await t.adminCookie();
    const targets = await prepareTargets(t, admin);
    const before = await storedStateChecksum(t.db, t.config.uploadDir);
    expect(GUARDED_OPS.length).toBeGreaterThanOrEqual(20);
    let sent = 0;
    for (const op of GUARDED_OPS) {
      const { path, body } = requestFor(op, targets);
      const payload = op.multipart
        ? { body: logoUpload(), type: `multipart/form-data; boundary=${BOUNDARY}` }
        : body === undefined
          ? undefined
          : { body: JSON.stringify(body), type: 'application/json' };
      for (const variant of pathVariants(path)) {
        // From another site, and from our own origin: neither may reach the route by another name.
        for (const origin of ['https://evil.example', t.url]) {
          const res = await rawRequest(t.url, {
            method: op.method,
            path: variant,
            headers: { origin, cookie: admin, ...(payload ? { 'content-type': payload.type } : {}) },
            ...(payload ? { body: payload.body } : {}),
          });
          sent++;
          const where = `${op.method} ${variant} from ${origin}: ${res.status} ${res.text.slice(0, 120)}`;
          expect(res.status, where).toBeGreaterThanOrEqual(400);
          expect(res.status, where).toBeLessThan(500);
          expect(typeof res.json === 'object' && res.json !== null && 'data' in res.json, where).toBe(false);
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(await storedStateChecksum(t.db, t.config.uploadDir)).toBe(before);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, Path=/ (not Secure over plain http)', async () => {
    const res = await signInReply(t);
    const parts = sessionCookie(res.headers.getSetCookie());
    expect(parts).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));
    expect(parts).not.toContain('secure');
    const logout = await t.api('GET', '/api/logout');
    expect(sessionCookie(logout.headers.getSetCookie())).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/', 'max-age=0']));
  });
});

describeEachDatabase(
  'access: cookies under an https PUBLIC_URL',
  (t) => {
    it('marks the session cookie Secure (with HttpOnly, SameSite=Strict, Path=/), and its removal too', async () => {
      const res = await signInReply(t);
      expect(sessionCookie(res.headers.getSetCookie())).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/', 'secure']));
      const logout = await t.api('GET', '/api/logout');
      expect(sessionCookie(logout.headers.getSetCookie())).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/', 'secure']));
    });
  },
  {
    env: {
      PUBLIC_URL: 'https://dais.example.org',
      // A public PUBLIC_URL refuses to start without a real sign-in and secret (config.ts).
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      SESSION_SECRET: 'a-test-secret-of-at-least-32-characters',
    },
  },
);

const LIMIT = 3;
describeEachDatabase(
  'access: rate limits',
  (t) => {
    it('answers 429 with Retry-After on every rate-limited route (sign, generate, submit, login, e-mail links) past the limit', async () => {
      const campaign = await t.campaign();
      expect(RATE_LIMITED.map((op) => op.path).sort()).toEqual(
        [
          '/api/campaigns/{campaign_id}/submit-letter',
          '/api/campaigns/{id}/generate-letter',
          '/api/campaigns/{id}/support',
          '/api/sessions',
          '/api/confirmations/{token}',
          '/api/removals/{token}',
        ].sort(),
      );
      for (const op of RATE_LIMITED) {
        const path = op.path.replace(/\{\w+\}/, String(campaign.id));
        // Empty bodies: refused by validation until the limit, so the limit is what changes the answer.
        for (let i = 0; i < LIMIT; i++) {
          expect((await t.api(op.method, path, { body: {} })).status, `${label(op)} request ${i + 1}`).toBe(400);
        }
        const limited = await t.api(op.method, path, { body: {} });
        expect([limited.status, limited.body.code], label(op)).toEqual([429, 'rate_limited']);
        expect(limited.body.error).toMatch(/^Too many requests from your network\. Please wait \d+ seconds and try again\.$/);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Reads are not limited.
      expect((await t.api('GET', `/api/campaigns/${campaign.id}`)).status).toBe(200);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } },
);

/**
 * Behind proxies the client writes the left of X-Forwarded-For and each proxy appends the address
 * it saw. Only the entry TRUST_PROXY hops from the right is the client as our nearest trusted proxy
 * saw it; anything the client wrote must not change its rate-limit key.
 */
for (const [trustProxy, hops] of [
  ['true', 1],
  ['1', 1],
  ['2', 2],
] as const) {
  describeEachDatabase(
    `access: the client address behind TRUST_PROXY=${trustProxy}`,
    (t) => {
      it('keys the rate limit by the address the proxies saw, whatever the client wrote to the left', async () => {
        const campaign = await t.campaign();
        const path = `/api/campaigns/${campaign.id}/support`;
        // What our proxies append: the client's real address, then (with two proxies) the outer proxy's.
        const appended = (client: string) => (hops === 1 ? client : `${client}, 10.0.0.2`);
        const sign = (forwardedFor: string) => t.api('POST', path, { body: {}, headers: { 'x-forwarded-for': forwardedFor } });
        for (let i = 0; i < LIMIT; i++) {
          const res = await sign(`198.51.100.${i}, 192.0.2.${i}, ${appended('203.0.113.7')}`);
          expect(res.status, `request ${i + 1}`).toBe(400);
        }
        // A fresh forged left-hand entry does not buy a fresh limit.
        const forged = await sign(`198.51.100.99, ${appended('203.0.113.7')}`);
        expect([forged.status, forged.body.code]).toEqual([429, 'rate_limited']);
        // Another real client behind the same proxies has its own limit.
        expect((await sign(`198.51.100.1, ${appended('203.0.113.8')}`)).status).toBe(400);
      });

      it('lets no forwarded Host or protocol make another site look like ours', async () => {
        const admin = await t.adminCookie();
        const campaign = await t.campaign();
        const before = await storedStateChecksum(t.db, t.config.uploadDir);
        const res = await t.api('PUT', `/api/admin/campaigns/${campaign.id}`, {
          body: { title: 'Changed through a forwarded host' },
          cookie: admin,
          headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        });
        expect([res.status, res.body.code]).toEqual([403, 'cross_origin_refused']);
        expect(await storedStateChecksum(t.db, t.config.uploadDir)).toBe(before);
      });
    },
    { env: { TRUST_PROXY: trustProxy, RATE_LIMIT_PER_MINUTE: String(LIMIT) } },
  );
}
