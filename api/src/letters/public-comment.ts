import { PUBLIC_COMMENT_FALLBACKS, PUBLIC_COMMENT_FIELDS, publicCommentValue, type PublicCommentField } from '../contract';
import type { Language } from '../contract/languages';

/**
 * The Public Comment fields a letter may state. null means nobody set the field: the letter leaves
 * it out (no "Agenda Item TBD", no meeting date, no jurisdiction) and addresses the spec's
 * City Council when the decision body is unknown.
 */
export type PublicComment = Record<PublicCommentField, string | null>;

type Maybe<T> = { [K in keyof T]?: T[K] | null };

/**
 * The decision body a letter addresses when nobody set one, in the letter's language: SPEC.md
 * section 7's 'City Council', and its Spanish counterpart.
 */
export const DECISION_BODY_FALLBACKS: Record<Language, string> = {
  en: PUBLIC_COMMENT_FALLBACKS.decision_body,
  es: 'Concejo Municipal',
};

/**
 * Agenda items a Spanish-speaking organiser types for "not known yet", beside the contract's
 * English ones ('TBD', 'Pending'...): "Punto Por definir del orden del día" tells the clerk nothing.
 */
const SPANISH_AGENDA_PLACEHOLDERS = new Set(['por definir', 'por determinar', 'por confirmar', 'sin definir', 'pendiente', 'n/d', 'nd', 'ninguno', 'desconocido']);

const agendaPlaceholder = (value: string) => SPANISH_AGENDA_PLACEHOLDERS.has(value.trim().toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' '));

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
 * the clerk. The Spanish letter's fallback body ('Concejo Municipal') is read the same way,
 * whatever the campaign's language: a widget showing a Spanish campaign may send it.
 */
export function resolvePublicComment(
  campaign: { title: string } & Maybe<PublicComment>,
  sent: Maybe<PublicComment>,
  today: string,
): PublicComment {
  const resolved = {} as PublicComment;
  for (const field of PUBLIC_COMMENT_FIELDS) {
    const own = letterValue(field, campaign[field]);
    const theirs = letterValue(field, sent[field]);
    resolved[field] = own ?? (theirs !== null && !isFallback(field, theirs, campaign.title, today) ? theirs : null);
  }
  return resolved;
}

/** The contract's reading of a field, with Spanish placeholders for the agenda item read as unset too. */
function letterValue(field: PublicCommentField, value: string | null | undefined): string | null {
  const v = publicCommentValue(field, value);
  return field === 'agenda_item_number' && v !== null && agendaPlaceholder(v) ? null : v;
}

function isFallback(field: PublicCommentField, value: string, title: string, today: string): boolean {
  const same = (a: string, b: string) => a.replace(/\s+/g, ' ').toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
  switch (field) {
    case 'decision_body':
      return Object.values(DECISION_BODY_FALLBACKS).some((fallback) => same(value, fallback));
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
