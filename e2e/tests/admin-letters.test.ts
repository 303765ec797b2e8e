import fs from 'node:fs';
import { solvedChallenge } from '../../api/test/solve-challenge';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminBrowser, identity, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { DEMO, fillPerson, newPerson, openTab, waitForCampaign, widgetOf } from '../support/widget';

/**
 * A letter from the widget to the admin's desk: listed in Letters, read in the View dialog and
 * downloaded as the spec's text file. The tests run in order and share the letter.
 */
const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('letters-admin', 'John Lewis'));
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-e2e-letters-'));
afterAll(() => fs.rmSync(downloads, { recursive: true, force: true }));

const WRITER = { ...newPerson(), name: 'Mary Ann Evans', phone: '(217) 555-0142' };
const DIVIDER = '-'.repeat(40);
let letter: { id: number; content: string; createdAt: string };

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const saved = path.join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), text: fs.readFileSync(saved, 'utf8') };
}

/** SPEC.md section 9: dates in US English, short month, day, year, and for letters hour and minute. */
const usDateTime = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
    iso,
  );

/** The browser's zone as the console names it: 'America/Chicago (CST)', or 'UTC'. */
const browserZoneName = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value;
    return short && short !== zone ? `${zone} (${short})` : zone;
  }, iso);

describe('letters', () => {
  it("says 'No letters yet' before any letter, then lists one submitted through the widget", async () => {
    server.db.removeAllLetters();
    const opened = await openAsAdmin('/admin/letters');
    const { page } = opened;
    await page.getByRole('heading', { name: 'Letters', level: 1 }).waitFor();
    await page.getByText('No letters yet', { exact: true }).waitFor();

    const widgetPage = (await chromium.openPage(`${server.url}/widget/${DEMO.school.id}`)).page;
    const widget = await waitForCampaign(widgetOf(widgetPage), DEMO.school.title);
    const form = await openTab(widget, 'Write Letter');
    await fillPerson(form, WRITER);
    await form.getByLabel('Phone Number').fill(WRITER.phone);
    await form.getByLabel('Your Perspective').selectOption({ label: 'Healthcare Worker' });
    await form.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    const [row] = server.db.letters(WRITER.email);
    letter = {
      id: Number(row!.id),
      content: String(row!.letter_content),
      createdAt: `${String(row!.created_at).replace(' ', 'T')}Z`,
    };
    expect(letter.content).toContain(WRITER.name);

    await page.reload();
    const table = page.getByRole('table', { name: 'Letters' });
    await table.getByRole('row').nth(1).waitFor();
    const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells).toEqual([
      `${WRITER.name}${WRITER.email}`,
      DEMO.school.title,
      // The Position column: the demo's tree campaign asks one; this campaign does not.
      '—None asked',
      'Healthcare Worker',
      `${WRITER.city}, ${WRITER.state}`,
      // District and Residency: the demo's school campaign has wards; the writer left 'Not sure' and no geocoder runs.
      '—None',
      'Unknown',
      await usDateTime(page, letter.createdAt),
      'ViewDownload',
    ]);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it("shows the newest letter and signature first in the dashboard's recent lists", async () => {
    const signer = { ...newPerson(), name: 'George Eliot' };
    const signed = await fetch(`${server.url}/api/campaigns/${DEMO.park.id}/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Solved as the widget solves it: the server runs with the bot check on.
      body: JSON.stringify({
        name: signer.name,
        email: signer.email,
        street_address: '1 Elm St',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62704',
        altcha: await solvedChallenge(server.url),
      }),
    });
    expect(signed.status).toBe(200);
    const { page } = await openAsAdmin('/admin');
    const letters = page.getByRole('region', { name: 'Recent Letters' });
    const newestLetter = letters.getByRole('listitem').first();
    await newestLetter.waitFor();
    // The perspective with its underscores as spaces (SPEC.md section 2).
    expect(await newestLetter.locator('p').allTextContents()).toEqual([WRITER.name, 'Healthcare Worker', DEMO.school.title]);
    const supporters = page.getByRole('region', { name: 'Recent Supporters' });
    expect(await supporters.getByRole('listitem').count()).toBe(5);
    expect(await supporters.getByRole('listitem').first().locator('p').allTextContents()).toEqual([signer.name, signer.email, DEMO.park.title]);
  });

  it('opens the letter in the View dialog with the supporter details', async () => {
    const { page } = await openAsAdmin('/admin/letters');
    const row = page.getByRole('row').filter({ has: page.getByText(WRITER.email, { exact: true }) });
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: `Letter from ${WRITER.name}` });
    await dialog.waitFor();
    const details = await dialog.locator('dl > div').evaluateAll((items) =>
      items.map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]),
    );
    expect(Object.fromEntries(details)).toEqual({
      Name: WRITER.name,
      Email: WRITER.email,
      Address: WRITER.street,
      'City/State/ZIP': `${WRITER.city}, ${WRITER.state} ${WRITER.zip}`,
      Phone: WRITER.phone,
      Perspective: 'Healthcare Worker',
      Campaign: DEMO.school.title,
      District: 'None',
      Residency: 'Unknown',
      Submitted: await usDateTime(page, letter.createdAt),
    });
    expect(await dialog.getByRole('link', { name: WRITER.email }).getAttribute('href')).toBe(`mailto:${WRITER.email}`);
    await dialog.getByRole('heading', { name: 'Letter', exact: true }).waitFor();
    // The letter as submitted, line breaks and all.
    expect(await dialog.locator('.letter-text').evaluate((el) => (el as HTMLElement).innerText.trim())).toBe(letter.content.trim());

    // The footer's Close (the header's × is named Close too).
    await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus returns to the View button that opened it.
    expect(await row.getByRole('button', { name: 'View' }).evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('downloads letter-{id}-{name-with-hyphens}.txt: the letter, a divider, then who sent it', async () => {
    const { page } = await openAsAdmin('/admin/letters');
    const row = page.getByRole('row').filter({ has: page.getByText(WRITER.email, { exact: true }) });
    const fromRow = await download(page, row.getByRole('button', { name: 'Download' }));
    expect(fromRow.name).toBe(`letter-${letter.id}-Mary-Ann-Evans.txt`);
    expect(fromRow.text).toBe(
      [
        letter.content.replace(/\s+$/, ''),
        '',
        DIVIDER,
        '',
        'Submitted by',
        `Name: ${WRITER.name}`,
        `Email: ${WRITER.email}`,
        `Address: ${WRITER.street}`,
        `City/State/ZIP: ${WRITER.city}, ${WRITER.state} ${WRITER.zip}`,
        `Phone: ${WRITER.phone}`,
        'Perspective: Healthcare Worker',
        `Campaign: ${DEMO.school.title}`,
        // The file is read away from the screen: its time names the screen's zone (the browser's here).
        `Submitted: ${await usDateTime(page, letter.createdAt)} (${await browserZoneName(page, letter.createdAt)})`,
        '',
      ].join('\n'),
    );

    // The dialog's Download saves the same file.
    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: `Letter from ${WRITER.name}` });
    const fromDialog = await download(page, dialog.getByRole('button', { name: 'Download' }));
    expect(fromDialog).toEqual(fromRow);
  });

  it('pages through letters 25 at a time, newest first, with the page in the address', async () => {
    server.db.insertOldLetters(DEMO.park.id, 30);
    const { page } = await openAsAdmin('/admin/letters');
    const pages = page.getByRole('navigation', { name: 'Pages of letters' });
    await pages.getByText('Page 1 of 2').waitFor();
    // The list's figures by the console's one rule, above it (every letter here counts).
    await page.getByText('31 letters counted.', { exact: true }).waitFor();
    const rows = page.getByRole('table', { name: 'Letters' }).getByRole('row');
    expect(await rows.count()).toBe(26);
    expect(await rows.nth(1).getByText(WRITER.email, { exact: true }).count()).toBe(1);

    // Next names the last letter seen, so the server seeks from it instead of counting.
    await pages.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(new RegExp(`^${server.url}/admin/letters\\?page=2&after=\\d+$`));
    await pages.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(7);
    await rows.nth(6).getByText('older.30@example.org', { exact: true }).waitFor();
    expect(await pages.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
    await page.reload();
    await rows.nth(6).getByText('older.30@example.org', { exact: true }).waitFor();

    await page.goBack();
    await pages.getByText('Page 1 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(26);

    // A cursor no letter can have is ignored: the page is found by its number.
    await page.goto(`${server.url}/admin/letters?page=2&after=9999999999`);
    await rows.nth(6).getByText('older.30@example.org', { exact: true }).waitFor();

    // A page typed into the address is found by its number; Previous from page 2 is the first page.
    await page.goto(`${server.url}/admin/letters?page=2`);
    await rows.nth(6).getByText('older.30@example.org', { exact: true }).waitFor();
    await pages.getByRole('button', { name: 'Previous' }).click();
    await pages.getByText('Page 1 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(26);
    expect(await rows.nth(1).getByText(WRITER.email, { exact: true }).count()).toBe(1);

    // Every letter in one CSV file, streamed by the server: the widget's letter and the 30 older ones.
    const csv = await download(page, page.getByRole('link', { name: 'Download All (CSV)' }));
    expect(csv.name).toMatch(/^letters-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text.startsWith('\ufeffSubmitted at (UTC),Status,Campaign,Name,Email,')).toBe(true);
    for (const email of [WRITER.email, ...Array.from({ length: 30 }, (_, i) => `older.${i + 1}@example.org`)]) {
      expect(csv.text, email).toContain(`,${email},`);
    }
  });

  it("downloads a campaign's signatures from its edit page", async () => {
    const { page } = await openAsAdmin(`/admin/campaigns/${DEMO.park.id}`);
    const csv = await download(page, page.getByRole('link', { name: 'Download Signatures (CSV)' }));
    expect(csv.name).toMatch(new RegExp(`^signatures-campaign-${DEMO.park.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const [header, first] = csv.text.split('\r\n');
    expect(header).toBe('\ufeffSigned at (UTC),Status,Campaign,Name,Email,Street address,City,State,ZIP code,Phone,Public,Comment,Position,District,Residency,Campaign ID,Signature ID');
    expect(first).toMatch(/^[^,]+,confirmed,/);
    expect(first).toContain(`,${DEMO.park.title},`);
  });
});
