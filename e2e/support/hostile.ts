import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ARGS, CHROMIUM, VIEWPORTS, type HostPage, type Viewport } from './browser';

declare global {
  interface Window {
    /** Set by the injection payloads if any of them ever runs. */
    __pwned?: number;
  }
}


export interface HostilePage extends HostPage {
  /** Every alert, confirm or prompt the page opened (each is dismissed). */
  dialogs: string[];
}

/**
 * Chromium with every page's Content-Security-Policy switched off (bypassCSP). Dais's pages send a
 * CSP that blocks inline scripts, which would hide an escaping bug behind the second wall; with it
 * off, a payload that reached the DOM as markup would run, so "nothing ran" proves the first wall
 * (rendering as text). The widget on a host page has no CSP of its own anyway.
 */
export function useHostileChromium() {
  let browser: Browser | undefined;
  const opened: HostilePage[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterEach(async () => {
    const pages = opened.splice(0);
    await Promise.all(pages.map((p) => p.context.close()));
    const errors = pages.flatMap((p) => p.pageErrors);
    if (errors.length > 0) throw new Error(`uncaught errors in the page:\n${errors.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openPage(url: string, viewport: Viewport = 'desktop'): Promise<HostilePage> {
    if (!browser) throw new Error('useHostileChromium(): the browser is not launched yet; open pages inside tests');
    const size = typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport;
    const context = await browser.newContext({ viewport: size, acceptDownloads: true, bypassCSP: true });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title>' }),
    );
    const page = await context.newPage();
    const hostPage: HostilePage = { page, context, pageErrors: [], warnings: [], consoleErrors: [], requests: [], dialogs: [] };
    opened.push(hostPage);
    page.on('pageerror', (e) => hostPage.pageErrors.push(e.stack ?? e.message));
    page.on('console', (m) => {
      if (m.type() === 'warning') hostPage.warnings.push(m.text());
      if (m.type() === 'error') hostPage.consoleErrors.push(m.text());
    });
    page.on('request', (r) => hostPage.requests.push(r.url()));
    page.on('dialog', (d) => {
      hostPage.dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss().catch(() => undefined);
    });
    await page.goto(url);
    return hostPage;
  }

  return { openPage };
}

/**
 * Nothing ran and nothing was parsed as markup, in every frame (shadow roots included: the
 * locator pierces them): window.__pwned unset, no dialog, no element carrying an inline handler,
 * no <script> holding a payload.
 */
export async function expectNothingRan(opened: HostilePage, where: string) {
  // Handlers bound to an error or load event fire late; give them the time they take.
  await opened.page.waitForTimeout(300);
  for (const frame of opened.page.frames()) {
    if (frame.url() === 'about:blank') continue;
    const label = `${where} (frame ${frame.url()})`;
    expect(await frame.evaluate(() => window.__pwned), label).toBeUndefined();
    expect(await frame.locator('[onerror], [onload], [onclick], [onfocus], [onmouseover]').count(), label).toBe(0);
    expect(await frame.locator('script').filter({ hasText: '__pwned' }).count(), label).toBe(0);
    expect(await frame.locator('a[href^="javascript:" i], iframe[src^="javascript:" i]').count(), label).toBe(0);
  }
  expect(opened.dialogs, where).toEqual([]);
}
