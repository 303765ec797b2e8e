import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminBrowser, identity, notice, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { axeViolations } from '../support/axe';
import { useChromium } from '../support/browser';
import { pdfInfo, pdfText } from '../support/pdf';
import { DEMO } from '../support/widget';

/**
 * The hearing packet from the campaign page: a large packet's PDF downloads with a progress bar
 * that counts the letters as the server makes them, and the CSV of only the letters after a date.
 */
const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('packet-admin', 'Fannie Lou Hamer'));
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-e2e-packet-'));
afterAll(() => fs.rmSync(downloads, { recursive: true, force: true }));

const OLD = 3_000;
const RECENT = 4;

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button.click()]);
  const saved = path.join(downloads, file.suggestedFilename());
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), file: saved };
}

describe('the hearing packet', () => {
  it('downloads a large packet as one PDF, with a progress bar counting the letters as they are made', async () => {
    // The demo data may already hold letters to this campaign: the packet counts them too.
    const existing = server.db.campaign(DEMO.park.id)!.letter_count;
    server.db.insertOldLetters(DEMO.park.id, OLD, 30);
    server.db.insertOldLetters(DEMO.park.id, RECENT, 1);
    const opened = await openAsAdmin(`/admin/campaigns/${DEMO.park.id}`);
    const { page } = opened;
    const packet = page.getByRole('region', { name: 'Hearing packet' });
    await packet.waitFor();

    const bar = page.getByRole('progressbar', { name: 'Making the hearing packet (PDF)' });
    // What the bar said while the packet was being made, read in one go each time (it leaves when done).
    const seen: { now: string | null; max: string | null; text: string | null }[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const state = await page.evaluate(() => {
          const el = document.querySelector('[role="progressbar"][aria-label="Making the hearing packet (PDF)"]');
          return el && { now: el.getAttribute('aria-valuenow'), max: el.getAttribute('aria-valuemax'), text: el.getAttribute('aria-valuetext') };
        });
        if (state) seen.push(state);
        await page.waitForTimeout(25);
      }
    })();
    const pdf = await download(page, packet.getByRole('button', { name: 'Download Hearing Packet (PDF)' }));
    watching = false;
    await watch;

    expect(pdf.name).toBe('hearing-packet-protect-riverside-park-from-rezoning.pdf');
    const total = existing + OLD + RECENT;
    const shown = total.toLocaleString('en-US');
    // The bar knew the total, moved while the server worked, and never went past it.
    const counted = seen.filter((s) => s.now !== null).map((s) => Number(s.now));
    expect(seen.filter((s) => s.max !== null).every((s) => s.max === String(total))).toBe(true);
    expect(counted.some((n) => n > 0 && n < total), `progress seen: ${counted.join(', ')}`).toBe(true);
    expect(counted).toEqual([...counted].sort((a, b) => a - b));
    expect(seen.some((s) => s.text?.startsWith('Letter ') && s.text.endsWith(` of ${shown}`))).toBe(true);
    await notice(page, `Hearing packet (PDF) downloaded: ${shown} letters`);
    await bar.waitFor({ state: 'detached' });

    expect(Number(pdfInfo(pdf.file).Pages)).toBeGreaterThan(2);
    expect(pdfText(pdf.file)).toContain(`Letter ${shown} of ${shown}: `);
    const cover = pdfText(pdf.file).split('\f')[0]!;
    expect(cover).toContain('Protect Riverside Park from Rezoning');
    expect(cover).toContain(shown);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('downloads the CSV of only the letters submitted after a date and time the admin picks, and is accessible', async () => {
    const opened = await openAsAdmin(`/admin/campaigns/${DEMO.park.id}`);
    const { page } = opened;
    const packet = page.getByRole('region', { name: 'Hearing packet' });
    // Two days ago, typed as the campaign's page reads times, in its zone (Chicago): after the old
    // letters, before the recent ones.
    await packet.getByText(/^In America\/Chicago \((CST|CDT)\)\. Leave empty for every letter\.$/).waitFor();
    const twoDaysAgo = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Chicago', dateStyle: 'short', timeStyle: 'short' })
      .format(new Date(Date.now() - 2 * 86_400_000))
      .replace(' ', 'T');
    await packet.getByLabel('Only letters submitted after').fill(twoDaysAgo);
    // The web page of the packet opens for the same period, in a new tab.
    const html = packet.getByRole('link', { name: 'Open Hearing Packet (web page)' });
    expect(await html.getAttribute('href')).toMatch(new RegExp(`^/api/admin/campaigns/${DEMO.park.id}/packet\\.html\\?since=\\d{4}-\\d\\d-\\d\\dT\\d\\d%3A\\d\\d%3A00[-+]\\d\\d%3A\\d\\d$`));
    expect(await html.getAttribute('target')).toBe('_blank');
    const csv = await download(page, packet.getByRole('button', { name: 'Download Hearing Packet (CSV)' }));
    expect(csv.name).toBe('hearing-packet-protect-riverside-park-from-rezoning.csv');
    const lines = fs.readFileSync(csv.file, 'utf8').trimEnd().split('\r\n');
    // A line that says what the file is for, then the header row.
    expect(lines[0]).toMatch(/^\ufeff"Not for publication: for the clerk's verification/);
    expect(lines[1]).toBe(
      'Agenda item,Name,Email,Address,City,State,ZIP code,Phone,District,Residency,Position,Perspective,Personal,Submitted at,Late,Packet letter no.,Letter ID,Letter SHA-256,Letter',
    );
    // Each recent letter is two lines long (its text has a line break inside quotes).
    expect(fs.readFileSync(csv.file, 'utf8').match(/older\.\d+@example\.org/g)).toHaveLength(RECENT);
    await notice(page, `Hearing packet (CSV) downloaded: ${RECENT} letters`);

    expect(await axeViolations(page)).toEqual([]);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });
});
