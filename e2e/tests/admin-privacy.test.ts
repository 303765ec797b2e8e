import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { solvedChallenge } from '../../api/test/solve-challenge';
import { adminBrowser, identity, notice, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';

/**
 * Erasure on request and the audit log, in the console: an admin types a campaign whose title holds
 * markup, a supporter signs it and writes to it, the admin finds both records by the supporter's
 * address, erases them after a confirmation, and then finds the erasure (and the campaign's
 * creation) in the audit log, every title and summary shown as text. The tests run in order and
 * share the campaign and the supporter.
 */
const chromium = useChromium();
const server = useAdminServer();
const ADMIN = identity('privacy-admin', 'Ida B. Wells');
const openAsAdmin = adminBrowser(server, chromium.openPage, ADMIN);

const TITLE = 'Keep the <b>x</b> Library Open Evenings';
const DESCRIPTION = 'The Eastside library closes at five. Ask the board to keep it open until nine on weekdays.';
const stamp = `${process.pid}.${Date.now()}`;
const SUPPORTER = { name: 'Rosa Parks', email: `rosa.parks.${stamp}@example.org` };
const PHONE = { width: 375, height: 740 };

let campaignId = 0;

/** POSTs to the public API as the widget does, its bot check solved. */
async function publicPost(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, altcha: await solvedChallenge(server.url) }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

/** What the erasure preview says about an address, asked as the signed-in admin's page asks. */
function previewOf(page: Page, email: string) {
  return page.evaluate(async (address) => {
    const res = await fetch('/api/admin/erasure/preview', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: address }),
    });
    return (await res.json()) as { data: { records: unknown[]; mails: number } };
  }, email);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const cellTexts = (page: Page, table: string, row: number) => page.getByRole('table', { name: table }).getByRole('row').nth(row).getByRole('cell').allTextContents();
/** 'May 14, 2026, 3:07 PM' (Chromium puts a narrow no-break space before PM). */
const DATE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

