import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminBrowser, identity, notice, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { DEMO } from '../support/widget';

/**
 * Issue 22, point 18: what a new user hit walking the console. The lists filter by campaign and
 * search by name or e-mail; each screen shows its times in one zone and names it (the campaign's
 * where a campaign is in view); the audit log has no milliseconds; the last owner is not offered a
 * Remove that must fail; the development mailbox's links can be followed; a delivery says in plain
 * words what the mail server did. The browser is in Tokyo, the demo campaigns in Chicago, so a
 * time in the wrong zone shows.
 */
const TOKYO = 'Asia/Tokyo';
const CHICAGO = 'America/Chicago';
const chromium = useChromium({ timezoneId: TOKYO });
const server = useAdminServer();
const OWNER = identity('walk-owner', 'Septima Clark');
const openAsAdmin = adminBrowser(server, chromium.openPage, OWNER);

/** A stored SQLite timestamp ('2026-05-14 16:52:30.123') as an instant. */
const instant = (stored: unknown) => new Date(`${String(stored).replace(' ', 'T')}Z`);
const inZone = (at: Date, timeZone: string, withTime: boolean) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}), timeZone }).format(at);
const note = (page: Page) => page.locator('.time-zone-note');

describe('one time zone per screen, named', () => {
  it("shows the browser's zone where no campaign is in view, and the campaign's on its screens", async () => {
    const opened = await openAsAdmin('/admin');
    const { page } = opened;
    await page.getByRole('table', { name: 'All Campaigns' }).waitFor();
    expect(await note(page).textContent()).toMatch(/^Times in Asia\/Tokyo \((GMT\+9|JST)\), this browser's time zone\.$/);
    // The newest counted supporter's date, read in Tokyo.
    const [newest] = server.db.sql("SELECT name, created_at FROM supporters WHERE status = 'confirmed' AND quarantine_id IS NULL ORDER BY created_at DESC, id DESC LIMIT 1");
    const first = page.getByRole('region', { name: 'Recent Supporters' }).getByRole('listitem').first();
    expect(await first.locator('.recent-name').textContent()).toBe(newest!.name);
    expect(await first.locator('.recent-date').textContent()).toBe(inZone(instant(newest!.created_at), TOKYO, false));

    // The campaign's page: its zone, Chicago, for its Created date and what is typed on it.
    await page.goto(`${server.url}/admin/campaigns/${DEMO.park.id}`);
    await page.getByRole('list', { name: 'Campaign statistics' }).waitFor();
    await expect.poll(() => note(page).textContent()).toMatch(/^Times in America\/Chicago \((CST|CDT)\), the campaign's time zone\.$/);
    const created = server.db.sql('SELECT created_at FROM campaigns WHERE id = ?', DEMO.park.id)[0]!.created_at;
    expect(await page.locator('.stat-card').filter({ hasText: 'Created' }).locator('.stat-value').textContent()).toBe(inZone(instant(created), CHICAGO, false));
    await page.getByRole('region', { name: 'Hearing packet' }).getByText(/^In America\/Chicago \((CST|CDT)\)\. Leave empty for every letter\.$/).waitFor();

    // A list shows the campaign's zone once one campaign is chosen, the browser's for all of them.
    await page.goto(`${server.url}/admin/letters?campaign=${DEMO.park.id}`);
    const table = page.getByRole('table', { name: 'Letters' });
    await table.getByRole('row').nth(1).waitFor();
    await expect.poll(() => note(page).textContent()).toMatch(/^Times in America\/Chicago /);
    const [letter] = server.db.sql('SELECT created_at FROM letters WHERE campaign_id = ? AND quarantine_id IS NULL ORDER BY created_at DESC, id DESC LIMIT 1', DEMO.park.id);
    const submitted = table.getByRole('row').nth(1).locator('td[data-label="Submitted"]');
    expect(await submitted.textContent()).toMatch(new RegExp(`^${inZone(instant(letter!.created_at), CHICAGO, true).replace(/\s/g, '\\s')}`));
    await page.getByLabel('Campaign').selectOption({ label: 'All campaigns' });
    await page.waitForURL(`${server.url}/admin/letters`);
    await expect.poll(() => note(page).textContent()).toMatch(/^Times in Asia\/Tokyo /);

    // The quarantine screen of a campaign: typed and shown in Chicago.
    await page.goto(`${server.url}/admin/campaigns/${DEMO.school.id}/quarantines`);
    await page.getByRole('table', { name: 'Quarantines' }).waitFor();
    await expect.poll(() => note(page).textContent()).toMatch(/^Times in America\/Chicago /);
    expect(await page.getByText(/^In America\/Chicago \((CST|CDT)\)\.$/).count()).toBe(2);
    const [held] = server.db.sql('SELECT created_at FROM quarantines WHERE campaign_id = ? ORDER BY id LIMIT 1', DEMO.school.id);
    expect(await page.getByRole('table', { name: 'Quarantines' }).locator('td[data-label="Quarantined"] time').first().textContent()).toBe(
      inZone(instant(held!.created_at), CHICAGO, true),
    );
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('keeps milliseconds and ISO instants out of the audit log', async () => {
    const { page } = await openAsAdmin('/admin/audit-log?action=quarantine.create');
    const summary = page.getByRole('table', { name: 'Audit Log' }).locator('td[data-label="Summary"]').first();
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    // The demo's quarantine entry was written with its range as ISO instants down to the millisecond.
    expect(String(server.db.sql("SELECT summary FROM audit_log WHERE action = 'quarantine.create'")[0]!.summary)).toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(text).toMatch(/from network 203\.0\.113\.0\/24, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M to [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M:/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|\.\d{3}Z|:\d{2}:\d{2}/);
  });
});

describe('the supporters and letters lists', () => {
  it('search by the start of a name or an address, in any case, for one campaign or all', async () => {
    server.db.insertSignatures(DEMO.park.id, [
      { name: 'Zora Neale Hurston', email: 'zora.hurston@example.org', network: '192.0.2.0/24', at: new Date(Date.now() - 5 * 86_400_000) },
      { name: 'zora banks', email: 'zb@example.net', network: '192.0.2.0/24', at: new Date(Date.now() - 6 * 86_400_000) },
    ]);
    server.db.insertSignatures(DEMO.school.id, [{ name: 'Zoe Saldana', email: 'zoe.s@example.org', network: '192.0.2.0/24', at: new Date(Date.now() - 7 * 86_400_000) }]);
    const opened = await openAsAdmin('/admin/supporters');
    const { page } = opened;
    const table = page.getByRole('table', { name: 'Supporters' });
    const names = () => table.locator('td[data-label="Supporter"] p.strong').allTextContents();
    await table.getByRole('row').nth(1).waitFor();
    const search = page.getByRole('search', { name: 'Find supporters' });

    await search.getByLabel('Name or e-mail').fill('ZO');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${server.url}/admin/supporters?q=ZO`);
    await expect.poll(names).toEqual(['Zoe Saldana', 'zora banks', 'Zora Neale Hurston']);
    await page.getByRole('navigation', { name: 'Pages of supporters' }).getByText('Page 1 of the matches').waitFor();

    await search.getByLabel('Campaign').selectOption({ label: DEMO.park.title });
    await page.waitForURL(`${server.url}/admin/supporters?campaign=${DEMO.park.id}&q=ZO`);
    await expect.poll(names).toEqual(['zora banks', 'Zora Neale Hurston']);

    await search.getByLabel('Name or e-mail').fill('zoe.s@');
    await search.getByLabel('Name or e-mail').press('Enter');
    await page.getByText(`No supporter's e-mail address starts with “zoe.s@”.`, { exact: true }).waitFor();
    await search.getByLabel('Campaign').selectOption({ label: 'All campaigns' });
    await expect.poll(names).toEqual(['Zoe Saldana']);

    // Reloaded, the address brings the same search back; Clear search shows every supporter again.
    await page.reload();
    await expect.poll(names).toEqual(['Zoe Saldana']);
    expect(await search.getByLabel('Name or e-mail').inputValue()).toBe('zoe.s@');
    await search.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL(`${server.url}/admin/supporters`);
    await expect.poll(async () => (await names()).length).toBeGreaterThan(3);

    // Letters the same way, by the writer's name.
    const [writer] = server.db.sql('SELECT supporter_name FROM letters WHERE campaign_id = ? ORDER BY id LIMIT 1', DEMO.park.id);
    const start = String(writer!.supporter_name).slice(0, 4).toLowerCase();
    await page.goto(`${server.url}/admin/letters?q=${encodeURIComponent(start)}`);
    const letters = page.getByRole('table', { name: 'Letters' }).locator('td[data-label="Supporter"] p.strong');
    await letters.first().waitFor();
    for (const name of await letters.allTextContents()) expect(name.toLowerCase().startsWith(start)).toBe(true);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });
});

describe('admins and mail', () => {
  it('offers the last owner no Remove and says why; an invited owner is not yet one who can manage', async () => {
    const { page } = await openAsAdmin('/admin/admins');
    const table = page.getByRole('table', { name: 'Admins' });
    const me = table.getByRole('row').filter({ hasText: `${OWNER.email} (you)` });
    await me.waitFor();
    expect(await me.getByRole('button').count()).toBe(0);
    expect(await me.getByRole('combobox').count()).toBe(0);
    await me.getByText('The last owner: make another admin an owner first, then their role can change or they can be removed.').waitFor();

    const invite = page.getByRole('form', { name: 'Invite an admin' });
    await invite.getByLabel('E-mail address').fill('second.owner@example.org');
    await invite.getByLabel('Role').selectOption('owner');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await notice(page, 'Invited second.owner@example.org as Owner: an e-mail is on its way');
    const invited = table.getByRole('row').filter({ hasText: 'second.owner@example.org' });
    await invited.getByRole('button', { name: 'Remove second.owner@example.org' }).waitFor();
    // Until they sign in, the owner who did this is still the only one who can manage admins.
    expect(await me.getByRole('button').count()).toBe(0);
  });

  it("follows the invitation's link from the development mailbox into the console", async () => {
    const { page } = await openAsAdmin('/admin');
    await page.goto(`${server.url}/dev-mailbox`);
    await page.getByRole('link', { name: 'You are invited to the Dais admin console' }).first().click();
    const link = page.getByRole('link', { name: `${server.url}/admin`, exact: true });
    expect(await link.getAttribute('href')).toBe(`${server.url}/admin`);
    await link.click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  it("says what the mail server did with a packet in plain words, its own reply on demand", async () => {
    const { page } = await openAsAdmin(`/admin/campaigns/${DEMO.park.id}`);
    const card = page.getByRole('region', { name: 'Delivery to the decision body' });
    await card.getByRole('button', { name: 'Send packet now' }).click();
    await page.getByRole('alertdialog', { name: 'Send the packet now?' }).getByRole('button', { name: 'Send packet' }).click();
    const status = card.getByRole('table', { name: 'Deliveries' }).getByRole('row').nth(1).locator('td[data-label="Status"]');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Sent Accepted by the mail server /);
    // The server's reply is not in the way, but one click away.
    const reply = status.getByText(/^250 Stored in the development mailbox as message \d+$/);
    expect(await reply.isVisible()).toBe(false);
    await status.getByText("The mail server's reply").click();
    await reply.waitFor();
  });
});
