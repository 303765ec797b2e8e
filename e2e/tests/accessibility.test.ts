import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { useChromium, VIEWPORTS, type ViewportName } from '../support/browser';
import { openDaisDatabase } from '../support/database';
import { DEMO, fillPerson, generateLetter, newPerson, openTab, waitForCampaign, widgetOf } from '../support/widget';

/**
 * axe (WCAG 2.2 A and AA rules) in every state of the widget, on the hostile host page, at desktop
 * width and at 320 px; at 320 px nothing in the widget may stick out of it either. (The hostile
 * page's padding leaves the widget about 218 px of the 320.)
 */
const chromium = useChromium();
const db = openDaisDatabase();
const extra = { oneTab: 0, noTab: 0 };
beforeAll(() => {
  extra.oneTab = db.insertCampaign({ title: 'One tab for axe', enable_letter_tab: false, enable_share_tab: false });
  extra.noTab = db.insertCampaign({ title: 'No tab for axe', enable_sign_tab: false, enable_letter_tab: false, enable_share_tab: false });
});
afterAll(() => db.close());

/** At 320 px: nothing in the widget sticks out of it (cut off, or over the host page). */
async function expectNothingSticksOut(root: Locator, state: string) {
  const { width, outside } = await root.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const wide = [...el.querySelectorAll('*')].filter((c) => {
      const r = c.getBoundingClientRect();
      return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
    });
    return {
      width: Math.round(box.width),
      outside: wide.slice(0, 5).map((c) => {
        const r = c.getBoundingClientRect();
        const by = Math.ceil(Math.max(r.right - box.right, box.left - r.left));
        return `<${c.tagName.toLowerCase()} class="${c.getAttribute('class') ?? ''}"> "${c.textContent?.slice(0, 40)}" by ${by}px`;
      }),
    };
  });
  expect.soft(outside, `sticking out of the ${width}px wide widget in "${state}"`).toEqual([]);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('accessibility at %s width', (viewport) => {
  /** Soft assertions: one state's failure does not hide the states after it. */
  async function check(page: Page, state: string, roots: Locator[]) {
    await expectNoAxeViolations(page, `${state}, ${viewport} width`);
    if (viewport === 'phone') for (const root of roots) await expectNothingSticksOut(root, state);
  }
  const rootOf = (widget: Locator) => widget.locator('[part="root"]');

  it('the sign, letter and share tabs, the thank-you view, the review, editing and the success screen', async () => {
    const { page, context } = await chromium.openHostPage('element.html', viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('dais').hostUrl });
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const root = [rootOf(widget)];
    await check(page, 'sign tab', root);
    await openTab(widget, 'Write Letter');
    await check(page, 'letter tab, no point chosen yet', root);
    await openTab(widget, 'Share');
    await check(page, 'share tab', root);

    const form = await openTab(widget, 'Sign Petition');
    await fillPerson(form, newPerson());
    await form.getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await check(page, 'thank-you view', root);

    await generateLetter(widget, newPerson());
    await check(page, 'letter review', root);
    await widget.getByRole('button', { name: 'Copy' }).click();
    await widget.getByText('Letter copied to clipboard!').waitFor();
    await check(page, 'letter review with a message', root);
    await widget.getByRole('button', { name: 'Edit Letter' }).click();
    await check(page, 'editing the letter', root);
    await widget.getByRole('button', { name: 'Save Changes' }).click();
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    await check(page, 'letter submitted', root);
  });

  it('not found, one tab, no tab', async () => {
    const cases = [
      { id: 999_999, state: 'campaign not found', heading: 'Campaign Not Found' },
      { id: extra.oneTab, state: 'one tab', heading: 'One tab for axe' },
      { id: extra.noTab, state: 'no tab', heading: 'Actions Unavailable' },
    ];
    for (const { id, state, heading } of cases) {
      const { page } = await chromium.openHostPage(`element.html?campaign=${id}`, viewport);
      const widget = widgetOf(page, id);
      await widget.getByRole('heading', { name: heading }).waitFor();
      await check(page, state, [rootOf(widget)]);
    }
  });

  it('two widgets on one page', async () => {
    const { page } = await chromium.openHostPage('two-widgets.html', viewport);
    const park = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const school = await waitForCampaign(widgetOf(page, DEMO.school.id), DEMO.school.title);
    await openTab(school, 'Write Letter');
    await check(page, 'two widgets', [rootOf(park), rootOf(school)]);
  });

  it('the iframe fallback, through to the letter review inside the frame', async () => {
    const { page } = await chromium.openHostPage('iframe.html', viewport);
    await page.locator('iframe').scrollIntoViewIfNeeded();
    const widget = await waitForCampaign(page.frameLocator('iframe').locator('petition-widget'), DEMO.park.title);
    await check(page, 'iframe, sign tab', [rootOf(widget)]);
    await generateLetter(widget, newPerson());
    await check(page, 'iframe, letter review', [rootOf(widget)]);
  });
});
