import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminBrowser, identity, useAdminServer } from '../support/admin';
import { ADMIN_SCREENS, CAMPAIGN_TABS, openCampaignTab, PUBLIC_SCREENS, visit } from '../support/admin-screens';
import { expectNoAxeViolations } from '../support/axe';
import { useChromium } from '../support/browser';
import { DEMO } from '../support/widget';

/**
 * axe (WCAG 2.2 A and AA rules) on every screen of the console and the public pages around it, in
 * each state a person meets (dialogs open, notices showing, the drawer menu on a phone), at desktop
 * width and at 360 px. Soft assertions: one screen's violations do not hide the next screen's.
 */
const chromium = useChromium();
const server = useAdminServer();
const ADMIN = identity('axe-admin', 'Septima Clark');
const openAsVisitor = adminBrowser(server, chromium.openPage, identity('axe-visitor', 'Jo Ann Robinson'));
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } } as const;

/**
 * /auth/callback leaves 1.5 s after a sign-in and 3 s after a failure; axe needs longer than that
 * on a busy machine. This holds those two timers on that page only (Playwright's clock cannot: axe
 * itself runs on timers), so each message is checked while it is the page.
 */
const HOLD_SIGN_IN_RETURN = `(() => {
  if (location.pathname !== '/auth/callback') return;
  const setTimeoutAsUsual = window.setTimeout;
  window.setTimeout = (handler, ms, ...rest) => setTimeoutAsUsual(handler, ms === 1500 || ms === 3000 ? 3_600_000 : ms, ...rest);
})();`;

