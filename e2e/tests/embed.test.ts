import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium, VIEWPORTS } from '../support/browser';
import { activePanel, DEMO, openTab, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const widgetScriptRequests = (requests: string[]) => requests.filter((u) => new URL(u).pathname === '/widget.js');

describe('the loader, custom element mode', () => {
  it('puts the widget where the script stands, on a page of another origin', async () => {
    const { page, requests, warnings } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);

    expect(new URL(page.url()).origin).not.toBe(inject('dais').url);
    // Between the two paragraphs of the article, right before the loader's own script tag.
    const placement = await page.evaluate(() => {
      const el = document.querySelector('petition-widget')!;
      return [el.previousElementSibling?.textContent, el.nextElementSibling?.getAttribute('src')];
    });
    expect(placement).toEqual(['Our park needs you. Sign below.', `${inject('dais').url}/embed.js`]);
    expect(await widget.getByRole('tab', { name: 'Sign Petition' }).getAttribute('aria-selected')).toBe('true');
    expect(widgetScriptRequests(requests)).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('shows two campaigns on one page, loading widget.js once', async () => {
    const { page, requests } = await chromium.openHostPage('two-widgets.html');
    const park = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const school = await waitForCampaign(widgetOf(page, DEMO.school.id), DEMO.school.title);

    // Each works on its own: a tab chosen in one leaves the other where it was.
    await openTab(school, 'Share');
    expect(await school.getByRole('heading', { name: 'Share This Campaign' }).isVisible()).toBe(true);
    expect(await park.getByRole('tab', { name: 'Sign Petition' }).getAttribute('aria-selected')).toBe('true');
    expect(await park.getByRole('heading', { name: 'Share This Campaign' }).isVisible()).toBe(false);
    expect(widgetScriptRequests(requests)).toHaveLength(1);
  });

  it('works for widgets added after load, reloads when campaign-id changes, and a second definition is harmless', async () => {
    const { page, requests } = await chromium.openHostPage('added-after-load.html');
    await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    await waitForCampaign(widgetOf(page, DEMO.school.id), DEMO.school.title);
    await waitForCampaign(widgetOf(page, DEMO.library.id), DEMO.library.title);
    expect(widgetScriptRequests(requests)).toHaveLength(1);

    await page.evaluate(() => document.querySelector('petition-widget[campaign-id="1"]')!.setAttribute('campaign-id', '3'));
    const changed = page.locator('#first petition-widget');
    await waitForCampaign(changed, DEMO.library.title);
    expect(await changed.getByRole('heading', { name: DEMO.park.title }).count()).toBe(0);

    // widget.js evaluated a second time (a copy in a bundle): no error, the first definition stays.
    const before = await page.evaluateHandle(() => customElements.get('petition-widget'));
    // A string, not a function: the test runner would rewrite a dynamic import() inside a function.
    await page.evaluate(`import(${JSON.stringify(`${inject('dais').url}/widget.js?copy=2`)}).then(() => true)`);
    const defined = await page.evaluate((first) => customElements.get('petition-widget') === first, before);
    expect(defined).toBe(true);
    expect(requests.filter((u) => u.endsWith('/widget.js?copy=2'))).toHaveLength(1);
    await waitForCampaign(widgetOf(page, DEMO.school.id), DEMO.school.title);
  });

  it("says in the console what to fix when data-campaign is missing or not a number, and shows nothing", async () => {
    const { page, warnings } = await chromium.openHostPage('broken-embed.html');
    await expect.poll(() => warnings.length).toBe(2);
    expect(warnings.every((w) => w.startsWith('[dais] ') && w.includes('data-campaign="12"'))).toBe(true);
    expect(warnings.some((w) => w.includes('no data-campaign attribute'))).toBe(true);
    expect(warnings.some((w) => w.includes('data-campaign="twelve"'))).toBe(true);
    expect(await page.locator('petition-widget, iframe').count()).toBe(0);
  });
});

/** The iframe's height as the host lays it out, the height of the page inside, and whether that page scrolls. */
async function frameFit(page: Page) {
  const frameElement = page.locator('iframe');
  const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
  const frameHeight = await frameElement.evaluate((f) => f.getBoundingClientRect().height);
  const inside = await frame.evaluate(() => ({
    contentHeight: Math.ceil(document.body.getBoundingClientRect().height),
    scrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight,
  }));
  return { frameHeight, ...inside };
}

/** Waits (5 s at most) until the frame is exactly as tall as its content and does not scroll. */
async function expectFrameFitsContent(page: Page) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const f = await frameFit(page);
    if (f.frameHeight === f.contentHeight && !f.scrolls) return f.frameHeight;
    if (Date.now() > deadline) {
      throw new Error(`the iframe is ${f.frameHeight}px high, its content ${f.contentHeight}px${f.scrolls ? ', so it scrolls' : ''}`);
    }
    await page.waitForTimeout(100);
  }
}

