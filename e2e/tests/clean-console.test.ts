import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { identity, signIn, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { missingPageBasics, watchPageHealth } from '../support/page-health';
import { DEMO, fillPerson, generateLetter, newPerson, openTab, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Issue 9, point 8: every page type loads and is used without a Content-Security-Policy violation
 * (zod's eval probe was one), an uncaught error, or a console error other than the lines SPEC.md
 * section 8 asks for; each of Dais's documents has a meta description and an icon that loads (else
 * the browser's /favicon.ico request is a 404 in the console); every script and stylesheet the
 * Dais server sends arrives compressed (br or gzip).
 * Each screen is checked on its own (soft assertions), so one screen's fault does not hide the next.
 */
const chromium = useChromium();
const server = useAdminServer();
const ADMIN = identity('clean-console-admin', 'Fannie Lou Hamer');

beforeAll(() => {
  // Letters to list and open (the demo data has none).
  server.db.insertOldLetters(DEMO.park.id, 2);
});

/** How many scripts and stylesheets the checks saw: the compression check must have had something to check. */
let loadedScriptsAndStyles = 0;
afterAll(() => {
  expect(loadedScriptsAndStyles).toBeGreaterThan(0);
});

/** A fresh browser context on about:blank, watched from its first navigation on. */
async function watchedPage(origin: string) {
  const { page, context } = await chromium.openPage('about:blank');
  const health = await watchPageHealth(context, page, origin);
  /** Everything `screen` did wrong since the last check. */
  async function check(screen: string) {
    // Dais's own documents (a host page's head is its site's business); first, so that an icon
    // that fails to load is this screen's console error too.
    const basics = page.url().startsWith(`${origin}/`) ? await missingPageBasics(page) : [];
    expect.soft(basics, `missing on ${screen}`).toEqual([]);
    const seen = await health.take();
    expect.soft(seen.cspViolations, `CSP violations on ${screen}`).toEqual([]);
    expect.soft(seen.pageErrors, `uncaught errors on ${screen}`).toEqual([]);
    expect.soft(seen.unexpectedConsoleErrors, `console errors on ${screen}`).toEqual([]);
    // Issue 9's "Done when": every page loads with compressed scripts (and styles).
    expect.soft(seen.uncompressed, `scripts and styles sent uncompressed on ${screen}`).toEqual([]);
    loadedScriptsAndStyles += seen.scriptsAndStyles;
  }
  return { page, context, check, take: health.take };
}

const heading = (page: Page, name: string | RegExp, level?: number) => page.getByRole('heading', { name, level }).waitFor();

/** The review's Download (the PDF chunk loads then); the file's suggested name. */
async function downloadPdf(page: Page, widget: Locator): Promise<string> {
  const [pdf] = await Promise.all([page.waitForEvent('download'), widget.getByRole('button', { name: 'Download', exact: true }).click()]);
  return pdf.suggestedFilename();
}

describe('no CSP violation, uncaught error or unexpected console error', () => {
  // Issue 22, point 15: the landing page's signed-in check answered every anonymous visitor with a
  // 401, which Chromium logs as an error (and Lighthouse's best practices count), and the page then
  // logged 'Failed to fetch user'. An anonymous visit logs nothing and no request of it fails, not
  // even with a line SPEC.md would excuse.
  it('on the landing page for an anonymous visitor: no console error at all, and no request that fails', async () => {
    const { page } = await chromium.openPage('about:blank');
    const consoleErrors: string[] = [];
    const failed: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${m.location().url}: ${m.text()}`);
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText ?? 'failed'} ${r.url()}`));
    const checks: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/users/me') checks.push(r.url());
    });
    await page.goto(`${server.url}/`);
    await heading(page, 'Active Campaigns');
    await heading(page, 'What organizers say');
    await page.getByRole('button', { name: 'Admin Login' }).waitFor();
    // The check is made (a signed-in visitor is sent on to /admin) and answered before this settles.
    await expect.poll(() => checks.length).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${server.url}/`);
    expect(consoleErrors).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('on the landing page for a signed-in admin: sent on to /admin (SPEC.md, Landing page)', async () => {
    const { page } = await chromium.openPage(`${server.url}/`);
    await signIn(page, server, ADMIN);
    await heading(page, 'All Campaigns');
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/admin`);
    await heading(page, 'All Campaigns');
  });

  it('on the landing, help and privacy pages, the 404 page, and a failed sign-in return', async () => {
    const { page, check } = await watchedPage(server.url);
    await page.goto(`${server.url}/`);
    await heading(page, 'Active Campaigns');
    await heading(page, 'What organizers say');
    await check('the landing page');
    await page.goto(`${server.url}/help`);
    await heading(page, 'Help for supporters', 1);
    await check('/help');
    await page.goto(`${server.url}/privacy`);
    await heading(page, 'Privacy notice', 1);
    await check('/privacy');
    await page.goto(`${server.url}/no-such-page`);
    await heading(page, 'Page not found', 1);
    await check('the 404 page');
    await page.goto(`${server.url}/auth/callback?error=access_denied`);
    await page.getByText('Login failed: OAuth error: access_denied. Please try again.').waitFor();
    await check('/auth/callback after a refused sign-in');
  });

  it('through the sign-in return and on every admin screen', async () => {
    const { page, context, check } = await watchedPage(server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/`);
    await signIn(page, server, ADMIN);
    await check('/auth/callback signing in');

    await heading(page, 'All Campaigns');
    await check('the dashboard');

    await page.goto(`${server.url}/admin/causes`);
    await page.getByRole('link', { name: 'New Campaign' }).waitFor();
    await check('the campaign list');

    await page.goto(`${server.url}/admin/campaigns/${DEMO.park.id}`);
    for (const tab of ['Basic Info', 'Appearance', 'Settings', 'Public Comment']) {
      await page.getByRole('tablist', { name: 'Campaign settings' }).getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor();
    }
    await page.getByRole('button', { name: 'Copy Embed Code' }).click();
    await page.getByRole('dialog', { name: 'Embed Code' }).waitFor();
    await check('the campaign editor, every tab and the embed code');

    await page.goto(`${server.url}/admin/campaigns/new`);
    await heading(page, 'New Campaign', 1);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Title must be at least 5 characters').first().waitFor();
    await check('a new campaign refused by the form');

    await page.goto(`${server.url}/admin/letters`);
    await page.getByRole('table', { name: 'Letters' }).waitFor();
    await page.getByRole('button', { name: 'View' }).first().click();
    await page.getByRole('dialog', { name: /^Letter from / }).waitFor();
    await check('the letters and a letter');

    await page.goto(`${server.url}/admin/message-points`);
    await heading(page, /^General Message Points/);
    await check('the message points');

    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('button', { name: 'Save Title' }).click();
    await page.getByRole('status').filter({ hasText: 'Setting updated successfully' }).waitFor();
    await check('the settings, one saved');

    await page.goto(`${server.url}/admin/audit-log`);
    await page.getByRole('table', { name: 'Audit Log' }).waitFor();
    await check('the audit log');

    await page.goto(`${server.url}/admin/admins`);
    await page.getByRole('table', { name: 'Admins' }).waitFor();
    await check('the admins');

    await page.goto(`${server.url}/admin/erasure`);
    await page.getByLabel("Supporter's e-mail address").fill('nobody.here@example.org');
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByText('No signature or letter holds this address.', { exact: true }).waitFor();
    await check('the erasure page, an address nothing holds');

    await page.goto(`${server.url}/admin/supporters`);
    await page.getByRole('table', { name: 'Supporters' }).waitFor();
    await check('the supporters');

    // The demo data's live burst on "Safe Streets", from its dashboard alert to a preview.
    await page.goto(`${server.url}/admin`);
    await page.getByRole('region', { name: 'Possible floods in the last hour' }).getByRole('link', { name: 'Review and quarantine' }).first().click();
    await heading(page, 'Quarantine', 1);
    await page.getByRole('table', { name: 'Quarantines' }).waitFor();
    await page.getByLabel('Reason', { exact: true }).fill('Sixty names in minutes from one network');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/^This takes \d+ signatures/).waitFor();
    await check('the quarantine screen from a flood alert, a burst previewed');
  });

  it('in the widget on a host page, in its iframe, on /widget/{id} and /letter/review with the PDF', async () => {
    const { url: dais, hostUrl } = inject('dais');
    const { page, check, take } = await watchedPage(dais);

    await page.goto(`${hostUrl}/element.html`);
    const element = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    await openTab(element, 'Write Letter');
    await openTab(element, 'Share');
    await check('<petition-widget> on a host page');

    // A host page whose CSP forbids eval: the widget must not need it (nor probe for it).
    await page.goto(`${hostUrl}/strict-csp.html`);
    const strict = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    await generateLetter(strict, newPerson());
    expect(await downloadPdf(page, strict)).toMatch(/\.pdf$/);
    await check('<petition-widget> on a host page that forbids eval, with a letter and its PDF');
    // That page's script-src (no 'unsafe-eval') is in force, or the check above proved nothing:
    // an inline script is refused too. (The test's own evaluate() is exempt, so it cannot try eval.)
    const inlineRan = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.documentElement.dataset.inlineRan = "yes"';
      document.head.append(script);
      return document.documentElement.dataset.inlineRan === 'yes';
    });
    expect(inlineRan).toBe(false);
    expect((await take()).cspViolations).toHaveLength(1);

    await page.goto(`${hostUrl}/iframe.html`);
    const framed = page.frameLocator('iframe').locator('petition-widget');
    await waitForCampaign(framed, DEMO.park.title);
    await check('the widget in its iframe on a host page');

    await page.goto(`${dais}/widget/${DEMO.park.id}`);
    const widget = await waitForCampaign(widgetOf(page), DEMO.park.title);
    const form = await openTab(widget, 'Sign Petition');
    await fillPerson(form, newPerson());
    await form.getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await check(`/widget/${DEMO.park.id}, signed`);

    await generateLetter(widget, newPerson());
    expect(page.url()).toBe(`${dais}/letter/review`);
    expect(await downloadPdf(page, widget)).toMatch(/\.pdf$/);
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    await check('/letter/review, downloaded and submitted');

    await page.goto(`${dais}/widget/999999`);
    await widget.getByRole('heading', { name: 'Campaign Not Found' }).waitFor();
    await check('/widget/{id} of a campaign that does not exist');
  });
});
