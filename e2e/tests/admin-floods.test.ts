import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminBrowser, identity, unexpectedConsoleErrors, useAdminServer, type SeededRecord } from '../support/admin';
import { useChromium } from '../support/browser';

/**
 * Floods in the console: a campaign (its title full of markup) gets 60 signatures and a letter
 * from one network in the last hour, among 20 others; the dashboard names the network, its link
 * opens the campaign's Quarantine screen filled in, the admin previews and quarantines the burst
 * and sees the counts drop (on the screen, the campaign list, the dashboard), then restores it and
 * sees them back. Throwaway addresses carry a badge in the supporters list; a burst another admin
 * took first is refused on its field. The tests run in order and share the campaign.
 */
const chromium = useChromium();
const server = useAdminServer();
const ADMIN = identity('floods-admin', 'Ella Baker');
const ADMIN_EMAIL = 'floods-admin@example.org';
const openAsAdmin = adminBrowser(server, chromium.openPage, ADMIN);

const TITLE = 'Save the <i>Marsh</i> & "Heron" Walk';
const REASON = 'Sixty <b>names</b> in half an hour from one network';
const NETWORK = '203.0.113.0/24';
const run = `${process.pid}.${Date.now()}`;
const PHONE = { width: 375, height: 740 };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

let campaignId = 0;

beforeAll(() => {
  campaignId = server.db.insertCampaign({ title: TITLE, require_confirmation: false });
  // 60 from one /24 over half an hour, each with its own domain; 10 at a throwaway-mail provider and
  // 10 ordinary ones, each from its own network, the newest of all (the first page of supporters).
  const flood: SeededRecord[] = Array.from({ length: 60 }, (_, i) => ({
    name: `Flood Signer ${i + 1}`,
    email: `flood${i}.${run}@town${i}.example`,
    network: NETWORK,
    at: minutesAgo(50 - i * 0.5),
  }));
  const throwaway: SeededRecord[] = Array.from({ length: 10 }, (_, i) => ({
    name: `Throwaway Signer ${i + 1}`,
    email: `quick${i}.${run}@mailinator.com`,
    network: `10.${i}.7.0/24`,
    at: minutesAgo(3 - i * 0.1),
  }));
  const ordinary: SeededRecord[] = Array.from({ length: 10 }, (_, i) => ({
    name: `Neighbour ${i + 1}`,
    email: `neighbour${i}.${run}@example.net`,
    network: `198.18.${i}.0/24`,
    at: minutesAgo(10 + i),
  }));
  server.db.insertSignatures(campaignId, [...flood, ...throwaway, ...ordinary]);
  server.db.insertLetters(campaignId, [{ name: 'Flood Writer', email: `writer.${run}@town0.example`, network: NETWORK, at: minutesAgo(25) }]);
  expect(server.db.campaign(campaignId)).toMatchObject({ supporter_count: 80, letter_count: 1 });
});

const alerts = (page: Page) => page.getByRole('region', { name: 'Possible floods in the last hour' });
const ourAlert = (page: Page) => alerts(page).getByRole('listitem').filter({ hasText: TITLE });
const campaignRow = (page: Page) => page.getByRole('table', { name: 'All Campaigns' }).getByRole('row').filter({ has: page.getByText(TITLE, { exact: true }) });
const rowCells = (page: Page) => campaignRow(page).getByRole('cell').allTextContents();
const quarantineRows = (page: Page) => page.getByRole('table', { name: 'Quarantines' }).getByRole('row');
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const isFocused = (page: Page, text: string) => page.getByText(text, { exact: true }).evaluate((el) => el === document.activeElement);

/** Supporters and Letters, as the campaign list's row shows them. */
async function listedCounts(page: Page) {
  await page.goto(`${server.url}/admin/causes`);
  await campaignRow(page).waitFor();
  const cells = await rowCells(page);
  return { supporters: cells[2], letters: cells[3] };
}

