import { PUBLIC_COMMENT_FALLBACKS } from '../contract';

/** The Public Comment fields every letter is addressed with; none is ever empty. */
export interface PublicComment {
  decision_body: string;
  jurisdiction: string;
  /** YYYY-MM-DD */
  meeting_date: string;
  agenda_item_number: string;
  project_name: string;
}

type Maybe<T> = { [K in keyof T]?: T[K] | null };

/**
 * The campaign's own values win; what the client sent fills only what the campaign leaves empty
 * (the widget sends its own fallbacks, and an embedding site cannot re-address a campaign's
 * letters); then SPEC.md section 7's fallbacks apply. `today` is the meeting-date fallback.
 */
export function resolvePublicComment(
  campaign: { title: string } & Maybe<PublicComment>,
  sent: Maybe<PublicComment>,
  today: string,
): PublicComment {
  const first = (...values: (string | null | undefined)[]) => values.find((v) => v && v.trim())?.trim();
  return {
    decision_body: first(campaign.decision_body, sent.decision_body) ?? PUBLIC_COMMENT_FALLBACKS.decision_body,
    jurisdiction: first(campaign.jurisdiction, sent.jurisdiction) ?? campaign.title,
    meeting_date: first(campaign.meeting_date, sent.meeting_date) ?? today,
    agenda_item_number:
      first(campaign.agenda_item_number, sent.agenda_item_number) ?? PUBLIC_COMMENT_FALLBACKS.agenda_item_number,
    project_name: first(campaign.project_name, sent.project_name) ?? campaign.title,
  };
}
