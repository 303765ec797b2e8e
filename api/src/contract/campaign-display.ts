/**
 * How a campaign is drawn, for the widget and for the admin's campaign list, stat cards and live
 * widget preview. Plain values and functions only, no zod: the widget's bundle takes just these.
 */
import type { RecentSupporter } from './social-proof';

/** The widget's tabs (their labels are in the catalogues, contract/texts). */
export type TabName = 'sign' | 'letter' | 'share';

/** Progress towards the goal (SPEC.md section 9). */

/** Supporters over the target as a percent, capped at 100; no target (or nonsense) is no progress. */
export function progressPercent(count: number, target: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(target) || target <= 0 || count <= 0) return 0;
  return Math.min(100, (count / target) * 100);
}

/** The widget's bar and number: the percent rounded to a whole number. */
export const widgetProgressPercent = (count: number, target: number): number => Math.round(progressPercent(count, target));

/** "Rachel C., Springdale": how the widget writes one. */
export const recentSupporterLine = (s: RecentSupporter) => `${s.first_name}${s.last_initial ? ` ${s.last_initial}.` : ''}, ${s.city}`;

/** Round numbers (1, 2.5, 5 times a power of ten, from 10): the steps a campaign's count is told in. */
function roundAbove(count: number): number {
  for (let power = 10; ; power *= 10) {
    for (const step of [1, 2.5, 5]) {
      const n = step * power;
      if (n > count && Number.isInteger(n)) return n;
    }
  }
}

/**
 * The next milestone: the next round number on the way to the goal (the goal itself when it comes
 * first), and once the goal is reached, the next round number after the count as the new goal.
 */
export function nextMilestone(count: number, goal: number): { target: number; goalReached: boolean } {
  const reached = goal > 0 && count >= goal;
  const round = roundAbove(Math.max(0, count));
  return { target: reached || goal <= 0 ? round : Math.min(round, goal), goalReached: reached };
}
