import { z } from 'zod';

/**
 * Social proof in the widget: recent public supporters under the progress bar (how the widget
 * writes them, and the next milestone, are in ./campaign-display.ts: the widget imports no zod).
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
