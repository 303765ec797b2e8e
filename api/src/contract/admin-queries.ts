import { z } from 'zod';
import { pathId, urlInteger } from './fields';
import { pageQuerySchema, type PageMeta } from './pagination';

/**
 * ?page=&pageSize=&campaign_id=&after=|before= on the admin letters and supporters lists. `after`
 * (Next) is the id of the last row on the page being left, `before` (Previous) the first: the
 * server seeks from that row instead of counting past every newer one. `page` still names the page
 * for the reply's meta, and alone it finds the page by counting.
 */
export const adminListQuerySchema = pageQuerySchema
  .extend({
    campaign_id: pathId('campaign_id').optional(),
    after: pathId('after').optional(),
    before: pathId('before').optional(),
  })
  .refine((q) => q.after === undefined || q.before === undefined, {
    message: 'Send after or before, not both',
    path: ['before'],
  });

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** ?campaign_id= on the CSV exports of letters and supporters: every row, or one campaign's. */
export const adminExportQuerySchema = z.object({
  campaign_id: pathId('campaign_id').optional(),
});

export const ACTIVITY_DAYS = { min: 1, max: 90, default: 30 } as const;

const daysMessage = `days must be a whole number from ${ACTIVITY_DAYS.min} to ${ACTIVITY_DAYS.max}`;

/** GET /api/admin/activity?days=30 */
export const activityQuerySchema = z.object({
  days: urlInteger({
    digits: /^\d{1,3}$/,
    notANumber: daysMessage,
    min: ACTIVITY_DAYS.min,
    max: ACTIVITY_DAYS.max,
    tooLarge: daysMessage,
  }).default(ACTIVITY_DAYS.default),
});

export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** An empty list has no pages; a page past the last is still answered, with this same meta. */
export function toPageMeta(page: number, pageSize: number, total: number): PageMeta {
  return { page, pageSize, total, pageCount: Math.ceil(total / pageSize) };
}
