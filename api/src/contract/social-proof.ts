import { z } from 'zod';

/**
 * Social proof in the widget: recent public supporters under the progress bar, and the next
 * milestone in the progress text.
 */

/** The most recent supporters a campaign lists (GET /api/campaigns/{id}/recent-supporters). */
export const RECENT_SUPPORTERS_LIMIT = 10;

/**
 * A recent supporter as the public sees them: first name, last initial and city, nothing else;
 * only from signatures whose writer asked to be shown (`is_public`), confirmed where the campaign
 * confirms. last_initial is null for a one-word name.
 */
export const recentSupporterSchema = z.object({
  first_name: z.string(),
  last_initial: z.string().nullable(),
  city: z.string(),
});
export type RecentSupporter = z.infer<typeof recentSupporterSchema>;

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