describe('the loader, iframe mode', () => {
  it('frames /widget/{id} and keeps the frame exactly as tall as its content, without a scroll bar', async () => {
    const { page, requests } = await chromium.openHostPage('iframe.html');
    const iframe = page.locator('iframe');
    // The hostile page's huge header puts the frame below the fold: the visitor scrolls to it.
    await iframe.scrollIntoViewIfNeeded();
    expect(await iframe.getAttribute('src')).toBe(`${inject('dais').url}/widget/${DEMO.park.id}`);
    expect(await iframe.getAttribute('title')).toMatch(/\S/);
    const widget = page.frameLocator('iframe').locator('petition-widget');
    await waitForCampaign(widget, DEMO.park.title);
    // Issue 22, point 17: the frame's title names the campaign (it was 'Petition: campaign 1'),
    // told by the page inside once it knows it; a message from any other window changes nothing.
    await expect.poll(() => iframe.getAttribute('title')).toBe(DEMO.park.title);
    await page.evaluate(() => window.postMessage({ type: 'dais:campaign', title: 'Sign this instead' }, '*'));
    // The page inside loads widget.js itself; the host page never does in this mode.
    expect(requests.filter((u) => u === `${inject('dais').url}/widget.js`)).toHaveLength(1);

    const signHeight = await expectFrameFitsContent(page);
    // Neither the admin embed code's 600 px nor the host stylesheet's 150 px: the content's height.
    expect(signHeight).not.toBe(600);
    expect(signHeight).toBeGreaterThan(150);
    expect(await iframe.evaluate((f) => getComputedStyle(f).borderTopWidth)).toBe('0px');

    // The right message from the wrong window (the host page itself, as any script on it could) is ignored.
    await page.evaluate(() => window.postMessage({ type: 'dais:resize', height: 40 }, '*'));
    await page.waitForTimeout(200);
    expect((await frameFit(page)).frameHeight).toBe(signHeight);
    expect(await iframe.getAttribute('title')).toBe(DEMO.park.title);

    // The widget fills the frame, edge to edge: no card with its own rounded corners inside the frame's.
    const frame = (await (await iframe.elementHandle())!.contentFrame())!;
    const fill = () =>
      frame.evaluate(() => {
        const root = document.querySelector('petition-widget')!.shadowRoot!.querySelector<HTMLElement>('[part="root"]')!;
        const r = root.getBoundingClientRect();
        return { left: r.left, width: r.width, height: r.height, frameWidth: innerWidth, frameHeight: innerHeight, radius: getComputedStyle(root).borderTopLeftRadius };
      });
    const filled = await fill();
    expect(filled).toMatchObject({ left: 0, width: filled.frameWidth, radius: '0px' });
    expect(filled.height).toBeGreaterThanOrEqual(filled.frameHeight);

    await openTab(widget, 'Share');
    const shareHeight = await expectFrameFitsContent(page);
    expect(shareHeight).toBeLessThan(signHeight);
    // Shrunk with its content (the root fills the frame but never holds it open).
    expect((await fill()).height).toBe(shareHeight);

    await openTab(widget, 'Write Letter');
    expect(await expectFrameFitsContent(page)).toBeGreaterThan(shareHeight);
  });

  it("fills a host's own fixed-height iframe with the campaign's background, with no gap below", async () => {
    const { page } = await chromium.openHostPage('fixed-iframe.html');
    await waitForCampaign(page.frameLocator('iframe').locator('petition-widget'), DEMO.park.title);
    const frame = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
    const inside = await frame.evaluate(() => {
      const root = document.querySelector('petition-widget')!.shadowRoot!.querySelector<HTMLElement>('[part="root"]')!;
      return { rootHeight: root.getBoundingClientRect().height, frameHeight: innerHeight, contentBottom: root.querySelector('.content')!.getBoundingClientRect().bottom };
    });
    expect(inside.frameHeight).toBe(1400);
    expect(inside.contentBottom).toBeLessThan(1400);
    expect(inside.rootHeight).toBe(1400);
  });

  it('is what browsers without custom elements get', async () => {
    // Only on the host page: the Dais page inside the frame is a modern page of its own.
    const withoutCustomElements = `if (location.port === ${JSON.stringify(new URL(inject('dais').hostUrl).port)}) delete window.customElements;`;
    const { page, requests } = await chromium.openHostPage('element.html', 'desktop', withoutCustomElements);
    await waitForCampaign(page.frameLocator('iframe').locator('petition-widget'), DEMO.park.title);
    expect(await page.locator('iframe').getAttribute('src')).toBe(`${inject('dais').url}/widget/${DEMO.park.id}`);
    expect(await page.locator('petition-widget').count()).toBe(0);
    expect(requests.filter((u) => u === `${inject('dais').url}/widget.js`)).toHaveLength(1);
  });

  it('sizes the frame before the visitor scrolls to it, so the page does not jump under them', async () => {
    const { page } = await chromium.openHostPage('iframe.html');
    await waitForCampaign(page.frameLocator('iframe').locator('petition-widget'), DEMO.park.title);
    const iframe = page.locator('iframe');
    expect(await iframe.evaluate((f) => f.getBoundingClientRect().top)).toBeGreaterThan(VIEWPORTS.desktop.height);
    // Off screen, Chromium does not render the frame, so its own viewport (and with it "does it
    // scroll") is only known once it shows; what the visitor notices is the frame's height in the
    // host page, which must already be the content's.
    const deadline = Date.now() + 5_000;
    let f = await frameFit(page);
    while (f.frameHeight !== f.contentHeight && Date.now() < deadline) {
      await page.waitForTimeout(100);
      f = await frameFit(page);
    }
    expect(f.frameHeight, 'frame height while still off screen').toBe(f.contentHeight);
    const offScreenHeight = f.frameHeight;
    // Scrolling to it changes nothing in the host page's layout, and it does not scroll inside.
    await iframe.scrollIntoViewIfNeeded();
    expect(await expectFrameFitsContent(page)).toBe(offScreenHeight);
  });
});

