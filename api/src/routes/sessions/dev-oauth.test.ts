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
    const hostile = '"><script>alert(1)</script>';
    const posted = await browser.request(`${t.url}/dev-oauth/authorize`, {
      form: { ...formFields(authorize, { email: 'not an e-mail', name: hostile }), state: hostile },
    });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain('Please enter a valid e-mail address');
    expect(posted.text).not.toContain('<script>alert(1)</script>');
    expect(posted.text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');

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
