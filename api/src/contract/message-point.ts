import { z } from 'zod';
import { bool, id, text } from './fields';
import { LANGUAGES } from './languages';
import { LIMITS } from './limits';

const category = text('Category', { max: LIMITS.category.max, minMessage: 'Category is required' });
const talkingPoints = text('Talking points', {
  min: LIMITS.talkingPoints.min,
  max: LIMITS.talkingPoints.max,
  minMessage: 'Talking points must be at least 10 characters',
  multiline: true,
});
/** A general point's language: it is offered to the campaigns written in it. */
const language = z.enum(LANGUAGES, { error: 'Language must be en (English) or es (Spanish)' });
const displayOrder = z
  .number({ error: 'Display order must be a whole number of 0 or more' })
  .int('Display order must be a whole number of 0 or more')
  .min(LIMITS.displayOrder.min, 'Display order must be a whole number of 0 or more')
  .max(LIMITS.displayOrder.max, `Display order must be at most ${LIMITS.displayOrder.max}`);

/** POST /api/admin/message-points */
export const messagePointCreateSchema = z.strictObject({
  category,
  talking_points: talkingPoints,
  display_order: displayOrder.default(0),
  // null (or absent) means a general point that applies to every campaign.
  campaign_id: id('campaign_id').nullish().transform((v) => v ?? null),
  // For a general point: which campaigns get it, those in this language.
  language: language.default('en'),
  is_locked: bool('is_locked').default(false),
  is_active: bool('is_active').default(true),
});

/** PUT /api/admin/message-points/{id}: the same fields, all optional (or only is_active). */
export const messagePointUpdateSchema = z
  .strictObject({
    category: category.optional(),
    talking_points: talkingPoints.optional(),
    display_order: displayOrder.optional(),
    campaign_id: id('campaign_id').nullable().optional(),
    language: language.optional(),
    is_locked: bool('is_locked').optional(),
    is_active: bool('is_active').optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update: send at least one field');

export type MessagePointCreateInput = z.infer<typeof messagePointCreateSchema>;
export type MessagePointUpdateInput = z.infer<typeof messagePointUpdateSchema>;
