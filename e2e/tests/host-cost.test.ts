import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useChromium, type ViewportName } from '../support/browser';
import { cumulativeShift, pageCost, RECORD_PAGE_COST, totalBlockingTime } from '../support/page-cost';
import { activePanel, DEMO, fillPerson, newPerson, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Issue 23, goal 4: the widget costs the page it sits on nothing a person can feel, from the first
 * frame until a supporter has signed (filled the form, the bot check solved, the thank-you and the
 * fresh counts shown). Measured by Chromium itself on the host pages with and without a strict CSP
 * and on Dais's own /widget/{id}:
 * - long tasks while the supporter signs (from the first field filled to the signer listed):
 *   Lighthouse's total blocking time (each task's time beyond 50 ms, summed) at most 150 ms, and no
 *   task over 100 ms. Before, the bot check's proof of work ran as tasks of 0.5-2 s on the host's
 *   thread. The start-up's tasks (widget.js evaluated, the first render) are not held here: on this
 *   shared two-core machine their wall-clock length follows the other processes' load (80-500 ms
 *   for the same work); Lighthouse's rows in `npm run bench` score them, run alone.
 * - layout shifts: at most 0.02 in all, as CLS counts them (not right after the supporter's input).
 *   Before, the recent supporters arrived after the form and pushed it down.
 * The park campaign lists its recent supporters, so what arrives late is on the page.
 */
const chromium = useChromium({ showScrollbars: true });
const MAX_BLOCKING_MS = 150;
const MAX_TASK_MS = 100;
const MAX_SHIFT = 0.02;

const PAGES = [
  { name: 'a host page without a CSP', open: (v: ViewportName) => chromium.openHostPage(`plain.html?campaign=${DEMO.park.id}`, v, RECORD_PAGE_COST) },
  { name: 'a host page with a strict CSP', open: (v: ViewportName) => chromium.openHostPage(`strict-csp.html?campaign=${DEMO.park.id}`, v, RECORD_PAGE_COST) },
  { name: '/widget/{id}', open: (v: ViewportName) => chromium.openDaisPage(`/widget/${DEMO.park.id}`, v, RECORD_PAGE_COST) },
];

let signers = 0;
/** Signs as a supporter the recent list will name first ('Quiet<pid>x<n> H., Springfield'), and waits until it does. */
async function sign(widget: Locator) {
  signers += 1;
  const person = { ...newPerson(), name: `Quiet${process.pid}x${signers} Host` };
  const form = activePanel(widget);
  await fillPerson(form, person);
  await form.getByRole('button', { name: 'Sign Petition' }).click();
  await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
  const first = widget.getByRole('region', { name: 'Recent supporters' }).getByRole('listitem').first();
  await expect.poll(() => first.innerText(), { timeout: 15_000 }).toBe(`Quiet${process.pid}x${signers} H., Springfield`);
}

describe.each(PAGES)('the widget on $name', ({ open }) => {
  it.each(['phone', 'desktop'] as const)('blocks no input and moves nothing while a supporter signs, at %s width', async (viewport) => {
    const { page } = await open(viewport);
    const widget = await waitForCampaign(widgetOf(page), DEMO.park.title);
    await widget.getByRole('region', { name: 'Recent supporters' }).getByRole('listitem').first().waitFor();
    const signingFrom = await page.evaluate(() => performance.now());
    await sign(widget);

    const { shifts, longTasks } = await pageCost(page);
    const signing = longTasks.filter((t) => t.at >= signingFrom);
    const blocking = totalBlockingTime(signing);
    const said = `long tasks while signing ${JSON.stringify(signing)}; at start-up ${JSON.stringify(longTasks.filter((t) => t.at < signingFrom))}`;
    expect(blocking, `total blocking time ${blocking} ms; ${said}`).toBeLessThanOrEqual(MAX_BLOCKING_MS);
    expect(Math.max(0, ...signing.map((t) => t.ms)), said).toBeLessThanOrEqual(MAX_TASK_MS);
    const cls = cumulativeShift(shifts);
    expect(cls, `layout shifts ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_SHIFT);

    // The recorder sees long tasks on this page: one made on purpose, after the measurement.
    // (A task of the page's own: what the test driver evaluates directly is not one.)
    const probeAt = await page.evaluate(
      () =>
        new Promise<number>((done) =>
          setTimeout(() => {
            const from = performance.now();
            while (performance.now() - from < 80) {
              // Busy on purpose.
            }
            done(from);
          }),
        ),
    );
    const recorded = (await pageCost(page)).longTasks;
    expect(recorded.some((t) => t.ms >= 80 && t.at + t.ms >= probeAt + 79), JSON.stringify(recorded)).toBe(true);
  });
});