describe('a flood, quarantined and restored', () => {
  it('marks throwaway addresses in the supporters list', async () => {
    const opened = await openAsAdmin('/admin');
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Supporters' }).click();
    await page.waitForURL(`${server.url}/admin/supporters`);
    await page.getByRole('heading', { name: 'Supporters', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Supporters' });
    const throwaway = table.getByRole('row').filter({ hasText: `quick0.${run}@mailinator.com` });
    await throwaway.waitFor();
    expect(await throwaway.getByText('Throwaway e-mail', { exact: true }).count()).toBe(1);
    const ordinary = table.getByRole('row').filter({ hasText: `neighbour0.${run}@example.net` });
    await ordinary.waitFor();
    expect(await ordinary.getByText('Throwaway e-mail').count()).toBe(0);
    // The campaign's title is text, linked to its page.
    expect(await throwaway.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/admin/campaigns/${campaignId}`);
    expect(await table.locator('i').count()).toBe(0);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('names the network on the dashboard and opens the quarantine screen filled in', async () => {
    const opened = await openAsAdmin('/admin');
    const { page } = opened;
    const alert = ourAlert(page);
    await alert.waitFor();
    const text = (await alert.locator('p').textContent()) ?? '';
    // Unlike the console's other figures these count what arrived, confirmed or not, and say so.
    expect(text).toMatch(new RegExp(`^203\\.0\\.113\\.0/24 sent 60 of the 80 signatures received for “${escape(TITLE)}” since \\d{1,2}:\\d{2}\\s[AP]M, confirmed or not$`));
    expect(await alerts(page).locator('i').count()).toBe(0);
    // A static panel, not an alert shouting over the page.
    expect(await alerts(page).getAttribute('role')).toBeNull();

    await alert.getByRole('link', { name: 'Review and quarantine' }).click();
    await page.waitForURL(new RegExp(`/admin/campaigns/${campaignId}/quarantines\\?network=203\\.0\\.113\\.0%2F24&from=`));
    await page.getByRole('heading', { name: 'Quarantine', level: 1 }).waitFor();
    await page.getByText(TITLE, { exact: true }).first().waitFor();
    expect(await page.getByRole('radio', { name: 'One network' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Network', { exact: true }).inputValue()).toBe(NETWORK);
    // From the alert's start (rounded down to the minute) to now (rounded up), where the admin is.
    const since = new URL(page.url()).searchParams.get('from')!;
    const [from, to] = await Promise.all([page.getByLabel('From', { exact: true }).inputValue(), page.getByLabel('To', { exact: true }).inputValue()]);
    const local = (value: string) => page.evaluate((v) => new Date(v).getTime(), value);
    expect(await local(from)).toBeLessThanOrEqual(Date.parse(since));
    expect(Date.parse(since) - (await local(from))).toBeLessThan(60_000);
    expect(await local(to)).toBeGreaterThanOrEqual(Date.now() - 60_000);
    await page.getByText('Nothing from this campaign has been quarantined.', { exact: true }).waitFor();
    await page.getByText('Counted now: 80 signatures and 1 letter', { exact: true }).waitFor();
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('refuses a quarantine without a reason, on the field', async () => {
    const { page } = await openAsAdmin(`/admin/campaigns/${campaignId}/quarantines?network=${encodeURIComponent(NETWORK)}&from=${minutesAgo(60).toISOString()}`);
    await page.getByRole('heading', { name: 'Quarantine', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const reason = page.getByLabel('Reason', { exact: true });
    await page.getByText('Say why, in a few words: the audit log keeps it', { exact: true }).waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Quarantine', exact: true }).count()).toBe(0);
  });

  it('previews the burst, quarantines it after a confirmation, and the counts drop everywhere', async () => {
    const opened = await openAsAdmin(`/admin/campaigns/${campaignId}/quarantines?network=${encodeURIComponent(NETWORK)}&from=${minutesAgo(60).toISOString()}`);
    const { page } = opened;
    await page.getByRole('heading', { name: 'Quarantine', level: 1 }).waitFor();
    await page.getByLabel('Reason', { exact: true }).fill(REASON);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('status').filter({ hasText: 'This takes 60 signatures (60 counted) and 1 letter (1 counted).' }).waitFor();
    await page.getByText("The campaign's counts drop by 60 signatures and 1 letter.", { exact: true }).waitFor();
    // A preview changes nothing.
    expect(server.db.campaign(campaignId)).toMatchObject({ supporter_count: 80, letter_count: 1 });

    // Cancel first: nothing happens.
    const quarantine = page.getByRole('button', { name: 'Quarantine', exact: true });
    await quarantine.click();
    const dialog = page.getByRole('alertdialog', { name: 'Quarantine these records?' });
    await dialog.waitFor();
    await dialog.getByText(/^This takes 60 signatures \(60 counted\) and 1 letter \(1 counted\)\. They came from network 203\.0\.113\.0\/24, /).waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(server.db.campaign(campaignId)).toMatchObject({ supporter_count: 80, letter_count: 1 });

    await quarantine.click();
    await dialog.getByRole('button', { name: 'Quarantine', exact: true }).click();
    const done = 'Quarantined 60 signatures and 1 letter from network 203.0.113.0/24.';
    await page.getByRole('status').filter({ hasText: done }).waitFor();
    expect(await isFocused(page, done)).toBe(true);
    await page.getByText('Counted now: 20 signatures and 0 letters', { exact: true }).waitFor();
    expect(server.db.campaign(campaignId)).toMatchObject({ supporter_count: 20, letter_count: 0 });

    // The list: when and by whom, the source, the reason as typed, what it took, held.
    await expect.poll(() => quarantineRows(page).count()).toBe(2);
    const cells = await quarantineRows(page).nth(1).getByRole('cell').allTextContents();
    expect(cells[0]).toContain(`by ${ADMIN_EMAIL}`);
    expect(cells[1]).toBe(`${NETWORK}Network`);
    expect(cells[3]).toBe(REASON);
    expect(cells[4]).toBe('60 signatures1 letter');
    expect(cells[5]).toBe('In quarantineRestore');
    expect(await page.getByRole('table', { name: 'Quarantines' }).locator('b').count()).toBe(0);
    // The preview went with the quarantine it was for.
    expect(await page.getByRole('button', { name: 'Quarantine', exact: true }).count()).toBe(0);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);

    expect(await listedCounts(page)).toEqual({ supporters: '20', letters: '0' });
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'All Campaigns' }).waitFor();
    expect((await rowCells(page))[2]).toBe('20');
    // Out of the last hour's figures too: no alert for this campaign any more.
    expect(await ourAlert(page).count()).toBe(0);
  });

  it('fits a phone: the list as cards, the page never wider than the screen', async () => {
    const { page } = await openAsAdmin(`/admin/campaigns/${campaignId}/quarantines`, PHONE);
    await quarantineRows(page).nth(1).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it('restores the quarantine after a confirmation, and the counts come back', async () => {
    const opened = await openAsAdmin(`/admin/campaigns/${campaignId}`);
    const { page } = opened;
    await page.getByRole('link', { name: 'Review quarantines' }).click();
    await page.waitForURL(`${server.url}/admin/campaigns/${campaignId}/quarantines`);
    const restore = page.getByRole('button', { name: 'Restore' });
    await restore.click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore this quarantine?' });
    await dialog.getByText(/^The 60 signatures and 1 letter from network 203\.0\.113\.0\/24 come back /).waitFor();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    const done = 'Restored 60 signatures and 1 letter from network 203.0.113.0/24.';
    await page.getByRole('status').filter({ hasText: done }).waitFor();
    expect(await isFocused(page, done)).toBe(true);
    await page.getByText('Counted now: 80 signatures and 1 letter', { exact: true }).waitFor();
    expect(server.db.campaign(campaignId)).toMatchObject({ supporter_count: 80, letter_count: 1 });
    const status = quarantineRows(page).nth(1).getByRole('cell').last();
    await expect.poll(() => status.textContent()).toMatch(new RegExp(`^Restoredby ${escape(ADMIN_EMAIL)}, `));
    expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(0);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);

    expect(await listedCounts(page)).toEqual({ supporters: '80', letters: '1' });
    // Restored rows enter the record now: the burst is in the last hour again, and named again.
    await page.goto(`${server.url}/admin`);
    await ourAlert(page).waitFor();
    expect((await rowCells(page))[2]).toBe('80');
  });

  it('shows the refusal on its field when another admin quarantined the burst first', async () => {
    const opened = await openAsAdmin(`/admin/campaigns/${campaignId}/quarantines`);
    const { page } = opened;
    await page.getByRole('heading', { name: 'Quarantine', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'One e-mail domain' }).check();
    await page.getByLabel('E-mail domain', { exact: true }).fill('MAILINATOR.com');
    const hourAgo = await page.evaluate(() => {
      const d = new Date(Date.now() - 3_600_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await page.getByLabel('From', { exact: true }).fill(hourAgo);
    await page.getByLabel('Reason', { exact: true }).fill('Throwaway addresses in a row');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('status').filter({ hasText: 'This takes 10 signatures (10 counted) and 0 letters (0 counted).' }).waitFor();

    // Meanwhile, another admin's request takes the same burst.
    const taken = await page.evaluate(async (id) => {
      const res = await fetch(`/api/admin/campaigns/${id}/quarantines`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), email_domain: 'mailinator.com', reason: 'Taken first' }),
      });
      return res.status;
    }, campaignId);
    expect(taken).toBe(201);

    await page.getByRole('button', { name: 'Quarantine', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Quarantine these records?' }).getByRole('button', { name: 'Quarantine', exact: true }).click();
    const refusal = page.getByText('Nothing to quarantine: no signature or letter from that source in that time range', { exact: true });
    await refusal.waitFor();
    const from = page.getByLabel('From', { exact: true });
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(await from.getAttribute('aria-describedby')).toContain(await refusal.getAttribute('id'));
    expect(server.db.campaign(campaignId)).toMatchObject({ supporter_count: 70 });
    // The refusal is the form's answer, not a failure: nothing in the console but Chromium's line about the 400.
    expect(unexpectedConsoleErrors(opened).filter((line) => !/status of 400 \(Bad Request\)$/.test(line))).toEqual([]);

    await page.reload();
    await expect.poll(() => quarantineRows(page).count()).toBe(3);
    expect((await quarantineRows(page).nth(1).getByRole('cell').allTextContents())[1]).toBe('mailinator.comE-mail domain');
  });
});

/** A string as a regular expression matching it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
