import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { adminBrowser, identity, useAdminServer } from '../support/admin';
import { startHostServer, type HostServer } from '../support/host-server';
import { expectNothingRan, useHostileChromium, type HostilePage } from '../support/hostile';
import { pdfText, words } from '../support/pdf';
import { fillPerson, openTab, shownLetter, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Issue 5, injection: script payloads and SQL metacharacters in every text field a supporter or an
 * admin can fill, written through the real widget and the admin's real API session, then read on
 * every screen that shows them, in Chromium with the pages' CSP switched off (support/hostile.ts).
 * Each screen must show the payload as text, and nothing may run. The tests run in order: the
 * first writes what the others read.
 */
const chromium = useHostileChromium();
const server = useAdminServer();
const adminOpen = adminBrowser(server, chromium.openPage, identity('injection-admin', 'Fannie Lou Hamer'));
/** adminBrowser opens its pages with chromium.openPage, so they are hostile pages (dialogs recorded). */
const openAsAdmin = (path: string) => adminOpen(path) as Promise<HostilePage>;

let host: HostServer | undefined;
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-e2e-injection-'));
beforeAll(async () => {
  host = await startHostServer(server.url);
});
afterAll(async () => {
  await host?.stop();
  fs.rmSync(downloads, { recursive: true, force: true });
});

const IMG = `<img src=x onerror="window.__pwned=(window.__pwned||0)+1">`;
const SCRIPT = '<script>window.__pwned=1</script>';
const SVG = '"><svg onload=window.__pwned=1>';
const JS_URL = 'javascript:window.__pwned=1';
const SQL_DROP = "'; DROP TABLE supporters; --";
const SQL_OR = '" OR 1=1 --';
const SQL_LIKE = 'back\\slash 100% under_score';

const CAMPAIGN = {
  title: `Park ${IMG} ${SQL_DROP}`,
  description: `${SCRIPT} ${SVG} ${SQL_OR} ${SQL_LIKE}: keep the riverside park green.`,
  category: `${SVG} ${SQL_LIKE}`,
  decision_body: `${IMG} Council`,
  jurisdiction: `${SCRIPT} ${SQL_OR}`,
  meeting_date: '2027-03-04',
  agenda_item_number: SVG,
  project_name: `${JS_URL} ${SQL_DROP}`,
};
const POINT = {
  category: `${IMG} ${SQL_OR}`,
  talking_points: `${SCRIPT} ${SVG} ${SQL_DROP} ${SQL_LIKE} the river floods the meadow every spring.`,
};
const SUCCESS = {
  letter_success_message: `Thanks ${IMG}`,
  letter_success_description: `${SCRIPT} ${SVG} ${SQL_DROP} ${JS_URL}`,
};
/** Address fields within their limits (state 50, ZIP 5 to 10, phone 30). */
const ADDRESS = {
  street: `${SCRIPT} ${SQL_DROP}`,
  city: SVG,
  state: '<svg onload=window.__pwned=1>',
  zip: '<b>123</b>',
  phone: '<img src=x onerror=__pwned=1>',
};
const stamp = `${process.pid}${Date.now()}`;
const SIGNER = { name: `Ada ${IMG}`, email: `o'brien+--_${stamp}@example.org`, ...ADDRESS };
const SIGN_COMMENT = `${SCRIPT} ${IMG} ${SQL_OR} ${SQL_LIKE}`;
const WRITER = { name: `Grace ${SVG} ${SQL_OR}`, email: `grace'--_${stamp}@example.org`, ...ADDRESS };
const NOTE = `${SCRIPT} ${SVG} ${SQL_DROP} ${SQL_LIKE}`;
const PS = `P.S. ${IMG} ${JS_URL}`;

let campaignId = 0;
let finalLetter = '';

/** A call to the API as the signed-in admin's page makes it (same origin, session cookie). */
async function adminApi(page: Page, method: string, url: string, body: unknown) {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(b),
        credentials: 'same-origin',
      });
      return { status: res.status, body: (await res.json()) as { success: boolean; data?: { id?: number }; error?: string } };
    },
    [method, url, body] as const,
  );
}

