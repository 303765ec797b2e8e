/**
 * Which of a campaign's Public Comment fields a letter can state. The API leaves the unset ones out
 * of every letter; the admin's Public Comment tab lists them with what letters do without them.
 * Plain values and functions only, no zod: the admin's bundle takes just these.
 */

export const PUBLIC_COMMENT_FIELDS = ['decision_body', 'jurisdiction', 'meeting_date', 'agenda_item_number', 'project_name'] as const;
export type PublicCommentField = (typeof PUBLIC_COMMENT_FIELDS)[number];

/**
 * Agenda item values that say the item is not known yet. 'TBD' is SPEC.md section 7's own fallback;
 * an organiser who types one of these has not set the item either, and "Agenda Item TBD" in a
 * letter tells the clerk nothing.
 */
const AGENDA_PLACEHOLDERS = new Set(['tbd', 'tba', 'tbc', 'n/a', 'na', 'none', 'unknown', 'pending', '?', '-']);

export function isAgendaPlaceholder(value: string): boolean {
  return AGENDA_PLACEHOLDERS.has(value.trim().toLowerCase().replace(/\.$/, ''));
}

/** A field's value as a letter may use it: trimmed, or null when empty or a placeholder. */
export function publicCommentValue(field: PublicCommentField, value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (field === 'agenda_item_number' && isAgendaPlaceholder(v)) return null;
  return v;
}

/** The fields a campaign leaves unset, in the form's order. */
export function unsetPublicCommentFields(c: Partial<Record<PublicCommentField, string | null>>): PublicCommentField[] {
  return PUBLIC_COMMENT_FIELDS.filter((f) => publicCommentValue(f, c[f]) === null);
}
