import { PUBLIC_COMMENT_FALLBACKS, PUBLIC_COMMENT_FIELDS, publicCommentValue, type PublicCommentField } from '../contract';

/**
 * The Public Comment fields a letter may state. null means nobody set the field: the letter leaves
 * it out (no "Agenda Item TBD", no meeting date, no jurisdiction) and addresses the spec's
 * City Council when the decision body is unknown.
 */
export type PublicComment = Record<PublicCommentField, string | null>;

type Maybe<T> = { [K in keyof T]?: T[K] | null };

/**
 * The campaign's own values win; what the client sent fills only what the campaign leaves empty
 * (an embedding site cannot re-address a campaign's letters, and the supporter may edit the letter
 * anyway, so a client's value is no more trusted than their own typing).
 *
 * A sent value that equals SPEC.md section 7's fallback for the field is read as that fallback, that
 * is as unknown, not as a fact: 'City Council', the campaign title as jurisdiction or project name,
 * 'TBD' (or another placeholder) as agenda item, and a meeting date within a day of `today`. Our
 * widget sends exactly these when the campaign lacks a value, so reading them as facts would print
 * "Agenda Item TBD" and the day of writing as the meeting date. The meeting date gets a day either
 * side because the widget sends the supporter's own calendar day, which time zones put up to a day
 * from the server's. The cost is one-sided: a client that really meant one of these values loses a
 * line it can still type into the letter, while the other reading would state something false to
 * the clerk.
 */
export function resolvePublicComment(
  campaign: { title: string } & Maybe<PublicComment>,
  sent: Maybe<PublicComment>,
  today: string,
): PublicComment {
  const resolved = {} as PublicComment;
  for (const field of PUBLIC_COMMENT_FIELDS) {
    const own = publicCommentValue(field, campaign[field]);
    const theirs = publicCommentValue(field, sent[field]);
    resolved[field] = own ?? (theirs !== null && !isFallback(field, theirs, campaign.title, today) ? theirs : null);
  }
  return resolved;
}

function isFallback(field: PublicCommentField, value: string, title: string, today: string): boolean {
  const same = (a: string, b: string) => a.replace(/\s+/g, ' ').toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
  switch (field) {
    case 'decision_body':
      return same(value, PUBLIC_COMMENT_FALLBACKS.decision_body);
    case 'jurisdiction':
    case 'project_name':
      return same(value, title);
    case 'meeting_date':
      return Math.abs(dayNumber(value) - dayNumber(today)) <= 1;
    case 'agenda_item_number':
      return false; // placeholders such as 'TBD' are already null (publicCommentValue)
  }
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date, read from the string (no time zone can shift it). */
function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000;
}