describe('erasure on request', () => {
  it('starts from a campaign an admin typed with markup in its title, signed and written to by one supporter', async () => {
    const opened = await openAsAdmin('/admin/campaigns/new');
    const { page } = opened;
    await page.getByRole('heading', { name: 'New Campaign', level: 1 }).waitFor();
    const basic = page.getByRole('tabpanel', { name: 'Basic Info' });
    await basic.getByLabel('Title', { exact: true }).fill(TITLE);
    await basic.getByLabel('Description', { exact: true }).fill(DESCRIPTION);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Campaign created successfully');
    await page.waitForURL(/\/admin\/campaigns\/\d+$/);
    campaignId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(server.db.campaignByTitle(TITLE)).toMatchObject({ id: campaignId, require_confirmation: 1 });

    await publicPost(`/api/campaigns/${campaignId}/support`, {
      name: SUPPORTER.name,
      email: SUPPORTER.email,
      street_address: '12 Cleveland Avenue',
      city: 'Montgomery',
      state: 'AL',
      zip_code: '36104',
    });
    await publicPost(`/api/campaigns/${campaignId}/submit-letter`, {
      supporter_name: SUPPORTER.name,
      supporter_email: SUPPORTER.email,
      perspective: 'homeowner',
      street_address: '12 Cleveland Avenue',
      city: 'Montgomery',
      state: 'AL',
      zip_code: '36104',
      letter_content: 'Dear Board,\n\nPlease keep the library open in the evenings.\n\nRosa Parks',
    });
    expect(server.db.supporters(SUPPORTER.email)).toHaveLength(1);
    expect(server.db.letters(SUPPORTER.email)).toHaveLength(1);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('fits a phone: the records as cards, the page never wider than the screen', async () => {
    const { page } = await openAsAdmin('/admin/erasure', PHONE);
    await page.getByRole('heading', { name: 'Erase a Supporter', level: 1 }).waitFor();
    await page.getByLabel("Supporter's e-mail address").fill(SUPPORTER.email);
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByRole('table', { name: `Records holding ${SUPPORTER.email}` }).getByRole('row').nth(2).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it('refuses an address that is not one, on the field', async () => {
    const { page } = await openAsAdmin('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Erase a Supporter' }).click();
    await page.waitForURL(`${server.url}/admin/erasure`);
    await page.getByRole('heading', { name: 'Erase a Supporter', level: 1 }).waitFor();
    const field = page.getByLabel("Supporter's e-mail address");
    await field.fill('rosa.parks at example.org');
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Focus is on the field to fix, and nothing was looked up.
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('heading', { name: /^Records holding / }).count()).toBe(0);
  });

  it('finds both records by the address in any case, erases them after a confirmation, and shows nothing left', async () => {
    const opened = await openAsAdmin('/admin/erasure');
    const { page } = opened;
    const field = page.getByLabel("Supporter's e-mail address");
    await field.fill(`  ${SUPPORTER.email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Find records' }).click();

    const heading = page.getByRole('heading', { name: `Records holding ${SUPPORTER.email}`, level: 2 });
    await heading.waitFor();
    // Focus moves to what was found.
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    const table = page.getByRole('table', { name: `Records holding ${SUPPORTER.email}` });
    expect(await table.getByRole('row').count()).toBe(3);
    const signature = await cellTexts(page, `Records holding ${SUPPORTER.email}`, 1);
    const letter = await cellTexts(page, `Records holding ${SUPPORTER.email}`, 2);
    expect(signature.slice(0, 3)).toEqual(['Signature', TITLE, 'Pending']);
    expect(letter.slice(0, 3)).toEqual(['Letter', TITLE, 'Pending']);
    expect(signature[3]).toMatch(DATE_TIME);
    // The title is text, linked to the campaign's page: no <b> element was made of it.
    const links = table.getByRole('link', { name: TITLE });
    expect(await links.count()).toBe(2);
    expect(await links.first().getAttribute('href')).toBe(`/admin/campaigns/${campaignId}`);
    expect(await table.locator('b').count()).toBe(0);
    // Neither letter has gone to the decision body yet.
    expect(await page.getByText('Sent to the decision body').count()).toBe(0);
    // The confirmation e-mail: one for both records (one a day per address and campaign).
    await page.getByText(/^Dais has sent 1 e-mail to this address /).waitFor();

    // Escape cancels the confirmation: nothing is erased, focus is back on the button.
    const erase = page.getByRole('button', { name: 'Erase 2 records' });
    await erase.click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase these records?' });
    await dialog.waitFor();
    await dialog.getByText(`Everything listed for ${SUPPORTER.email} is erased on every campaign`, { exact: false }).waitFor();
    // Focus starts on the safe choice.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await erase.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(server.db.supporters(SUPPORTER.email)).toHaveLength(1);
    expect(server.db.letters(SUPPORTER.email)).toHaveLength(1);

    await erase.click();
    await dialog.getByRole('button', { name: 'Erase 2 records' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Erased 1 signature, 1 letter and 1 e-mail.' });
    await result.waitFor();
    // The preview is looked up again: nothing holds the address any more, so there is nothing to erase.
    await page.getByText('No signature or letter holds this address.', { exact: true }).waitFor();
    await page.getByText('Dais has sent no e-mails to this address.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Erase \d/ }).count()).toBe(0);
    expect(await page.getByText('Erased 1 signature, 1 letter and 1 e-mail.').evaluate((el) => el === document.activeElement)).toBe(true);

    // Gone from the database and from what the API can find.
    expect(server.db.supporters(SUPPORTER.email)).toEqual([]);
    expect(server.db.letters(SUPPORTER.email)).toEqual([]);
    expect((await previewOf(page, SUPPORTER.email)).data).toMatchObject({ records: [], mails: 0 });
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });
  it('finds a letter written under another form of the address (a +tag), and names that form', async () => {
    const plain = `lee.vanterpool.${stamp}@example.org`;
    const tagged = plain.replace('@', '+library@');
    const where = { street_address: '9 Juniper Crescent', city: 'Montgomery', state: 'AL', zip_code: '36104' };
    await publicPost(`/api/campaigns/${campaignId}/support`, { name: 'Lee Vanterpool', email: plain, ...where });
    await publicPost(`/api/campaigns/${campaignId}/submit-letter`, {
      supporter_name: 'Lee Vanterpool',
      supporter_email: tagged,
      perspective: 'homeowner',
      ...where,
      letter_content: 'Dear Board,\n\nPlease keep the library open in the evenings.\n\nLee Vanterpool',
    });
    const opened = await openAsAdmin('/admin/erasure');
    const { page } = opened;
    await page.getByLabel("Supporter's e-mail address").fill(plain);
    await page.getByRole('button', { name: 'Find records' }).click();
    const table = page.getByRole('table', { name: `Records holding ${plain}` });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await page.getByText(`Also found under ${tagged}: a form of this address that reaches the same mailbox`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Erase 2 records' }).waitFor();
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });
});

describe('the audit log', () => {
  const LOG = 'Audit Log';

  it('lists the erasure under "Supporter erased", with the campaign as text, and keeps the filter in the address', async () => {
    const opened = await openAsAdmin('/admin');
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL(`${server.url}/admin/audit-log`);
    await page.getByRole('heading', { name: LOG, level: 1 }).waitFor();
    const rows = page.getByRole('table', { name: LOG }).getByRole('row');
    // Newest first: the erasure, then the campaign's creation.
    await rows.nth(2).waitFor();
    expect((await cellTexts(page, LOG, 1))[2]).toBe('Supporter erased');

    await page.getByLabel('Action').selectOption({ label: 'Supporter erased' });
    await page.waitForURL(`${server.url}/admin/audit-log?action=privacy.erase`);
    await expect.poll(() => rows.count()).toBe(2);
    const cells = await cellTexts(page, LOG, 1);
    expect(cells[0]).toMatch(DATE_TIME);
    expect(cells.slice(1)).toEqual([
      ADMIN.email,
      'Supporter erased',
      TITLE,
      "Erased one supporter's records: 1 signature and 1 letter on 1 campaign, and 1 e-mail sent to them",
    ]);
    // The entry names no supporter.
    expect(cells.join(' ')).not.toContain(SUPPORTER.email);
    const link = page.getByRole('table', { name: LOG }).getByRole('link', { name: TITLE });
    expect(await link.getAttribute('href')).toBe(`/admin/campaigns/${campaignId}`);
    await page.getByRole('navigation', { name: 'Pages of entries' }).getByText('Page 1 of 1').waitFor();

    // Bookmarked: the filtered view comes back as it was.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByLabel('Action').inputValue()).toBe('privacy.erase');
    expect((await cellTexts(page, LOG, 1))[2]).toBe('Supporter erased');
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it("shows the campaign's creation, its title full of markup, as text", async () => {
    const { page } = await openAsAdmin('/admin/audit-log?action=campaign.create');
    const table = page.getByRole('table', { name: LOG });
    const created = table.getByRole('cell', { name: `Created campaign "${TITLE}"`, exact: true });
    await created.waitFor();
    expect(await table.locator('b').count()).toBe(0);
    expect(await created.evaluate((el) => el.textContent)).toBe(`Created campaign "${TITLE}"`);
  });

  it('filters by campaign and by part of the admin\'s address, and says when nothing matches', async () => {
    const { page } = await openAsAdmin('/admin/audit-log');
    const rows = page.getByRole('table', { name: LOG }).getByRole('row');
    await rows.nth(1).waitFor();

    await page.getByLabel('Campaign').selectOption({ label: TITLE });
    await page.waitForURL(`${server.url}/admin/audit-log?campaign_id=${campaignId}`);
    await expect.poll(async () => (await rows.count()) > 1 && (await rows.allTextContents()).slice(1).every((r) => r.includes(TITLE))).toBe(true);

    await page.getByLabel('Admin e-mail').fill('PRIVACY-ADMIN@');
    await page.waitForURL(`${server.url}/admin/audit-log?campaign_id=${campaignId}&actor=PRIVACY-ADMIN%40`);
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByLabel('Admin e-mail').fill('someone-else');
    await page.getByText('No entries match these filters.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL(`${server.url}/admin/audit-log`);
    await rows.nth(1).waitFor();
    expect(await page.getByLabel('Admin e-mail').inputValue()).toBe('');
    expect(await page.getByLabel('Campaign').inputValue()).toBe('');
  });

  it('fits a phone: the log is a list of cards and the page never scrolls sideways', async () => {
    const { page } = await openAsAdmin('/admin/audit-log', PHONE);
    await page.getByRole('table', { name: LOG }).getByRole('row').nth(1).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
