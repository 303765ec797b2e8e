import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (CI installs it); playwright-core drives it and downloads no browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 320, height: 640 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
/** A named viewport, or any other size (the admin console is checked at 360 px). */
export type Viewport = ViewportName | { width: number; height: number };

export interface HostPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions in the host page: a test fails when there is one. */
  pageErrors: string[];
  /** Every console.warn line (the loader's '[dais] ...' advice goes there). */
  warnings: string[];
  /** Every console.error line (the admin console logs failed calls there, as the spec asks). */
  consoleErrors: string[];
  /** URLs of every request the page made, in order. */
  requests: string[];
  /** Every alert, confirm or prompt the page opened, when the pages record them (each is dismissed). */
  dialogs: string[];
}

export interface ChromiumOptions {
  /**
   * Switch off every page's Content-Security-Policy. The injection suite needs it: Dais's CSP blocks
   * inline scripts, which would hide an escaping bug behind the second wall.
   */
  bypassCSP?: boolean;
  /** The pages' time zone (an IANA name), for screens that show times; the machine's otherwise. */
  timezoneId?: string;
  /** Record and dismiss dialogs (otherwise a test that expects one handles it itself). */
  recordDialogs?: boolean;
  /**
   * Scrollbars that take room, as on a desktop: headless Chromium hides them unless told, and then
   * a page that grows past the window would never narrow it (a layout shift people do see).
   */
  showScrollbars?: boolean;
}

/**
 * One Chromium per test file, a fresh context (cookies, storage, clipboard permission) per page.
 * Every address outside the two local servers (the share channels) answers with a stub page, so
 * nothing leaves the machine.
 */
export function useChromium(options: ChromiumOptions = {}) {
  let browser: Browser | undefined;
  const opened: HostPage[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ARGS,
      ignoreDefaultArgs: options.showScrollbars ? ['--hide-scrollbars'] : undefined,
    });
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

  /**
   * A host page of e2e/fixtures (e.g. 'element.html?campaign=2'), served from the host origin.
   * `initScript` runs in every frame before the page's own scripts (e.g. to remove an API).
   */
  async function openHostPage(fixture: string, viewport: ViewportName = 'desktop', initScript?: string): Promise<HostPage> {
    return open(`${inject('dais').hostUrl}/${fixture}`, viewport, initScript);
  }

  /** A page of the Dais server itself (e.g. '/widget/1'); `initScript` as for openHostPage. */
  async function openDaisPage(path: string, viewport: ViewportName = 'desktop', initScript?: string): Promise<HostPage> {
    return open(`${inject('dais').url}${path}`, viewport, initScript);
  }

  /** Any address (e.g. a page of a Dais server the test file started itself), in a fresh context. */
  async function openPage(url: string, viewport: Viewport = 'desktop'): Promise<HostPage> {
    return open(url, viewport);
  }

  async function open(url: string, viewport: Viewport, initScript?: string): Promise<HostPage> {
    if (!browser) throw new Error('useChromium(): the browser is not launched yet; open pages inside tests');
    const size = typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport;
    const context = await browser.newContext({
      viewport: size,
      acceptDownloads: true,
      bypassCSP: options.bypassCSP ?? false,
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title>' }),
    );
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    const hostPage: HostPage = { page, context, pageErrors: [], warnings: [], consoleErrors: [], requests: [], dialogs: [] };
    opened.push(hostPage);
    page.on('pageerror', (e) => hostPage.pageErrors.push(e.stack ?? e.message));
    page.on('console', (m) => {
      if (m.type() === 'warning') hostPage.warnings.push(m.text());
      if (m.type() === 'error') hostPage.consoleErrors.push(m.text());
    });
    page.on('request', (r) => hostPage.requests.push(r.url()));
    if (options.recordDialogs) {
      page.on('dialog', (d) => {
        hostPage.dialogs.push(`${d.type()}: ${d.message()}`);
        void d.dismiss().catch(() => undefined);
      });
    }
    await page.goto(url);
    return hostPage;
  }

  return { openHostPage, openDaisPage, openPage };
}
