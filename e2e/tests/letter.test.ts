import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/browser';
import { openDaisDatabase } from '../support/database';
import { pdfFonts, pdfInfo, pdfText, words } from '../support/pdf';
import { DEMO, generateLetter, newPerson, shownLetter, waitForCampaign, widgetOf } from '../support/widget';
import type { Locator, Page } from 'playwright-core';

const chromium = useChromium();
const db = openDaisDatabase();
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-e2e-pdf-'));
afterAll(() => {
  db.close();
  fs.rmSync(downloads, { recursive: true, force: true });
});

/** SPEC.md section 9: 'support-letter-' + the title in lower case, spaces turned to hyphens, '.pdf'. */
const PARK_PDF = 'support-letter-protect-riverside-park-from-rezoning.pdf';

/** Edit Letter, type, Save Changes; returns the letter as saved. */
async function editLetter(widget: Locator, edit: (letter: string) => string): Promise<string> {
  await widget.getByRole('button', { name: 'Edit Letter' }).click();
  const editor = widget.getByLabel('Edit your letter');
  const edited = edit(await editor.inputValue());
  await editor.fill(edited);
  await widget.getByRole('button', { name: 'Save Changes' }).click();
  return edited;
}

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const saved = path.join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), path: saved };
}

describe('writing a letter', () => {
  it('generates, edits, saves and submits it; the database holds the edited text; the host page never navigates', async () => {
    const { page, context } = await chromium.openHostPage('element.html');
    const hostUrl = page.url();
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('dais').hostUrl });
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const lettersBefore = db.campaign(DEMO.park.id)!.letter_count;
    const person = newPerson();

    await widget.getByRole('tab', { name: 'Write Letter' }).click();
    const form = widget.getByRole('tabpanel');
    // The campaign's hidden point is not offered, and nothing can be generated before a point is chosen.
    const hidden = db.messagePoints(DEMO.park.id).find((p) => p.is_locked)!;
    expect(await form.getByRole('checkbox', { name: hidden.category }).count()).toBe(0);
    await form.getByText('Please select at least one message point.').waitFor();
    expect(await form.getByRole('button', { name: 'Generate Letter' }).isDisabled()).toBe(true);
    await form.getByLabel('How does this affect you or your family?').fill('I learned to swim in that river.');
    await generateLetter(widget, person, 'Business Owner');

    // The review: the campaign, who it is from, the perspective with spaces, the letter in the supporter's words.
    const banner = widget.locator('[part="banner"]');
    expect(words((await banner.textContent()) ?? '')).toMatch(
      new RegExp(`${DEMO.park.title}\\s*From:\\s*${person.name}\\s*Perspective:\\s*Business Owner`, 'i'),
    );
    const generated = await shownLetter(widget);
    expect(generated).toContain(person.name);
    expect(generated).toContain('I learned to swim in that river.');
    await widget.getByText('This letter is formatted to fit one standard 8.5x11 inch page when printed.').waitFor();

    // Cancel throws an edit away; Submit waits while editing.
    await widget.getByRole('button', { name: 'Edit Letter' }).click();
    await widget.getByLabel('Edit your letter').fill('Not this.');
    expect(await widget.getByRole('button', { name: 'Submit Letter' }).isDisabled()).toBe(true);
    await widget.getByRole('button', { name: 'Cancel' }).click();
    expect(await shownLetter(widget)).toBe(generated);

    const edited = await editLetter(widget, (letter) =>
      letter.replace(person.name, `${person.name}, a neighbour of the park since 1998`),
    );
    expect(edited).not.toBe(generated);
    expect(await shownLetter(widget)).toBe(edited);

    await widget.getByRole('button', { name: 'Copy' }).click();
    await widget.getByText('Letter copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(edited);

    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    await widget.getByText('Your letter is now available for administrators to review, print and share with decision makers.').waitFor();
    const [letter] = db.letters(person.email);
    expect(letter).toMatchObject({
      campaign_id: DEMO.park.id,
      letter_content: edited,
      supporter_name: person.name,
      perspective: 'business_owner',
      campaign_title: DEMO.park.title,
      zip_code: person.zip,
    });
    expect(db.letters(person.email)).toHaveLength(1);
    // The hidden point went with the one the supporter ticked.
    expect(JSON.parse(String(letter!.message_point_ids))).toContain(hidden.id);
    expect(JSON.parse(String(letter!.message_point_ids))).toHaveLength(2);
    expect(db.campaign(DEMO.park.id)!.letter_count).toBe(lettersBefore + 1);

    const copy = await download(page, widget.getByRole('button', { name: 'Download Copy' }));
    expect(copy.name).toBe(PARK_PDF);

    // Back to the widget's start, not to the Dais home page: the campaign with its tabs, forms empty.
    await widget.getByRole('button', { name: 'Return to Campaigns' }).click();
    await widget.getByRole('tab', { name: 'Write Letter' }).click();
    expect(await widget.getByRole('tabpanel').getByLabel('Full Name').inputValue()).toBe('');
    expect(page.url()).toBe(hostUrl);
    expect(navigations).toEqual([]);
    // And nothing of the widget spilled into the host page's own document.
    expect(await page.evaluate(() => document.body.querySelectorAll('a[download], textarea').length)).toBe(0);
  });

  it("'Back to Campaigns' returns to the form with what was typed", async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const person = newPerson();
    await generateLetter(widget, person);
    await widget.getByRole('button', { name: 'Back to Campaigns' }).click();
    const panel = widget.getByRole('tabpanel');
    expect(await panel.getByLabel('Email Address').inputValue()).toBe(person.email);
    expect(db.letters(person.email)).toEqual([]);
  });

  it('downloads a one-page US Letter PDF of the letter as shown, named as the spec says', async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    await generateLetter(widget, newPerson(), 'Retiree');
    const edited = await editLetter(widget, (letter) => `${letter}\nP.S. Please keep the meadow.`);

    const pdf = await download(page, widget.getByRole('button', { name: 'Download' }));
    expect(pdf.name).toBe(PARK_PDF);
    const info = pdfInfo(pdf.path);
    expect(info.Pages).toBe('1');
    expect(info['Page size']).toMatch(/^612 x 792 pts/);
    const text = words(pdfText(pdf.path));
    for (const line of edited.split('\n').filter((l) => l.trim())) expect(text).toContain(words(line));
  });

  it('prints a name in Arabic script on a strict-CSP host page, fetching its fonts from Dais only on Download', async () => {
    const { page, requests } = await chromium.openHostPage('strict-csp.html');
    const encodings = new Map<string, string | undefined>();
    page.on('response', (r) => encodings.set(r.url(), r.headers()['content-encoding']));
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const person = { ...newPerson(), name: 'ليلى عبد الله' };
    await generateLetter(widget, person);
    const generated = await shownLetter(widget);
    expect(generated).toContain(person.name);

    const fontFiles = () => requests.filter((url) => /\/assets\/[^/]+\.ttf$/.test(url));
    // Nothing of the fonts before Download: neither the files nor the chunk that lists them
    // (letter-pdf/fonts.ts, built as assets/fonts-[hash].js).
    const fontsChunk = (url: string) => /\/assets\/fonts-[\w-]{8}\.js$/.test(url);
    expect(fontFiles()).toEqual([]);
    expect(requests.filter(fontsChunk)).toEqual([]);

    const pdf = await download(page, widget.getByRole('button', { name: 'Download' }));
    expect(pdf.name).toBe(PARK_PDF);
    expect(requests.filter(fontsChunk)).toHaveLength(1);
    // The Latin and Arabic files only, from the Dais origin, compressed.
    const fetched = fontFiles();
    expect(fetched.map((url) => new URL(url).pathname.replace(/-[\w-]{8}\.ttf$/, '')).sort()).toEqual(['/assets/NotoSans-Latin', '/assets/NotoSansArabic']);
    for (const url of fetched) {
      expect(new URL(url).origin).toBe(inject('dais').url);
      expect(encodings.get(url)).toBe('br');
    }

    expect(pdfInfo(pdf.path).Pages).toBe('1');
    const text = pdfText(pdf.path);
    expect(text).toContain(person.name);
    for (const line of generated.split('\n').filter((l) => l.trim() && !l.includes(person.name))) expect(words(text)).toContain(words(line));
    expect(pdfFonts(pdf.path).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'NotoSans-Latin', embedded: true },
      { name: 'NotoSansArabic', embedded: true },
    ]);
  });
});

