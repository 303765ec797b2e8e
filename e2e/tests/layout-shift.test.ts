import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium, VIEWPORTS, type ViewportName } from '../support/browser';
import { pageCost, RECORD_PAGE_COST, type Shift } from '../support/page-cost';

/**
 * Issue 9, point 8: the landing page does not shift while it fills in (Lighthouse measured CLS 0.11
 * on desktop when the campaign list arrived and pushed the testimonials and the footer down).
 * Chromium's own layout-shift entries, summed as CLS counts them (shifts right after input aside),
 * at desktop and phone width, with scrollbars that take room as on a desktop.
 */
const chromium = useChromium({ showScrollbars: true });

/** The shifts so far (the long tasks recorded beside them are held by host-cost.test.ts). */
const layoutShifts = async (page: Page): Promise<Shift[]> => (await pageCost(page)).shifts;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the landing page at %s width', (viewport) => {
  it('has a cumulative layout shift of 0 once its campaigns and testimonials are in', async () => {
    const { url } = inject('dais');
    const { page, context } = await chromium.openPage('about:blank', viewport);
    await context.addInitScript(RECORD_PAGE_COST);
    // The campaign list answers only after the page has painted, as over any real network.
    let answer: () => void = () => undefined;
    const painted = new Promise<void>((resolve) => (answer = resolve));
    let held = 0;
    await page.route('**/api/campaigns', async (route) => {
      held += 1;
      await painted;
      await route.continue();
    });

    await page.goto(`${url}/`);
    await page.getByRole('heading', { name: 'Make your voice heard where decisions are made' }).waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    answer();
    await page.getByRole('heading', { name: 'Active Campaigns' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await page.getByRole('heading', { name: 'What organizers say' }).waitFor();

    expect(held, 'the campaign list request was held back').toBe(1);
    const shifts = await layoutShifts(page);
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(shifts, `layout shifts (CLS ${cls.toFixed(3)})`).toEqual([]);
  });
});
