import { PUBLIC_COMMENT_FALLBACKS, PUBLIC_COMMENT_FIELDS, unsetPublicCommentFields, type PublicCommentField } from '@dais/api/contract';

export const PUBLIC_COMMENT_LABELS: Record<PublicCommentField, string> = {
  decision_body: 'Decision body',
  jurisdiction: 'Jurisdiction',
  meeting_date: 'Meeting date',
  agenda_item_number: 'Agenda item number',
  project_name: 'Project name',
};

export interface PublicCommentGap {
  field: PublicCommentField;
  label: string;
  /** What was typed when it is a placeholder such as 'TBD' (counted as not set), else null. */
  placeholder: string | null;
  /** What supporters' letters do without the field (api/src/letters/write-letter.ts). */
  without: string;
}

/**
 * The Public Comment fields the form leaves unset, by the API's own rule (an agenda item 'TBD'
 * is unset too), each with what letters do without it: the letter states only what is set.
 */
export function publicCommentGaps(values: Record<PublicCommentField, string> & { title: string }): PublicCommentGap[] {
  const title = values.title.trim();
  const without: Record<PublicCommentField, string> = {
    decision_body: `Letters are addressed to the ${PUBLIC_COMMENT_FALLBACKS.decision_body} ("Dear Members of the ${PUBLIC_COMMENT_FALLBACKS.decision_body}").`,
    jurisdiction: 'The address names the decision body alone, with no city, county or district.',
    meeting_date: 'Letters name no meeting date.',
    agenda_item_number: 'Letters name no agenda item, so the clerk has to match them to the item by their subject line.',
    project_name: title ? `Letters are headed with the campaign's title ("Re: ${title}").` : "Letters are headed with the campaign's title.",
  };
  const unset = new Set(unsetPublicCommentFields(values));
  return PUBLIC_COMMENT_FIELDS.filter((f) => unset.has(f)).map((field) => ({
    field,
    label: PUBLIC_COMMENT_LABELS[field],
    placeholder: values[field].trim() || null,
    without: without[field],
  }));
}
