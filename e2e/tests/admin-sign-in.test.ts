import { describe, expect, it } from 'vitest';
import { identity, signIn, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';

/**
 * Sign-in through a real OAuth 2.0 server standing in for Google, in the order a new install sees
 * it: the first person becomes the admin, the next one is refused, then sign-out.
 */
const chromium = useChromium();
const server = useAdminServer();
const FIRST = identity('first-organizer', 'Rosa Parks');
const SECOND = identity('second-visitor', 'Bayard Rustin');
/** The first sign-in's /auth/callback?code=... address: a code works once. */
let spentCallback = '';

describe('signing in to the admin console', () => {
  it('makes the first person to sign in an admin, who reaches the dashboard', async () => {
    const opened = await chromium.openPage(`${server.url}/`);
    const { page, requests } = opened;
    await page.getByRole('heading', { name: 'Active Campaigns' }).waitFor();
    expect(server.db.admins()).toEqual([]);

    await signIn(page, server, FIRST);
    // The whole round trip, as the browser made it: no shortcut past the provider. (/auth/callback
    // then moves to /admin inside the app, without a request.)
    const path = (u: string) => {
      const url = new URL(u);
      return `${url.origin === server.url ? 'dais' : url.origin === server.oauth.url ? 'provider' : url.origin}${url.pathname}`;
    };
    const trip = requests.map(path).filter((p) => /connect|authorize|auth\/callback/.test(p));
    expect(trip).toEqual(['dais/connect/google', 'provider/authorize', 'dais/connect/google/callback', 'dais/auth/callback']);
    spentCallback = requests.find((u) => u.startsWith(`${server.url}/auth/callback?code=`))!;

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'All Campaigns' }).waitFor();
    const sidebar = page.locator('#admin-sidebar');
    await sidebar.getByText(FIRST.name!, { exact: true }).waitFor();
    await sidebar.getByText(FIRST.email!, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(server.db.admins()).toEqual([{ email: FIRST.email, is_active: 1 }]);

    // Signed in, the landing page sends the admin on to the console.
    const before = requests.length;
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'All Campaigns' }).waitFor();
    // The access check's reply is the Dashboard's data: one request, not two.
    expect(requests.slice(before).filter((u) => new URL(u).pathname === '/api/admin/dashboard')).toHaveLength(1);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it("shows a second person 'Access Denied', whose 'Return to Home' stays home", async () => {
    const { page } = await chromium.openPage(`${server.url}/`);
    await signIn(page, server, SECOND);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access the admin panel", { exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    expect(await page.getByText('All Campaigns').count()).toBe(0);
    expect(server.db.admins().map((a) => a.email)).toEqual([FIRST.email]);

    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Active Campaigns' }).waitFor();
    // Signed in but refused: the landing page does not bounce them back to /admin.
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${server.url}/`);
  });

  it('sends a signed-out visit to /admin back to /', async () => {
    const { page, requests } = await chromium.openPage(`${server.url}/admin/letters`);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Admin Login' }).waitFor();
    // The shell decided before the page asked for anything.
    expect(requests.filter((u) => u.includes('/api/admin/letters'))).toEqual([]);
  });

  it('logs out: back on /, and /admin then returns to /', async () => {
    const { page } = await chromium.openPage(`${server.url}/`);
    await signIn(page, server, FIRST);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Admin Login' }).waitFor();

    await page.goto(`${server.url}/admin`);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Active Campaigns' }).waitFor();
    // The session is gone on the server too, not only in the page.
    const me = await page.evaluate(async () => (await fetch('/api/users/me')).text());
    expect(me).toBe('null');
  });

  it('reports a refused or broken sign-in on /auth/callback, then returns to / after 3 s', async () => {
    const { page } = await chromium.openPage(`${server.url}/`);
    await server.oauth.failNext('authorize');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    await page.getByRole('alert').getByText('Login failed: OAuth error: Sign-in was cancelled. Please try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    const shown = Date.now();
    await page.waitForURL(`${server.url}/`);
    expect(Date.now() - shown).toBeGreaterThan(2_000);

    await page.goto(`${server.url}/auth/callback`);
    await page.getByText('Login failed: No authorization code found in URL. Please try again.').waitFor();

    // The first sign-in's code, opened again (here in another browser): a code is exchanged once.
    expect(spentCallback).toMatch(/\?code=./);
    await page.goto(spentCallback);
    await page.getByRole('alert').getByText(/^Login failed: This sign-in link has expired or was already used\b.*Please try again\.$/).waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/users/me')).text())).toBe('null');
  });
});
