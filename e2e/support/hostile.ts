import { expect } from 'vitest';
import { useChromium, type HostPage } from './browser';

declare global {
  interface Window {
    /** Set by the injection payloads if any of them ever runs. */
    __pwned?: number;
  }
}

export type HostilePage = HostPage;

/**
 * Chromium with every page's Content-Security-Policy switched off (bypassCSP). Dais's pages send a
 * CSP that blocks inline scripts, which would hide an escaping bug behind the second wall; with it
 * off, a payload that reached the DOM as markup would run, so "nothing ran" proves the first wall
 * (rendering as text). The widget on a host page has no CSP of its own anyway. Dialogs are recorded.
 */
export function useHostileChromium() {
  const { openPage } = useChromium({ bypassCSP: true, recordDialogs: true });
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
