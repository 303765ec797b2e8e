import { z } from 'zod';
import { email, id, optionalIsoDate, optionalText, text, withoutControls } from './fields';
import { botCheckFields } from './bot-check';
import { LIMITS } from './limits';
import { PERSPECTIVES } from './perspectives';
import { positionField } from './position-fields';
import { districtIdField } from './boundary-sets';
import { addressFields } from './signature';

const perspective = z.enum(PERSPECTIVES, { error: 'Please select a perspective' });

const supporterFields = {
  campaign_id: id('campaign_id').optional(),
  supporter_name: text('Name', {
    min: LIMITS.name.min,
    max: LIMITS.name.max,
    minMessage: 'Name must be at least 2 characters',
  }),
  supporter_email: email(),
  perspective,
  message_point_ids: z
    .array(id('Message point id'), { error: 'message_point_ids must be a list of numbers' })
    .max(LIMITS.messagePointIds.max, `Choose at most ${LIMITS.messagePointIds.max} message points`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  ...addressFields,
  ...botCheckFields,
};

/**
 * The Public Comment fields a client may send with generate-letter. The campaign's own values
 * win; these fill only what the campaign leaves empty, and a value equal to the spec's fallback
 * ('City Council', 'TBD', the title, today) counts as unset (letters/public-comment.ts). The spec
 * declares them required ('Decision body is required', ...), but its own widget always fills
 * them from fallbacks, so "required" is read as "not blank when given".
 */
const publicComment = (label: string, message: string) =>
  withoutControls(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .min(1, message)
      .max(LIMITS.publicComment.max, `${label} must be at most ${LIMITS.publicComment.max} characters`),
    label,
  ).optional();

/** POST /api/campaigns/{id}/generate-letter */
export const letterGenerateSchema = z.strictObject({
  ...supporterFields,
  decision_body: publicComment('Decision body', 'Decision body is required'),
  jurisdiction: publicComment('Jurisdiction', 'Jurisdiction is required'),
  meeting_date: optionalIsoDate('Meeting date'),
  agenda_item_number: publicComment('Agenda item number', 'Agenda item number is required'),
  project_name: publicComment('Project name', 'Project name is required'),
  personal_note: optionalText('Your own words', { max: LIMITS.personalNote.max, multiline: true }),
  // Required where the campaign asks a position; the letter states it in its first paragraph.
  position: positionField,
  district_id: districtIdField,
});

/** POST /api/campaigns/{id}/submit-letter */
export const letterSubmitSchema = z.strictObject({
  ...supporterFields,
  // The own words the letter was generated with: what of its text is the writer's (personal-letter.ts).
  personal_note: optionalText('Your own words', { max: LIMITS.personalNote.max, multiline: true }),
  position: positionField,
  district_id: districtIdField,
  letter_content: text('Letter', {
    max: LIMITS.letterContent.max,
    minMessage: 'Letter content is required',
    multiline: true,
  }),
});

export type LetterGenerateInput = z.infer<typeof letterGenerateSchema>;
export type LetterSubmitInput = z.infer<typeof letterSubmitSchema>;