describe("the host page's styles", () => {
  /** Computed styles that a leaking host stylesheet would change, for the widget's main parts. */
  async function widgetStyles(page: Page) {
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const parts = {
      title: widget.getByRole('heading', { name: DEMO.park.title }),
      description: widget.locator('[part="description"]'),
      tab: widget.getByRole('tab', { name: 'Write Letter' }),
      label: activePanel(widget).getByText('Full Name', { exact: true }),
      input: activePanel(widget).getByLabel('Full Name'),
      button: activePanel(widget).getByRole('button', { name: 'Sign Petition' }),
    };
    const styles: Record<string, Record<string, string>> = {};
    for (const [name, locator] of Object.entries(parts)) {
      styles[name] = await locator.evaluate((el) => {
        const s = getComputedStyle(el);
        const picked = ['font-family', 'font-size', 'font-weight', 'line-height', 'color', 'background-color', 'letter-spacing',
          'word-spacing', 'text-transform', 'text-align', 'box-sizing', 'display', 'visibility', 'height', 'padding-top', 'margin-top', 'cursor'];
        return Object.fromEntries(picked.map((p) => [p, s.getPropertyValue(p)]));
      });
      styles[name]!.visible = String(await locator.isVisible());
    }
    return styles;
  }

  it('change nothing in the widget: it looks the same as on a page without any stylesheet', async () => {
    const plain = await widgetStyles((await chromium.openHostPage('plain.html')).page);
    const hostile = await widgetStyles((await chromium.openHostPage('element.html')).page);

    expect(hostile).toEqual(plain);
    // And what it looks like is the widget's own: its title font, and every control shown.
    expect(hostile.title!['font-size']).toBe('24px');
    expect(hostile.title!['font-family']).not.toMatch(/comic/i);
    expect(hostile.title!.color).not.toBe('rgb(255, 0, 0)');
    for (const part of ['tab', 'label', 'input', 'button']) expect(hostile[part]!.visible, part).toBe('true');
  });
});
