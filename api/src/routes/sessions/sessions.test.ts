import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Browser } from '../../../test/browser';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { startOAuthServer, type MockIdentity, type OAuthServer } from '../../../test/oauth';
import { createApp } from '../../app';
import { sha256 } from '../../auth/sessions';
import type { Config } from '../../config';
import { openDatabase } from '../../db/open';
import { createLogger } from '../../http/logger';
import { writeSetting } from '../../services/settings';

const CODE_REFUSED = 'This sign-in link has expired or was already used. Please sign in again.';

let oauth: OAuthServer;
beforeAll(async () => {
  oauth = await startOAuthServer();
});
afterAll(async () => {
  await oauth?.stop();
});

let people = 0;
const person = (over: Partial<MockIdentity> = {}): MockIdentity => {
  people++;
  return {
    sub: `google-${people}-${Math.random().toString(36).slice(2)}`,
    email: `person${people}@example.org`,
    email_verified: true,
    name: `Person ${people}`,
    picture: `https://images.example.org/p${people}.png`,
    ...over,
  };
};

/**
 * Where a browser reaches the API: the address it listens on, and PUBLIC_URL, which names every
 * redirect. Behind a TLS proxy they differ; the browser's requests go to the listening address.
 */
interface Site {
  url: string;
  config: { publicUrl: string };
}
const reach = (site: Site, url: string) =>
  url.startsWith(`${site.config.publicUrl}/`) ? site.url + url.slice(site.config.publicUrl.length) : url;

/** The browser's way through the provider: Admin Login -> grant -> provider -> back to grant. */
async function throughProvider(site: Site, browser: Browser, identity?: MockIdentity) {
  if (identity) await oauth.setIdentity(identity);
  const start = JSON.parse((await browser.request(`${site.url}/api/oauth/google/redirect_url`)).text) as { redirectUrl: string };
  const toProvider = await browser.request(reach(site, start.redirectUrl));
  expect(toProvider.status).toBe(302);
  const back = await browser.request(toProvider.location!);
  expect(back.status).toBe(302);
  return { toProvider, callbackUrl: reach(site, back.location!) };
}

/** Follows grant's callback; returns where it sends the browser (/auth/callback?...). */
async function callback(browser: Browser, callbackUrl: string) {
  const done = await browser.request(callbackUrl);
  expect(done.status).toBe(302);
  return { hop: done, target: new URL(done.location!) };
}

async function signInCode(site: Site, identity: MockIdentity, browser = new Browser()) {
  const { callbackUrl } = await throughProvider(site, browser, identity);
  const { hop, target } = await callback(browser, callbackUrl);
  expect(target.pathname).toBe('/auth/callback');
  const code = target.searchParams.get('code');
  expect(code, `no code, error: ${target.searchParams.get('error')}`).toBeTruthy();
  return { code: code!, browser, hop };
}

async function signIn(site: Site, identity: MockIdentity) {
  const { code, browser } = await signInCode(site, identity);
  const res = await browser.request(`${site.url}/api/sessions`, { json: { code } });
  expect(res.status).toBe(200);
  return { browser, cookie: browser.cookieHeader(`${site.url}/api/users/me`), reply: JSON.parse(res.text), hop: res };
}

const userId = async (t: TestServer, sub: string) =>
  (await t.db.ds.getRepository(t.db.entities.User).findOneByOrFail({ google_sub: sub })).id;
const isAdmin = async (t: TestServer, sub: string) =>
  Boolean((await t.db.ds.getRepository(t.db.entities.AdminUser).findOneBy({ user_id: await userId(t, sub) }))?.is_active);

/** A Set-Cookie line: its value, and its attributes lower-cased and sorted (their order means nothing). */
function setCookie(lines: string[], name: string) {
  const line = lines.find((c) => c.startsWith(`${name}=`));
  expect(line, `no ${name} in Set-Cookie: ${lines.join(' | ')}`).toBeDefined();
  const [pair = '', ...attributes] = line!.split(';').map((p) => p.trim());
  return { value: pair.slice(name.length + 1), attributes: attributes.map((a) => a.toLowerCase()).sort() };
}

/** Runs fn with this process's clock, which the API server in it reads, stopped at `time` (ms). */
async function atTime<T>(time: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: time });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** The same install restarted with other settings: a second app on the same database. */
async function restarted(t: TestServer, change: Partial<Config>) {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: Config = { ...t.config, publicUrl: url, ...change };
  const db = await openDatabase(config.database);
  server.on('request', createApp({ config, db, logger: createLogger('error') }));
  return {
    url,
    config,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await db.ds.destroy();
    },
  };
}