/** The text is on the screen as text (whitespace-insensitive), in the page or scope given. */
async function shownAsText(scope: Page | Frame | Locator, text: string) {
  await scope.getByText(text, { exact: false }).first().waitFor();
}

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const saved = path.join(downloads, `${Date.now()}-${path.basename(file.suggestedFilename())}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), path: saved };
}

describe('hostile text, written by supporters and admins', () => {
  it('an admin stores a campaign, a message point and the success message full of payloads; all read back identical', async () => {
    const opened = await openAsAdmin('/admin');
    const { page } = opened;
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // Counting at once, so the payloads' signature and letter count and show on every screen: the
    // dashboard's recent lists hold counted rows only, as its totals do.
    const created = await adminApi(page, 'POST', '/api/admin/campaigns', { ...CAMPAIGN, require_confirmation: false });
    expect(created.status, created.body.error).toBeLessThan(300);
    campaignId = created.body.data!.id!;
    const point = await adminApi(page, 'POST', '/api/admin/message-points', { ...POINT, campaign_id: campaignId, display_order: 0, is_locked: false });
    expect(point.status, point.body.error).toBeLessThan(300);
    for (const [key, value] of Object.entries(SUCCESS)) {
      const saved = await adminApi(page, 'PUT', `/api/admin/settings/${key}`, { setting_value: value });
      expect(saved.status, saved.body.error).toBe(200);
    }

    expect(server.db.campaignByTitle(CAMPAIGN.title)).toMatchObject({
      id: campaignId,
      title: CAMPAIGN.title,
      description: CAMPAIGN.description,
      category: CAMPAIGN.category,
      decision_body: CAMPAIGN.decision_body,
      jurisdiction: CAMPAIGN.jurisdiction,
      agenda_item_number: CAMPAIGN.agenda_item_number,
      project_name: CAMPAIGN.project_name,
    });
    expect(server.db.messagePointsByCategory(POINT.category)).toMatchObject([{ talking_points: POINT.talking_points, campaign_id: campaignId }]);
    for (const [key, value] of Object.entries(SUCCESS)) expect(server.db.setting(key)).toBe(value);
    await expectNothingRan(opened, 'the dashboard after the writes');
  });

  it('the widget on a host page shows the campaign as text, and signs with payloads in every field', async () => {
    const opened = await chromium.openPage(`${host!.url}/element.html?campaign=${campaignId}`);
    const widget = await waitForCampaign(widgetOf(opened.page, campaignId), CAMPAIGN.title);
    await shownAsText(widget, CAMPAIGN.description);

    const panel = await openTab(widget, 'Sign Petition');
    await fillPerson(panel, SIGNER);
    await panel.getByLabel('Phone Number').fill(SIGNER.phone);
    await panel.getByLabel('Why is this campaign important to you?').fill(SIGN_COMMENT);
    await panel.getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByText('Thank You!').waitFor();
    await expectNothingRan(opened, 'the widget after signing');

    expect(server.db.supporters(SIGNER.email)).toMatchObject([
      {
        campaign_id: campaignId,
        name: SIGNER.name,
        email: SIGNER.email.toLowerCase(),
        street_address: SIGNER.street,
        city: SIGNER.city,
        state: SIGNER.state,
        zip_code: SIGNER.zip,
        phone_number: SIGNER.phone,
        comment: SIGN_COMMENT,
      },
    ]);
  });

  it('writes a letter with payloads in the form, the note and the edit: review, PDF and success screen show them as text', async () => {
    const opened = await chromium.openPage(`${host!.url}/element.html?campaign=${campaignId}`);
    const { page } = opened;
    const widget = await waitForCampaign(widgetOf(page, campaignId), CAMPAIGN.title);
    const panel = await openTab(widget, 'Write Letter');
    await shownAsText(panel, POINT.category);
    await shownAsText(panel, POINT.talking_points);
    await fillPerson(panel, WRITER);
    await panel.getByLabel('Phone Number').fill(WRITER.phone);
    await panel.getByLabel('Your Perspective').selectOption({ label: 'Parent' });
    await panel.getByRole('group', { name: 'Message Points' }).getByRole('checkbox', { name: POINT.category }).check();
    await panel.getByLabel('How does this affect you or your family?').fill(NOTE);
    await panel.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();

    const banner = widget.locator('[part="banner"]');
    for (const text of [CAMPAIGN.title, WRITER.name]) await shownAsText(banner, text);
    const generated = await shownLetter(widget);
    for (const text of [NOTE, WRITER.name, CAMPAIGN.decision_body, CAMPAIGN.jurisdiction]) expect(generated).toContain(text);
    await expectNothingRan(opened, 'the review screen');

    await widget.getByRole('button', { name: 'Edit Letter' }).click();
    const editor = widget.getByLabel('Edit your letter');
    finalLetter = `${await editor.inputValue()}\n${PS}`;
    await editor.fill(finalLetter);
    await widget.getByRole('button', { name: 'Save Changes' }).click();
    expect(await shownLetter(widget)).toBe(finalLetter);
    await expectNothingRan(opened, 'the review screen after editing');

    const pdf = await download(page, widget.getByRole('button', { name: 'Download' }));
    // pdftotext joins a line that ends in '-' to the next one and drops the '-' (it reads it as a
    // hyphenated word), so hyphens are left out of the comparison; every other character stays.
    const unhyphenated = (t: string) => words(t).replace(/-/g, '');
    const text = unhyphenated(pdfText(pdf.path));
    for (const line of finalLetter.split('\n').filter((l) => l.trim())) expect(text).toContain(unhyphenated(line));

    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: SUCCESS.letter_success_message }).waitFor();
    await shownAsText(widget, SUCCESS.letter_success_description);
    await expectNothingRan(opened, 'the success screen');

    expect(server.db.letters(WRITER.email)).toMatchObject([
      {
        campaign_id: campaignId,
        campaign_title: CAMPAIGN.title,
        letter_content: finalLetter,
        supporter_name: WRITER.name,
        street_address: WRITER.street,
        city: WRITER.city,
        state: WRITER.state,
        zip_code: WRITER.zip,
        phone_number: WRITER.phone,
      },
    ]);
  });

  it('the iframe widget page and the landing page card show them as text', async () => {
    const framed = await chromium.openPage(`${host!.url}/iframe.html?campaign=${campaignId}`);
    const frame = framed.page.frameLocator('iframe');
    await frame.getByRole('heading', { name: CAMPAIGN.title }).waitFor();
    await shownAsText(frame.locator('body'), CAMPAIGN.description);
    await frame.getByRole('tab', { name: 'Write Letter' }).click();
    await shownAsText(frame.locator('body'), POINT.talking_points);
    await expectNothingRan(framed, 'the iframe widget');

    const landing = await chromium.openPage(`${server.url}/`);
    await landing.page.getByRole('heading', { name: 'Active Campaigns' }).waitFor();
    await shownAsText(landing.page, CAMPAIGN.title);
    await shownAsText(landing.page, CAMPAIGN.description);
    await expectNothingRan(landing, 'the landing page');
  });

  it('the dashboard and the campaign list show them as text', async () => {
    const dashboard = await openAsAdmin('/admin');
    const { page } = dashboard;
    await page.getByRole('heading', { name: 'All Campaigns' }).waitFor();
    for (const text of [SIGNER.name, SIGNER.email.toLowerCase(), WRITER.name, CAMPAIGN.title, CAMPAIGN.description, CAMPAIGN.category]) {
      await shownAsText(page, text);
    }
    await expectNothingRan(dashboard, 'the dashboard');

    const list = await openAsAdmin('/admin/causes');
    await list.page.getByRole('heading', { name: 'Campaign Management' }).waitFor();
    for (const text of [CAMPAIGN.title, CAMPAIGN.description, CAMPAIGN.category]) await shownAsText(list.page, text);
    await expectNothingRan(list, 'the campaign list');
  });

  it('the campaign edit form and its live preview hold them as text', async () => {
    const opened = await openAsAdmin(`/admin/campaigns/${campaignId}`);
    const { page } = opened;
    await page.getByRole('heading', { name: 'Edit Campaign', level: 1 }).waitFor();
    const tab = async (name: string) => {
      await page.getByRole('tablist', { name: 'Campaign settings' }).getByRole('tab', { name }).click();
      return page.getByRole('tabpanel', { name });
    };
    const basic = await tab('Basic Info');
    expect(await basic.getByLabel('Title', { exact: true }).inputValue()).toBe(CAMPAIGN.title);
    expect(await basic.getByLabel('Description', { exact: true }).inputValue()).toBe(CAMPAIGN.description);
    expect(await basic.getByLabel('Category').inputValue()).toBe(CAMPAIGN.category);
    // The preview may sit outside the open tab's view; its text is what matters here.
    const previewTitle = page.locator('.wp-root .wp-title');
    expect(await previewTitle.textContent()).toBe(CAMPAIGN.title);
    expect(await page.locator('.wp-root').textContent()).toContain(CAMPAIGN.description);
    // Typing a fresh payload goes into the preview as text too.
    await basic.getByLabel('Title', { exact: true }).fill(`Typed ${SCRIPT} ${IMG}`);
    await expect.poll(() => previewTitle.textContent()).toBe(`Typed ${SCRIPT} ${IMG}`);
    const comment = await tab('Public Comment');
    expect(await comment.getByLabel('Decision body').inputValue()).toBe(CAMPAIGN.decision_body);
    expect(await comment.getByLabel('Jurisdiction').inputValue()).toBe(CAMPAIGN.jurisdiction);
    expect(await comment.getByLabel('Agenda item number').inputValue()).toBe(CAMPAIGN.agenda_item_number);
    expect(await comment.getByLabel('Project name').inputValue()).toBe(CAMPAIGN.project_name);
    await expectNothingRan(opened, 'the campaign edit form');
  });

  it('the letters table, the View dialog and the .txt download show them as text', async () => {
    const opened = await openAsAdmin('/admin/letters');
    const { page } = opened;
    const row = page.getByRole('row').filter({ hasText: WRITER.name });
    await row.waitFor();
    for (const text of [WRITER.email.toLowerCase(), CAMPAIGN.title, WRITER.city]) await shownAsText(row, text);

    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const text of [WRITER.name, WRITER.street, WRITER.phone, NOTE, PS]) await shownAsText(dialog, text);
    await expectNothingRan(opened, 'the letter dialog');
    await page.keyboard.press('Escape');

    const file = await download(page, row.getByRole('button', { name: 'Download' }));
    // Characters no file system accepts are dropped from the name; nothing makes it a path.
    expect(file.name).toMatch(/^letter-\d+-Grace-[^/\\<>"]+\.txt$/);
    const text = fs.readFileSync(file.path, 'utf8');
    expect(text.startsWith(finalLetter.replace(/\s+$/, ''))).toBe(true);
    for (const line of [`Name: ${WRITER.name}`, `Address: ${WRITER.street}`, `Phone: ${WRITER.phone}`, `Campaign: ${CAMPAIGN.title}`]) {
      expect(text).toContain(line);
    }
    await expectNothingRan(opened, 'the letters page after the download');
  });

  it('the message points and the settings show them as text; every table is intact', async () => {
    const points = await openAsAdmin('/admin/message-points');
    const row = points.page.getByRole('row').filter({ hasText: POINT.talking_points });
    await row.waitFor();
    await shownAsText(row, POINT.category);
    await shownAsText(row, CAMPAIGN.title);
    await expectNothingRan(points, 'the message points');

    const settings = await openAsAdmin('/admin/settings');
    const { page } = settings;
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // The heading comes before the settings have been read: the fields fill in when they are.
    const values = () => page.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(values).toContain(SUCCESS.letter_success_message);
    expect(await values()).toContain(SUCCESS.letter_success_description);
    await expectNothingRan(settings, 'the settings');

    // "'; DROP TABLE supporters; --" was only ever text: the rows are all still there.
    expect(server.db.supporters(SIGNER.email)).toHaveLength(1);
    expect(server.db.letters(WRITER.email)).toHaveLength(1);
    const list = (await (await fetch(`${server.url}/api/campaigns`)).json()) as { data: { title: string }[] };
    expect(list.data.map((c) => c.title)).toEqual(expect.arrayContaining(['Protect Riverside Park from Rezoning', CAMPAIGN.title]));
  });

  it('the audit log and the erasure page show them as text, and erase an address full of metacharacters', async () => {
    const log = await openAsAdmin(`/admin/audit-log?campaign_id=${campaignId}`);
    const table = log.page.getByRole('table', { name: 'Audit Log' });
    await table.getByRole('row').nth(1).waitFor();
    await shownAsText(table, CAMPAIGN.title);
    await shownAsText(table, `Added message point "${POINT.category}"`);
    await expectNothingRan(log, 'the audit log');

    const erasure = await openAsAdmin('/admin/erasure');
    const { page } = erasure;
    await page.getByLabel("Supporter's e-mail address").fill(SIGNER.email);
    await page.getByRole('button', { name: 'Find records' }).click();
    const records = page.getByRole('table', { name: `Records holding ${SIGNER.email.toLowerCase()}` });
    await records.waitFor();
    await shownAsText(records, CAMPAIGN.title);
    await expectNothingRan(erasure, 'the erasure preview');
    await page.getByRole('button', { name: 'Erase 1 record' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase 1 record' }).click();
    await page.getByText('No signature or letter holds this address.', { exact: true }).waitFor();
    expect(server.db.supporters(SIGNER.email)).toEqual([]);
    // Only that address: the other supporter's letter is untouched.
    expect(server.db.letters(WRITER.email)).toHaveLength(1);
    await expectNothingRan(erasure, 'the erasure page after erasing');
  });
});
