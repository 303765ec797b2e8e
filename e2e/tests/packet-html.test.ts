import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminBrowser, identity, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { axeViolations } from '../support/axe';
import { useChromium } from '../support/browser';
import { DEMO } from '../support/widget';

/**
 * Issue 26 point 7: the hearing packet as one HTML page, opened in a real browser as an admin
 * does, meets WCAG (axe, screen and print), loads and runs nothing its Content-Security-Policy
 * refuses (a refusal is a console error), and prints to PDF.
 */
const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('packet-html-admin', 'Ella Baker'));

/** Opens a campaign's packet page in the signed-in admin's browser; its status. */
async function openPacket(page: Page, campaignId: number): Promise<number> {
  const res = await page.goto(`${server.url}/api/admin/campaigns/${campaignId}/packet.html`);
  await page.getByRole('heading', { level: 2, name: 'Checking these letters' }).waitFor();
  return res!.status();
}

describe('the hearing packet as HTML', () => {
  it('opens in the browser with no axe violations, on screen and in print, nothing refused, and prints to PDF', async () => {
    // Letters in both languages of the demo data, whatever it already holds.
    server.db.insertOldLetters(DEMO.park.id, 5, 3);
    server.db.insertOldLetters(DEMO.palmas.id, 3, 2);
    const opened = await openAsAdmin('/admin');
    const { page } = opened;

    for (const campaign of [DEMO.park, DEMO.palmas]) {
      const before = opened.requests.length;
      expect(await openPacket(page, campaign.id)).toBe(200);
      // The page asks for nothing beyond itself: no style sheet, font, image or script.
      expect(opened.requests.slice(before).map((url) => new URL(url).pathname)).toEqual([`/api/admin/campaigns/${campaign.id}/packet.html`]);
      expect(await page.title()).toBe(`Public comment letters: ${campaign.title}`);
      await page.getByRole('heading', { level: 1, name: campaign.title }).waitFor();
      expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(campaign === DEMO.park ? 5 : 3);
      expect(await page.locator('script').count()).toBe(0);

      expect(await axeViolations(page), `axe on screen, ${campaign.title}`).toEqual([]);
      await page.emulateMedia({ media: 'print' });
      expect(await axeViolations(page), `axe in print, ${campaign.title}`).toEqual([]);
      const pdf = await page.pdf({ format: 'Letter', printBackground: true });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(10_000);
      await page.emulateMedia({ media: 'screen' });
    }
    // The Spanish campaign's letters say so.
    const langs = await page.locator('div.letter').evaluateAll((divs) => [...new Set(divs.map((d) => d.getAttribute('lang')))]);
    expect(langs).toEqual(['es']);

    // A CSP refusal (of the style, of anything) is logged as a console error.
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });
});
