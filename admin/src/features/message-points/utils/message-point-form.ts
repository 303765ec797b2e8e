/**
 * The message point form (create, and inline edit) as its inputs hold it, and the request it
 * becomes. SPEC.md section 5: category and talking points must not be blank after trimming
 * ('Category and talking points are required', checked before any request); the display order is
 * a non-negative whole number and an invalid entry becomes 0. The remaining rules (talking points
 * at least 10 characters, ...) are the contract's, with its messages.
 */
import { messagePointCreateSchema, type AdminMessagePoint, type Language } from '@dais/api/contract';
import { firstErrorByField, type FieldIssue } from '../../../lib/field-errors';

export const REQUIRED_MESSAGE = 'Category and talking points are required';

export interface MessagePointFormValues {
  category: string;
  talking_points: string;
  display_order: string;
  /** '' for a general point (all campaigns), else the campaign's id. */
  campaign_id: string;
  /** A general point's language: the campaigns in it offer the point. */
  language: Language;
  is_locked: boolean;
}

export type MessagePointField = keyof MessagePointFormValues;
export type MessagePointErrors = Partial<Record<MessagePointField, string>>;

export const emptyMessagePointForm = (): MessagePointFormValues => ({
  category: '',
  talking_points: '',
  display_order: '0',
  campaign_id: '',
  language: 'en',
  is_locked: false,
});

export const messagePointFormFrom = (p: AdminMessagePoint): MessagePointFormValues => ({
  category: p.category,
  talking_points: p.talking_points,
  display_order: String(p.display_order),
  campaign_id: p.campaign_id === null ? '' : String(p.campaign_id),
  language: p.language,
  is_locked: p.is_locked,
});

/** A whole number of 0 or more as typed; anything else (blank, negative, fractional, words) is 0. */
export function parseDisplayOrder(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

export function messagePointRequestFrom(v: MessagePointFormValues) {
  return {
    category: v.category,
    talking_points: v.talking_points,
    display_order: parseDisplayOrder(v.display_order),
    campaign_id: v.campaign_id === '' ? null : Number(v.campaign_id),
    language: v.language,
    is_locked: v.is_locked,
  };
}

export type MessagePointRequest = ReturnType<typeof messagePointRequestFrom>;

export type MessagePointValidation =
  | { ok: true; request: MessagePointRequest }
  | { ok: false; required: boolean; errors: MessagePointErrors };

const isField = (key: PropertyKey | undefined): key is MessagePointField =>
  key === 'category' || key === 'talking_points' || key === 'display_order' || key === 'campaign_id' || key === 'is_locked';

/** The first message per field, from zod issues or the API's `issues`. */
export const messagePointErrorsFrom = (issues: readonly FieldIssue[]): MessagePointErrors => firstErrorByField(issues, isField);

export function validateMessagePointForm(v: MessagePointFormValues): MessagePointValidation {
  const blankCategory = v.category.trim() === '';
  const blankPoints = v.talking_points.trim() === '';
  if (blankCategory || blankPoints) {
    return {
      ok: false,
      required: true,
      errors: {
        ...(blankCategory ? { category: 'Category is required' } : {}),
        ...(blankPoints ? { talking_points: 'Talking points are required' } : {}),
      },
    };
  }
  const request = messagePointRequestFrom(v);
  const parsed = messagePointCreateSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  return { ok: false, required: false, errors: messagePointErrorsFrom(parsed.error.issues) };
}

/** The API's order: general points first, then by campaign, display order and id. */
export function sortMessagePoints(points: AdminMessagePoint[]): AdminMessagePoint[] {
  return [...points].sort(
    (a, b) =>
      (a.campaign_id ?? 0) - (b.campaign_id ?? 0) || a.display_order - b.display_order || a.id - b.id,
  );
}