describeEachDatabase(
  'sign-in with Google through grant (a real OAuth server process)',
  (t) => {
    it('gives the landing page grant’s connect route, at the top level and in data', async () => {
      const res = await t.api('GET', '/api/oauth/google/redirect_url');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        redirectUrl: `${t.url}/connect/google`,
        data: { redirectUrl: `${t.url}/connect/google` },
      });
    });

    it('sends the browser to the provider with a state bound to a Lax, httpOnly cookie', async () => {
      const browser = new Browser();
      const { toProvider } = await throughProvider(t, browser, person());
      const to = new URL(toProvider.location!);
      expect(`${to.origin}${to.pathname}`).toBe(`${oauth.url}/authorize`);
      expect(Object.fromEntries(to.searchParams)).toMatchObject({
        client_id: 'dais-test-client',
        response_type: 'code',
        redirect_uri: `${t.url}/connect/google/callback`,
        scope: 'openid email profile',
        prompt: 'select_account',
      });
      expect(to.searchParams.get('state')).toMatch(/^[0-9a-f]{40}$/);
      const stateCookie = toProvider.setCookies.find((c) => c.startsWith('dais_oauth='));
      expect(stateCookie).toMatch(/HttpOnly/);
      expect(stateCookie).toMatch(/SameSite=Lax/i);
      expect(stateCookie).toMatch(/Path=\/connect/);
      expect(stateCookie).not.toMatch(/Secure/); // plain http on loopback
      expect(toProvider.headers.get('cache-control')).toBe('no-store');
    });

    it('makes the first user an admin and signs them in with a one-time code', async () => {
      const alice = person({ name: 'Alice Admin' });
      const { code, browser } = await signInCode(t, alice);
      // Only the code's hash is stored.
      const stored = await t.db.ds.getRepository(t.db.entities.LoginCode).find();
      expect(stored.map((r) => r.code_hash)).toEqual([sha256(code)]);
      expect(browser.cookie('dais_oauth')).toBeUndefined(); // grant's state cookie is spent

      const res = await browser.request(`${t.url}/api/sessions`, { json: { code } });
      expect(res.status).toBe(200);
      const user = { email: alice.email, google_user_data: { name: 'Alice Admin', picture: alice.picture } };
      expect(JSON.parse(res.text)).toEqual({ success: true, data: user });
      const session = res.setCookies.find((c) => c.startsWith('dais_session='));
      expect(session).toMatch(/HttpOnly/);
      expect(session).toMatch(/SameSite=Strict/);

      const me = await t.api('GET', '/api/users/me', { cookie: browser.cookieHeader(`${t.url}/api/users/me`) });
      expect(me.status).toBe(200);
      expect(me.body).toEqual(user);
      expect(await isAdmin(t, alice.sub)).toBe(true);
    });

    it('lets a second user sign in without admin rights: the admin access check answers 403', async () => {
      const bob = person();
      const second = await signIn(t, bob);
      expect(second.reply.data.email).toBe(bob.email);
      expect(await isAdmin(t, bob.sub)).toBe(false);
      const denied = await t.api('GET', '/api/admin/dashboard', { cookie: second.cookie });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe("You don't have permission to access the admin panel");
      expect((await t.api('GET', '/api/users/me', { cookie: second.cookie })).status).toBe(200);
    });

    it('keeps one user per Google account and keeps their e-mail, name and picture current', async () => {
      const carol = person();
      await signIn(t, carol);
      const again = { ...carol, email: 'Carol.New@Example.org', name: 'Carol Renamed', picture: null };
      const { cookie } = await signIn(t, again);
      const me = await t.api('GET', '/api/users/me', { cookie });
      expect(me.body).toEqual({ email: 'carol.new@example.org', google_user_data: { name: 'Carol Renamed', picture: null } });
      expect(await t.db.ds.getRepository(t.db.entities.User).countBy({ google_sub: carol.sub })).toBe(1);
    });

    it('grants admin to ADMIN_EMAILS at every sign-in, whatever the case of the address', async () => {
      const boss = person({ email: 'BOSS@example.org' });
      const { cookie } = await signIn(t, boss);
      expect(await isAdmin(t, boss.sub)).toBe(true);
      expect((await t.api('GET', '/api/admin/dashboard', { cookie })).status).toBe(200);
      // Deactivated by another admin: ADMIN_EMAILS wins again at the next sign-in.
      await t.db.ds.getRepository(t.db.entities.AdminUser).update({ user_id: await userId(t, boss.sub) }, { is_active: false });
      await signIn(t, boss);
      expect(await isAdmin(t, boss.sub)).toBe(true);
    });

    it("makes nobody an admin automatically when 'Allow First User as Admin' is off", async () => {
      await t.db.ds.getRepository(t.db.entities.AdminUser).clear();
      await writeSetting(t.db, 'allow_first_user_admin', 'false', { email: 'organiser@example.org' });
      const dave = person();
      await signIn(t, dave);
      expect(await isAdmin(t, dave.sub)).toBe(false);
      expect(await t.db.ds.getRepository(t.db.entities.AdminUser).count()).toBe(0);

      await writeSetting(t.db, 'allow_first_user_admin', 'true', { email: 'organiser@example.org' });
      const erin = person();
      await signIn(t, erin);
      const row = await t.db.ds.getRepository(t.db.entities.AdminUser).findOneByOrFail({ user_id: await userId(t, erin.sub) });
      expect(row).toMatchObject({ email: erin.email, role: 'owner', is_active: true });
    });

    it('makes exactly one of three people signing in at the same moment the first admin', async () => {
      // A race does not lose every time; a few rounds make a missing lock show.
      for (let round = 0; round < 3; round++) {
        await t.db.ds.getRepository(t.db.entities.AdminUser).clear();
        const racers = [person(), person(), person()];
        // Each chooses their account at the provider, then all come back together.
        const flows = [];
        for (const who of racers) {
          const browser = new Browser();
          flows.push({ browser, ...(await throughProvider(t, browser, who)) });
        }
        const done = await Promise.all(flows.map((f) => callback(f.browser, f.callbackUrl)));
        for (const d of done) expect(d.target.searchParams.get('code')).toBeTruthy();
        const admins = await Promise.all(racers.map((r) => isAdmin(t, r.sub)));
        expect(admins.filter(Boolean)).toHaveLength(1);
        expect(await t.db.ds.getRepository(t.db.entities.AdminUser).count()).toBe(1);
      }
    });

    it('accepts a code once: a second post and the loser of a race are told to sign in again', async () => {
      const { code, browser } = await signInCode(t, person());
      expect((await browser.request(`${t.url}/api/sessions`, { json: { code } })).status).toBe(200);
      const again = await t.api('POST', '/api/sessions', { body: { code } });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ success: false, error: CODE_REFUSED, code: 'validation_failed' });
      expect(again.headers.get('set-cookie')).toBeNull();

      const raced = await signInCode(t, person());
      const cookie = raced.browser.cookieHeader(`${t.url}/api/sessions`);
      const replies = await Promise.all([1, 2].map(() => t.api('POST', '/api/sessions', { body: { code: raced.code }, cookie })));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(replies.filter((r) => r.headers.get('set-cookie')?.includes('dais_session=') && r.status === 200)).toHaveLength(1);
    });

    it("refuses a code opened in another browser: nobody can sign a victim into the sender's account", async () => {
      // The attacker finishes a sign-in and sends the victim /auth/callback?code=<attacker's code>.
      const attacker = await signInCode(t, person());
      const victim = new Browser();
      const res = await victim.request(`${t.url}/api/sessions`, { json: { code: attacker.code } });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).error).toBe('This sign-in link was started in another browser. Please sign in again from this one.');
      expect(res.setCookies.some((c) => /^dais_session=[^;]/.test(c))).toBe(false);
      // ...and the code is spent: the attacker cannot keep it around as bait.
      expect((await attacker.browser.request(`${t.url}/api/sessions`, { json: { code: attacker.code } })).status).toBe(400);
    });

    it('refuses an expired, an unknown and a missing code with a message a person can act on', async () => {
      const { code } = await signInCode(t, person());
      await t.db.ds
        .getRepository(t.db.entities.LoginCode)
        .update({ code_hash: sha256(code) }, { expires_at: new Date(Date.now() - 1000) });
      const expired = await t.api('POST', '/api/sessions', { body: { code } });
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe(CODE_REFUSED);

      const unknown = await t.api('POST', '/api/sessions', { body: { code: 'not-a-real-code' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe(CODE_REFUSED);

      const missing = await t.api('POST', '/api/sessions', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatch(/code is required/);
    });

    it('sends the browser to /auth/callback?error= when the provider fails or refuses', async () => {
      const cases: [('authorize' | 'token' | 'userinfo'), string][] = [
        ['authorize', 'Sign-in was cancelled'],
        ['token', 'The sign-in provider did not complete the sign-in'],
        ['userinfo', 'The sign-in provider did not complete the sign-in'],
      ];
      for (const [at, message] of cases) {
        const who = person();
        const browser = new Browser();
        await oauth.failNext(at);
        const { callbackUrl } = await throughProvider(t, browser, who);
        const { target } = await callback(browser, callbackUrl);
        expect(target.pathname).toBe('/auth/callback');
        expect(target.searchParams.get('code')).toBeNull();
        expect(target.searchParams.get('error'), at).toBe(message);
        expect(await t.db.ds.getRepository(t.db.entities.User).countBy({ google_sub: who.sub })).toBe(0);
      }
    });

    it('refuses a tampered state and a callback without the state cookie', async () => {
      const browser = new Browser();
      const { callbackUrl } = await throughProvider(t, browser, person());
      const tampered = new URL(callbackUrl);
      tampered.searchParams.set('state', 'f'.repeat(40));
      const { target } = await callback(browser, tampered.toString());
      expect(target.searchParams.get('error')).toMatch(/could not be verified/);

      const other = await throughProvider(t, new Browser(), person());
      const { target: noCookie } = await callback(new Browser(), other.callbackUrl);
      expect(noCookie.searchParams.get('error')).toMatch(/could not be verified/);
      expect(noCookie.searchParams.get('code')).toBeNull();
    });

    it('refuses an unverified e-mail address and an account without one', async () => {
      for (const [who, message] of [
        [person({ email_verified: false }), 'Your account e-mail address is not verified'],
        [person({ email: undefined }), 'Your account did not share a valid e-mail address'],
      ] as const) {
        const browser = new Browser();
        const { callbackUrl } = await throughProvider(t, browser, who);
        const { target } = await callback(browser, callbackUrl);
        expect(target.searchParams.get('error')).toBe(message);
      }
    });

    it('keeps sessions in the database: a restarted app still knows the user', async () => {
      const frank = person();
      const { cookie } = await signIn(t, frank);
      const db2 = await openDatabase(t.config.database);
      const server = http.createServer(createApp({ config: t.config, db: db2, logger: createLogger('error') }));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/users/me`;
        const res = await fetch(url, { headers: { cookie } });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { email: string }).email).toBe(frank.email);
      } finally {
        await new Promise<void>((r) => server.close(() => r()));
        await db2.ds.destroy();
      }
    });

    it('logs out: the session row is gone, the cookie cleared, users/me says nobody', async () => {
      const { cookie } = await signIn(t, person());
      const before = await t.db.ds.getRepository(t.db.entities.Session).count();
      const out = await t.api('GET', '/api/logout', { cookie });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ success: true, data: null });
      expect(out.headers.get('set-cookie')).toMatch(/^dais_session=;.*Max-Age=0/);
      expect(await t.db.ds.getRepository(t.db.entities.Session).count()).toBe(before - 1);
      const me = await t.api('GET', '/api/users/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.body).toBeNull();

      const anonymous = await t.api('GET', '/api/logout');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ success: true, data: null });
    });

    // Issue 22, point 15: the landing page asks this of every visitor. A 401 was an error in every
    // anonymous visitor's console; "nobody" is an answer, not a failure: 200 with null (the spec
    // stores the whole reply as the user, so null is "no user").
    it('answers users/me without a session, or with one that is not valid, with 200 and null', async () => {
      for (const cookie of [undefined, 'dais_session=forged-token', 'dais_session=' + 'x'.repeat(200)]) {
        const res = await t.api('GET', '/api/users/me', { cookie });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.text).toBe('null');
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('trades two sign-ins in flight in reverse order: each browser gets its own account, never the other', async () => {
      const ann = person();
      const ben = person();
      const first = await signInCode(t, ann);
      const second = await signInCode(t, ben);
      // Ben's browser comes back first. Ann's code, minted before his, must still be there, and hers alone.
      for (const [who, flow] of [[ben, second], [ann, first]] as const) {
        const res = await flow.browser.request(`${t.url}/api/sessions`, { json: { code: flow.code } });
        expect(res.status, `${who.email}: ${res.text}`).toBe(200);
        expect(JSON.parse(res.text).data.email).toBe(who.email);
        const me = await flow.browser.request(`${t.url}/api/users/me`);
        expect(JSON.parse(me.text).email).toBe(who.email);
      }
    });

    it("refuses a code past its two minutes, and a code used twice, without spending another browser's code", async () => {
      const late = await signInCode(t, person());
      const waiting = person();
      const other = await signInCode(t, waiting);
      // `late` was minted more than two minutes ago.
      await t.db.ds
        .getRepository(t.db.entities.LoginCode)
        .update({ code_hash: sha256(late.code) }, { expires_at: new Date(Date.now() - 1000) });
      const refused = await late.browser.request(`${t.url}/api/sessions`, { json: { code: late.code } });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toMatchObject({ success: false, error: CODE_REFUSED, code: 'validation_failed' });
      expect(refused.setCookies.some((c) => c.startsWith('dais_session='))).toBe(false);

      const res = await other.browser.request(`${t.url}/api/sessions`, { json: { code: other.code } });
      expect(res.status, res.text).toBe(200);
      expect(JSON.parse(res.text).data.email).toBe(waiting.email);
      const twice = await other.browser.request(`${t.url}/api/sessions`, { json: { code: other.code } });
      expect(twice.status).toBe(400);
      expect(JSON.parse(twice.text).error).toBe(CODE_REFUSED);
    });

    it('keeps a code and its binding cookie two minutes and a session and its cookie fourteen days, then refuses them', async () => {
      const codes = t.db.ds.getRepository(t.db.entities.LoginCode);
      const codeEnds = async (code: string) => (await codes.findOneByOrFail({ code_hash: sha256(code) })).expires_at.getTime();
      const before = Date.now();
      const a = await signInCode(t, person());
      const b = await signInCode(t, person());
      const after = Date.now();
      // The callback binds the code to this browser for as long as the code lives: two minutes.
      const binding = setCookie(a.hop.setCookies, 'dais_login');
      expect(binding.value).toMatch(/^[\w-]{43}$/);
      expect(binding.attributes).toEqual(['httponly', 'max-age=120', 'path=/api/sessions', 'samesite=strict']);
      const [aEnds, bEnds] = [await codeEnds(a.code), await codeEnds(b.code)];
      expect(aEnds).toBeGreaterThanOrEqual(before + 120_000);
      expect(bEnds).toBeLessThanOrEqual(after + 120_000);

      // b comes back at the very end of its two minutes: too late.
      const tooLate = await atTime(bEnds, () => b.browser.request(`${t.url}/api/sessions`, { json: { code: b.code } }));
      expect(tooLate.status).toBe(400);
      expect(JSON.parse(tooLate.text).error).toBe(CODE_REFUSED);

      // a comes back just in time: a fourteen-day session, and the binding cookie is cleared.
      const signedInAt = aEnds - 1;
      const res = await atTime(signedInAt, () => a.browser.request(`${t.url}/api/sessions`, { json: { code: a.code } }));
      expect(res.status, res.text).toBe(200);
      const session = setCookie(res.setCookies, 'dais_session');
      expect(session.attributes).toEqual(['httponly', 'max-age=1209600', 'path=/', 'samesite=strict']);
      expect(setCookie(res.setCookies, 'dais_login')).toEqual({
        value: '',
        attributes: ['httponly', 'max-age=0', 'path=/api/sessions', 'samesite=strict'],
      });
      const row = await t.db.ds.getRepository(t.db.entities.Session).findOneByOrFail({ token_hash: sha256(session.value) });
      const sessionEnds = signedInAt + 14 * 86_400_000;
      expect(row.expires_at.getTime()).toBe(sessionEnds);

      const me = () => t.api('GET', '/api/users/me', { cookie: `dais_session=${session.value}` });
      expect((await atTime(sessionEnds - 1, me)).status).toBe(200);
      const over = await atTime(sessionEnds, me);
      expect([over.status, over.text]).toEqual([200, 'null']);
    });

    it('leaves a returning admin to the admin list once ADMIN_EMAILS no longer names them; a deactivated one stays out', async () => {
      const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
      const hana = person({ email: 'someone-else@example.org' });
      await signIn(t, hana);
      const id = await userId(t, hana.sub);
      expect(await admins.findOneByOrFail({ user_id: id })).toMatchObject({ email: 'someone-else@example.org', role: 'owner', is_active: true });
      // Back under another address ADMIN_EMAILS names: her admin row follows the address.
      await signIn(t, { ...hana, email: 'BOSS@example.org' });
      expect(await admins.findOneByOrFail({ user_id: id })).toMatchObject({ email: 'boss@example.org', is_active: true });

      // The install restarts with ADMIN_EMAILS emptied: the admin list alone decides.
      await writeSetting(t.db, 'allow_first_user_admin', 'true', { email: 'organiser@example.org' });
      const later = await restarted(t, { adminEmails: [] });
      try {
        const back = await signIn(later, { ...hana, email: 'hana@example.org' });
        expect((await t.api('GET', '/api/admin/dashboard', { cookie: back.cookie })).status).toBe(200);
        expect(await admins.findOneByOrFail({ user_id: id })).toMatchObject({ email: 'hana@example.org', is_active: true });
        // Her row alone: the other admins keep their own addresses.
        expect(await admins.countBy({ email: 'hana@example.org' })).toBe(1);

        // Deactivated by another admin: signing in again gives nothing back, though she is still a user.
        await admins.update({ user_id: id }, { is_active: false });
        const again = await signIn(later, { ...hana, email: 'hana@example.org' });
        const denied = await t.api('GET', '/api/admin/dashboard', { cookie: again.cookie });
        expect([denied.status, denied.body.code]).toEqual([403, 'forbidden']);
        expect((await t.api('GET', '/api/users/me', { cookie: again.cookie })).status).toBe(200);
        expect(await admins.findBy({ user_id: id })).toMatchObject([{ is_active: false }]);

        // Every admin deactivated: 'Allow First User as Admin' hands the install to nobody.
        await admins.update({ is_active: true }, { is_active: false });
        const newcomer = person();
        await signIn(later, newcomer);
        expect(await admins.countBy({ user_id: await userId(t, newcomer.sub) })).toBe(0);
      } finally {
        await later.stop();
      }
    });

    it('does not mount the development provider when a Google client is configured', async () => {
      const res = await fetch(`${t.url}/dev-oauth/authorize?client_id=x&redirect_uri=y`, { redirect: 'manual' });
      expect(res.status).toBe(404);
    });
  },
  { env: () => ({ ...oauth.env, ADMIN_EMAILS: 'Boss@Example.org, someone-else@example.org' }) },
);

describeEachDatabase(
  'sign-in under an https PUBLIC_URL (a TLS proxy in front)',
  (t) => {
    it('marks the binding and session cookies Secure when set and when cleared', async () => {
      const who = person();
      // The proxy passes the browser's Host on (sign-in answers PUBLIC_URL's Host only).
      const { code, browser, hop } = await signInCode(t, who, new Browser({ url: t.url, host: 'dais.example.org' }));
      expect(setCookie(hop.setCookies, 'dais_login').attributes).toEqual(['httponly', 'max-age=120', 'path=/api/sessions', 'samesite=strict', 'secure']);
      const res = await browser.request(`${t.url}/api/sessions`, { json: { code } });
      expect(res.status, res.text).toBe(200);
      expect(setCookie(res.setCookies, 'dais_session').attributes).toEqual(['httponly', 'max-age=1209600', 'path=/', 'samesite=strict', 'secure']);
      expect(setCookie(res.setCookies, 'dais_login').attributes).toEqual(['httponly', 'max-age=0', 'path=/api/sessions', 'samesite=strict', 'secure']);
      expect(JSON.parse((await browser.request(`${t.url}/api/users/me`)).text).email).toBe(who.email);

      const out = await browser.request(`${t.url}/api/logout`);
      expect(setCookie(out.setCookies, 'dais_session')).toEqual({
        value: '',
        attributes: ['httponly', 'max-age=0', 'path=/', 'samesite=strict', 'secure'],
      });
      expect((await browser.request(`${t.url}/api/users/me`)).text).toBe('null');
    });
  },
  {
    env: () => ({
      ...oauth.env,
      PUBLIC_URL: 'https://dais.example.org',
      // A public PUBLIC_URL refuses to start without a secret of its own (config.ts).
      SESSION_SECRET: 'a-test-secret-of-at-least-32-characters',
    }),
  },
);