beforeAll(() => {
  // Letters to list and open (the demo data has none).
  server.db.insertOldLetters(DEMO.park.id, 3);
});

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('accessibility at %s width', (size) => {
  const viewport = SIZES[size];
  async function check(page: Page, screen: string) {
    await expectNoAxeViolations(page, `${screen}, ${viewport.width} px`);
    // Usable at 360 px: the page itself never scrolls sideways.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(pageWidth, `page width in "${screen}"`).toBeLessThanOrEqual(viewport.width);
  }

  it('the landing, help and privacy pages, and the sign-in return when it fails', async () => {
    const { page, context } = await chromium.openPage(`${server.url}/`, viewport);
    for (const screen of Object.values(PUBLIC_SCREENS)) {
      await visit(page, server.url, screen);
      await check(page, screen.name);
    }

    await context.addInitScript(HOLD_SIGN_IN_RETURN);
    await page.goto(`${server.url}/auth/callback?error=access_denied`);
    await page.getByText('Login failed: OAuth error: access_denied. Please try again.').waitFor();
    await check(page, 'sign-in return, failed');
  });

  // Every admin screen in one walk: past the default minute on a busy two-core machine.
  it('the sign-in return while it works, then every admin screen', async () => {
    const { page, context } = await chromium.openPage(`${server.url}/`, viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await server.oauth.setIdentity(ADMIN);
    // Hold the code exchange, then the 1.5 s redirect, to read each state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sessions', async (route) => {
      await held;
      await route.continue();
    });
    await context.addInitScript(HOLD_SIGN_IN_RETURN);
    await page.getByRole('button', { name: 'Admin Login' }).click();
    await page.getByText('Completing login...').waitFor();
    await check(page, 'sign-in return, completing');
    release();
    await page.getByText('Login successful! Redirecting...').waitFor();
    await check(page, 'sign-in return, succeeded');

    await visit(page, server.url, ADMIN_SCREENS.dashboard);
    // The demo data's live burst on "Safe Streets" (the first hour after seeding).
    await page.getByRole('region', { name: 'Possible floods in the last hour' }).waitFor();
    await check(page, 'dashboard, with a flood alert');
    if (size === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('complementary', { name: 'Menu' }).getByRole('link', { name: 'Dashboard' }).waitFor();
      await check(page, 'drawer menu open');
      await page.getByRole('button', { name: 'Close menu' }).click();
    }

    await visit(page, server.url, ADMIN_SCREENS.campaigns);
    await check(page, ADMIN_SCREENS.campaigns.name);

    await visit(page, server.url, ADMIN_SCREENS.campaignEdit);
    for (const tab of CAMPAIGN_TABS) {
      await openCampaignTab(page, tab);
      await check(page, `campaign edit, ${tab} tab`);
    }
    await page.getByRole('button', { name: 'Copy Embed Code' }).click();
    const embed = page.getByRole('dialog', { name: 'Embed Code' });
    await embed.getByRole('button', { name: 'Copy iframe code' }).click();
    await page.getByRole('status').filter({ hasText: 'Embed code copied to clipboard!' }).waitFor();
    await check(page, 'embed code dialog, code copied');
    await page.keyboard.press('Escape');
    await embed.waitFor({ state: 'hidden' });

    await visit(page, server.url, ADMIN_SCREENS.newCampaign);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Title must be at least 5 characters').first().waitFor();
    await check(page, 'new campaign, refused with errors');
    await visit(page, server.url, ADMIN_SCREENS.campaignNotFound);
    await check(page, ADMIN_SCREENS.campaignNotFound.name);

    await visit(page, server.url, ADMIN_SCREENS.letters);
    await check(page, ADMIN_SCREENS.letters.name);
    await page.getByRole('button', { name: 'View' }).first().click();
    const letter = page.getByRole('dialog', { name: /^Letter from / });
    await letter.waitFor();
    await check(page, 'letter dialog');
    await page.keyboard.press('Escape');
    await letter.waitFor({ state: 'hidden' });

    await visit(page, server.url, ADMIN_SCREENS.districts);
    await check(page, ADMIN_SCREENS.districts.name);

    await visit(page, server.url, ADMIN_SCREENS.messagePoints);
    await check(page, ADMIN_SCREENS.messagePoints.name);
    await page.getByRole('button', { name: 'Add Message Point' }).click();
    await page.getByRole('alert').filter({ hasText: 'Category and talking points are required' }).waitFor();
    await check(page, 'message points, create form refused');
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const editor = page.getByRole('form', { name: /^Edit message point: / });
    await check(page, 'message point, inline edit');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete message point' });
    await confirm.waitFor();
    await check(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await visit(page, server.url, ADMIN_SCREENS.settings);
    await page.getByRole('button', { name: 'Save Title' }).click();
    await page.getByRole('status').filter({ hasText: 'Setting updated successfully' }).waitFor();
    await check(page, 'settings, saved');

    // One of the letters inserted above per width, so each run has records to find and erase.
    const address = `older.${size === 'desktop' ? 1 : 2}@example.org`;
    await visit(page, server.url, ADMIN_SCREENS.erasure);
    await check(page, ADMIN_SCREENS.erasure.name);
    const field = page.getByLabel("Supporter's e-mail address");
    await field.fill('not an address');
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    await check(page, 'erasure, address refused');
    await field.fill(address);
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByRole('table', { name: `Records holding ${address}` }).waitFor();
    await check(page, 'erasure, records found');
    await page.getByRole('button', { name: 'Erase 1 record' }).click();
    const erase = page.getByRole('alertdialog', { name: 'Erase these records?' });
    await erase.waitFor();
    await check(page, 'erasure confirmation');
    await erase.getByRole('button', { name: 'Erase 1 record' }).click();
    await page.getByText('No signature or letter holds this address.', { exact: true }).waitFor();
    await check(page, 'erasure, erased');

    await visit(page, server.url, ADMIN_SCREENS.auditLog);
    await check(page, ADMIN_SCREENS.auditLog.name);
    await page.goto(`${server.url}/admin/audit-log?actor=nobody-at-all`);
    await page.getByText('No entries match these filters.', { exact: true }).waitFor();
    await check(page, 'audit log, nothing matches');

    await visit(page, server.url, ADMIN_SCREENS.supporters);
    await check(page, ADMIN_SCREENS.supporters.name);

    await visit(page, server.url, ADMIN_SCREENS.admins);
    await check(page, ADMIN_SCREENS.admins.name);

    // The flood alert's way in: the burst filled in, the demo's earlier quarantine listed.
    await visit(page, server.url, ADMIN_SCREENS.dashboard);
    await page.getByRole('region', { name: 'Possible floods in the last hour' }).getByRole('link', { name: 'Review and quarantine' }).first().click();
    await page.getByRole('heading', { name: 'Quarantine', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Quarantines' }).waitFor();
    await check(page, 'quarantine');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Say why, in a few words: the audit log keeps it', { exact: true }).waitFor();
    await check(page, 'quarantine, refused with errors');
    await page.getByLabel('Reason', { exact: true }).fill('Sixty names in minutes from one network');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/^This takes \d+ signatures/).waitFor();
    await check(page, 'quarantine, previewed');
    await page.getByRole('button', { name: 'Quarantine', exact: true }).click();
    const quarantine = page.getByRole('alertdialog', { name: 'Quarantine these records?' });
    await quarantine.waitFor();
    await check(page, 'quarantine confirmation');
    await quarantine.getByRole('button', { name: 'Quarantine', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^Quarantined \d+ signatures/ }).waitFor();
    await check(page, 'quarantine, quarantined');
    // Restored again, so the other width finds the same burst.
    await page.getByRole('button', { name: 'Restore' }).first().click();
    const restore = page.getByRole('alertdialog', { name: 'Restore this quarantine?' });
    await restore.waitFor();
    await check(page, 'restore confirmation');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: /^Restored \d+ signatures/ }).waitFor();
    await check(page, 'quarantine, restored');
  }, 120_000);

  it('Access Denied', async () => {
    const { page } = await openAsVisitor('/admin', viewport);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await check(page, 'Access Denied');
  });
});
