import { z } from 'zod';
import { timeZone } from './delivery';
import { knownTimeZones } from './time-zone';
import { optionalText, pathId, urlInteger } from './fields';
import { pageQuerySchema, type PageMeta } from './pagination';

/** The longest search the lists take: an e-mail address's limit. */
export const SEARCH_MAX = 254;

/**
 * ?page=&pageSize=&campaign_id=&q=&after=|before= on the admin letters and supporters lists.
 * `after` (Next) is the id of the last row on the page being left, `before` (Previous) the first:
 * the server seeks from that row instead of counting past every newer one. `page` still names the
 * page for the reply's meta, and alone it finds the page by counting.
 * `q` searches: the start of an e-mail address when it holds an @ ('mary@', 'mary.ann@exa'), else
 * the start of a name ('Mary Ev'), any case; matches come in that order (name or address, then
 * campaign, then id) and are paged by after/before alone, never counted.
 */
export const adminListQuerySchema = pageQuerySchema
  .extend({
    campaign_id: pathId('campaign_id').optional(),
    // The trailing pipe states the parsed type, for the API description.
    q: optionalText('q', { max: SEARCH_MAX }).pipe(z.string().max(SEARCH_MAX).nullable()),
    after: pathId('after').optional(),
    before: pathId('before').optional(),
  })
  .refine((q) => q.after === undefined || q.before === undefined, {
    message: 'Send after or before, not both',
    path: ['before'],
  });

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** What a search looks at: an address when the text holds an @, else a name. */
export const searchKind = (q: string): 'email' | 'name' => (q.includes('@') ? 'email' : 'name');

/** ?campaign_id= on the CSV exports of letters and supporters: every row, or one campaign's. */
export const adminExportQuerySchema = z.object({
  campaign_id: pathId('campaign_id').optional(),
});

export const ACTIVITY_DAYS = { min: 1, max: 90, default: 30 } as const;

const daysMessage = `days must be a whole number from ${ACTIVITY_DAYS.min} to ${ACTIVITY_DAYS.max}`;

/**
 * GET /api/admin/activity?days=30&time_zone=America/Chicago: the days are calendar days in
 * `time_zone` (the admin's own, so the chart's days are the screen's), UTC when none is given.
 */
export const activityQuerySchema = z.object({
  days: urlInteger({
    digits: /^\d{1,3}$/,
    notANumber: daysMessage,
    min: ACTIVITY_DAYS.min,
    max: ACTIVITY_DAYS.max,
    tooLarge: daysMessage,
  }).default(ACTIVITY_DAYS.default),
  // Parsed to the platform's own name for the zone, one of those it knows (which the API
  // description lists; UTC among them, which Intl lists apart).
  time_zone: timeZone.pipe(z.enum(knownTimeZones())).default('UTC'),
});

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** An empty list has no pages; a page past the last is still answered, with this same meta. */
export function toPageMeta(page: number, pageSize: number, total: number): PageMeta {
  return { page, pageSize, total, pageCount: Math.ceil(total / pageSize) };
}
