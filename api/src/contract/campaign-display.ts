/**
 * How a campaign is drawn, for the widget and for the admin's campaign list, stat cards and live
 * widget preview. Plain values and functions only, no zod: the widget's bundle takes just these.
 */

/** The widget's tabs, in the spec's order, and their labels. */
export type TabName = 'sign' | 'letter' | 'share';
export const TAB_LABELS: Record<TabName, string> = { sign: 'Sign Petition', letter: 'Write Letter', share: 'Share' };

/** Progress towards the goal (SPEC.md section 9). */

/** Supporters over the target as a percent, capped at 100; no target (or nonsense) is no progress. */
export function progressPercent(count: number, target: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(target) || target <= 0 || count <= 0) return 0;
  return Math.min(100, (count / target) * 100);
}

/** The widget's bar and number: the percent rounded to a whole number. */
export const widgetProgressPercent = (count: number, target: number): number => Math.round(progressPercent(count, target));
