import type { Page } from 'playwright-core';

/**
 * What a page costs the person looking at it, as Chromium itself records it: layout shifts (as CLS
 * counts them: a shift right after the person's own input aside) and long tasks (a main-thread task
 * over 50 ms, during which the page cannot answer a tap or a key). Runs before the page's scripts
 * (an init script), so both are recorded from the first frame on.
 */
export const RECORD_PAGE_COST = `(() => {
  const shifts = [];
  const longTasks = [];
  const describe = (node) => {
    if (!(node instanceof Element)) return String(node && node.nodeName);
    return node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : '');
  };
  const keepShifts = (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      shifts.push({ value: e.value, at: Math.round(e.startTime), moved: e.sources.map((s) => describe(s.node)) });
    }
  };
  const keepTasks = (entries) => {
    for (const e of entries) longTasks.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) });
  };
  const shiftObserver = new PerformanceObserver((list) => keepShifts(list.getEntries()));
  shiftObserver.observe({ type: 'layout-shift', buffered: true });
  const taskObserver = new PerformanceObserver((list) => keepTasks(list.getEntries()));
  taskObserver.observe({ type: 'longtask', buffered: true });
  window.__daisPageCost = () => {
    keepShifts(shiftObserver.takeRecords());
    keepTasks(taskObserver.takeRecords());
    return { shifts, longTasks };
  };
})();`;

export interface Shift {
  value: number;
  /** Milliseconds since the page's navigation started. */
  at: number;
  /** The elements that moved, as tag.class. */
  moved: string[];
}

export interface LongTask {
  at: number;
  ms: number;
}

export interface PageCost {
  shifts: Shift[];
  longTasks: LongTask[];
}

/** The shifts and long tasks so far, after two more frames (a shift is recorded as the frame that shows it renders). */
export async function pageCost(page: Page): Promise<PageCost> {
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return (window as unknown as { __daisPageCost: () => PageCost }).__daisPageCost();
  });
}

/** Lighthouse's total blocking time, over every long task: what each spent beyond 50 ms, summed. */
export const totalBlockingTime = (tasks: LongTask[]) => tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);

/** The cumulative layout shift of the shifts (all of them: at most a few seconds of a page's life). */
export const cumulativeShift = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);
