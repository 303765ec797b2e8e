import { expect, it } from 'vitest';
import { Browser } from '../../../test/browser';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const NOTICE = 'Development sign-in — not Google. Only for trying Dais on your own machine.';

/** Admin Login -> grant -> the development provider's page. */
async function toSignInPage(t: TestServer, browser: Browser) {
  const start = await t.api('GET', '/api/oauth/google/redirect_url');
  const toProvider = await browser.request(start.body.redirectUrl);
  expect(toProvider.status).toBe(302);
  const authorize = new URL(toProvider.location!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${t.url}/dev-oauth/authorize`);
  return { authorize, page: await browser.request(authorize.toString()) };
}

/** What the page's form posts. */
const formFields = (authorize: URL, person: { email: string; name: string }) => ({
  client_id: authorize.searchParams.get('client_id')!,
  redirect_uri: authorize.searchParams.get('redirect_uri')!,
  state: authorize.searchParams.get('state')!,
  ...person,
});

describeEachDatabase('development sign-in (no Google client configured)', (t) => {
  it('shows a page that says plainly it is not Google, under a strict CSP', async () => {
    const { page } = await toSignInPage(t, new Browser());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain(NOTICE);
    expect(page.text).toMatch(/<input[^>]+name="email"/);
    expect(page.text).toMatch(/<input[^>]+name="name"/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('signs in through grant with the e-mail and name typed on the page', async () => {
    const browser = new Browser();
    const { authorize } = await toSignInPage(t, browser);
    const posted = await browser.request(`${t.url}/dev-oauth/authorize`, {
      form: formFields(authorize, { email: 'Dev.Person@Example.org', name: 'Dev Person' }),
    });
    expect(posted.status).toBe(302);
    const back = new URL(posted.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${t.url}/connect/google/callback`);
    expect(back.searchParams.get('state')).toBe(authorize.searchParams.get('state'));

    const done = await browser.request(back.toString());
    const target = new URL(done.location!);
    expect(target.pathname).toBe('/auth/callback');
    const code = target.searchParams.get('code');
    expect(code, `error: ${target.searchParams.get('error')}`).toBeTruthy();

    const session = await browser.request(`${t.url}/api/sessions`, { json: { code } });
    expect(session.status).toBe(200);
    const me = await browser.request(`${t.url}/api/users/me`);
    expect(JSON.parse(me.text)).toEqual({ email: 'dev.person@example.org', google_user_data: { name: 'Dev Person', picture: null } });
  });

  it('answers no request passed on by a proxy: a loopback PUBLIC_URL behind a public proxy is not this machine', async () => {
    const { authorize } = await toSignInPage(t, new Browser());
    for (const header of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via']) {
      const headers = { [header]: header === 'forwarded' ? 'for=198.51.100.7' : '198.51.100.7' };
      const page = await t.api('GET', `/dev-oauth/authorize${authorize.search}`, { headers });
      expect(page.status, header).toBe(403);
      expect(page.text, header).toContain('The development sign-in only answers browsers on this machine');
      expect(page.text, header).toContain('Set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, SESSION_SECRET and a public PUBLIC_URL to sign in through one.');
      expect(page.text, header).not.toMatch(/<form/);
      const posted = await t.api('POST', '/dev-oauth/authorize', {
        raw: new URLSearchParams(formFields(authorize, { email: 'proxied@example.org', name: 'P' })).toString(),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect([posted.status, posted.headers.get('location')], header).toEqual([403, null]);
    }
  });

  it('refuses to send anyone to a redirect_uri other than our own callback', async () => {
    const evil = 'https://evil.example/connect/google/callback';
    const page = await t.api('GET', `/dev-oauth/authorize?client_id=dais-dev-client&response_type=code&state=s&redirect_uri=${encodeURIComponent(evil)}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain(`redirect_uri must be ${t.url}/connect/google/callback`);
    expect(page.text).not.toMatch(/<form/);

    const posted = await new Browser().request(`${t.url}/dev-oauth/authorize`, {
      form: { client_id: 'dais-dev-client', redirect_uri: evil, state: 's', email: 'a@example.org', name: 'A' },
    });
    expect(posted.status).toBe(400);
    expect(posted.location).toBeNull();
  });

  it('escapes everything a visitor typed or sent when it shows it back', async () => {
    const browser = new Browser();
    const { authorize } = await toSignInPage(t, browser);
    const hostile = '"><script>alert(1)</script>&\'';
    const posted = await browser.request(`${t.url}/dev-oauth/authorize`, {
      form: { ...formFields(authorize, { email: 'not an e-mail', name: hostile }), state: hostile },
    });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain('Please enter a valid e-mail address');
    expect(posted.text).not.toContain('<script>alert(1)</script>');
    expect(posted.text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;');

    const page = await browser.request(`${authorize.toString().replace(/state=[^&]*/, `state=${encodeURIComponent(hostile)}`)}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert(1)</script>');
  });

  it('keeps a hostile name as data: it reaches users/me as JSON text, unchanged', async () => {
    const browser = new Browser();
    const { authorize } = await toSignInPage(t, browser);
    const name = '<img src=x onerror=alert(1)>';
    const posted = await browser.request(`${t.url}/dev-oauth/authorize`, {
      form: formFields(authorize, { email: 'hostile@example.org', name }),
    });
    const done = await browser.request(posted.location!);
    const code = new URL(done.location!).searchParams.get('code');
    await browser.request(`${t.url}/api/sessions`, { json: { code } });
    const me = await browser.request(`${t.url}/api/users/me`);
    expect(me.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(me.text).google_user_data.name).toBe(name);
  });

  it('signs in a name with control characters in it (PostgreSQL cannot store a NUL), keeping the rest of the name', async () => {
    const browser = new Browser();
    const { authorize } = await toSignInPage(t, browser);
    const posted = await browser.request(`${t.url}/dev-oauth/authorize`, {
      form: formFields(authorize, { email: 'controls@example.org', name: 'Ada\u0000 Love\u0007lace\u009b' }),
    });
    const done = await browser.request(posted.location!);
    const code = new URL(done.location!).searchParams.get('code');
    expect(code, done.location!).toBeTruthy();
    expect((await browser.request(`${t.url}/api/sessions`, { json: { code } })).status).toBe(200);
    const me = await browser.request(`${t.url}/api/users/me`);
    expect(JSON.parse(me.text).google_user_data.name).toBe('Ada Lovelace');
  });

  it('answers the token and userinfo calls only for a valid code, client and token', async () => {
    const browser = new Browser();
    const { authorize } = await toSignInPage(t, browser);
    const posted = await browser.request(`${t.url}/dev-oauth/authorize`, {
      form: formFields(authorize, { email: 'tokens@example.org', name: 'T' }),
    });
    const code = new URL(posted.location!).searchParams.get('code')!;
    const token = (over: Record<string, string> = {}) =>
      browser.request(`${t.url}/dev-oauth/token`, {
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${t.url}/connect/google/callback`,
          client_id: 'dais-dev-client',
          client_secret: 'dais-dev-secret',
          ...over,
        },
      });
    expect((await token({ client_secret: 'wrong' })).status).toBe(401);
    const ok = await token();
    expect(ok.status).toBe(200);
    const { access_token } = JSON.parse(ok.text);
    expect((await token()).status).toBe(400); // the code is spent

    const info = await browser.request(`${t.url}/dev-oauth/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(JSON.parse(info.text)).toMatchObject({ email: 'tokens@example.org', email_verified: true, name: 'T', picture: null });
    expect((await browser.request(`${t.url}/dev-oauth/userinfo`)).status).toBe(401);
    expect((await browser.request(`${t.url}/dev-oauth/userinfo`, { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
  });
});

describeEachDatabase('the development provider, as an OAuth client reads it', (t) => {
  const callback = () => `${t.url}/connect/google/callback`;
  /** A code for this person, as the page's form gets one. */
  async function codeFor(email: string) {
    const browser = new Browser();
    const { authorize } = await toSignInPage(t, browser);
    const posted = await browser.request(`${t.url}/dev-oauth/authorize`, { form: formFields(authorize, { email, name: 'Client Reader' }) });
    expect(posted.headers.get('cache-control')).toBe('no-store');
    return new URL(posted.location!).searchParams.get('code')!;
  }
  const token = (fields: Record<string, string>) => new Browser().request(`${t.url}/dev-oauth/token`, { form: fields });
  const exchange = (code: string, over: Record<string, string> = {}) =>
    token({ grant_type: 'authorization_code', code, redirect_uri: callback(), client_id: 'dais-dev-client', client_secret: 'dais-dev-secret', ...over });
  const answer = (res: { status: number; text: string; headers: Headers }) => ({ status: res.status, body: JSON.parse(res.text) as unknown, cache: res.headers.get('cache-control') });

  it('answers the token call with the errors RFC 6749 names, and a bearer token never to be cached', async () => {
    expect(answer(await token({ grant_type: 'authorization_code' }))).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'grant_type, code, redirect_uri and client credentials are required' },
      cache: 'no-store',
    });
    expect(answer(await exchange(await codeFor('client@example.org'), { client_secret: 'guessed' }))).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'unknown client' },
      cache: 'no-store',
    });
    // A code is spent on the address it was given for: another callback cannot have it.
    const elsewhere = await codeFor('client@example.org');
    const spent = { status: 400, body: { error: 'invalid_grant', error_description: 'the code is unknown, expired or already used' }, cache: 'no-store' };
    expect(answer(await exchange(elsewhere, { redirect_uri: 'https://evil.example/callback' }))).toEqual(spent);
    expect(answer(await exchange(elsewhere))).toEqual(spent);
    expect(answer(await exchange(await codeFor('client@example.org')))).toEqual({
      status: 200,
      body: { access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), token_type: 'Bearer', expires_in: 600, scope: 'openid email profile' },
      cache: 'no-store',
    });
  });

  it('answers userinfo for exactly "Bearer <token>", with a stable subject per address', async () => {
    const issued = JSON.parse((await exchange(await codeFor('Subject@Example.org'))).text).access_token as string;
    const again = JSON.parse((await exchange(await codeFor('subject@example.org'))).text).access_token as string;
    const info = (authorization?: string) => new Browser().request(`${t.url}/dev-oauth/userinfo`, authorization === undefined ? {} : { headers: { authorization } });
    const first = await info(`Bearer ${issued}`);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const who = JSON.parse(first.text) as { sub: string };
    expect(who.sub).toMatch(/^dev-[0-9a-f]{32}$/);
    expect(JSON.parse((await info(`Bearer ${again}`)).text)).toMatchObject({ sub: who.sub });
    for (const authorization of [undefined, 'Bearer forged', `xBearer ${issued}`, `Bearer ${issued} more`]) {
      const refused = await info(authorization);
      expect(answer(refused), String(authorization)).toEqual({
        status: 401,
        body: { error: 'invalid_token', error_description: 'missing, unknown or expired access token' },
        cache: 'no-store',
      });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('says what is missing or wrong in a sign-in request, on a page never to be cached', async () => {
    const browser = new Browser();
    const cases: [string, Record<string, string>, string][] = [
      ['nothing', {}, 'client_id and redirect_uri are required'],
      ['another client', { client_id: 'someone-else', redirect_uri: callback() }, 'unknown client_id'],
    ];
    for (const [what, fields, problem] of cases) {
      const page = await browser.request(`${t.url}/dev-oauth/authorize?${new URLSearchParams(fields).toString()}`);
      const posted = await browser.request(`${t.url}/dev-oauth/authorize`, { form: { ...fields, email: 'a@example.org' } });
      for (const res of [page, posted]) {
        expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')], what).toEqual([400, 'text/html; charset=utf-8', 'no-store']);
        expect(res.text, what).toContain(problem);
        expect(res.text, what).not.toMatch(/<form/);
      }
    }
  });

  it("shows an empty form that carries the client's fields, and a refused one filled in as it was sent", async () => {
    const browser = new Browser();
    const { authorize, page } = await toSignInPage(t, browser);
    expect(page.text).toMatch(/<input id="email" name="email"[^>]* value="">/);
    expect(page.text).toMatch(/<input id="name" name="name"[^>]* value="">/);
    for (const field of ['client_id', 'redirect_uri', 'state']) {
      expect(page.text).toContain(`<input type="hidden" name="${field}" value="${authorize.searchParams.get(field)}">`);
    }
    // Without a state, none is carried.
    const stateless = await browser.request(`${t.url}/dev-oauth/authorize?client_id=dais-dev-client&redirect_uri=${encodeURIComponent(callback())}`);
    expect(stateless.status).toBe(200);
    expect(stateless.text).not.toContain('name="state"');
    // A value that is not text (a JSON array, an object) is dropped, never shown or a 500.
    const odd = await browser.request(`${t.url}/dev-oauth/authorize`, {
      json: { client_id: 'dais-dev-client', redirect_uri: callback(), email: ['a@example.org'], name: { first: 'Ada' } },
    });
    expect(odd.status).toBe(400);
    expect(odd.text).toMatch(/<input id="email" name="email"[^>]* value="">/);
    const typed = await browser.request(`${t.url}/dev-oauth/authorize`, { form: formFields(authorize, { email: 'not an address', name: 'Kept Name' }) });
    expect(typed.status).toBe(400);
    expect(typed.text).toContain('value="not an address"');
    expect(typed.text).toContain('value="Kept Name"');
  });
});

describeEachDatabase(
  'sign-in code exchange under a rate limit',
  (t) => {
    it("answers 429 once a network has used up the minute's sign-in attempts", async () => {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await t.api('POST', '/api/sessions', { body: { code: `guess-${i}` } })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '3' } },
);
