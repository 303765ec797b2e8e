import { localIsoDate, PUBLIC_COMMENT_FALLBACKS, type GeneratedLetter, type Position, type PublicCampaign } from '@dais/api/contract';
import { districtOf } from './district';
import { positionIn } from './position';

/** SPEC.md section 3, "Letter data passed to review": what the review screen (and history.state) holds. */
export interface LetterData {
  campaign_id: number;
  campaign_title: string;
  supporter_name: string;
  supporter_email: string;
  perspective: string;
  letter_content: string;
  message_point_ids: number[];
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string | null;
  /** The writer's own words it was generated with: with the text, how much of it is theirs. */
  personal_note?: string | null;
  /**
   * The position chosen in the letter form, sent again with the letter (the server checks it against
   * the campaign). Absent from a review saved by an older page; null where the campaign asks none.
   */
  position?: Position | null;
  /** The district chosen in the letter form (null: 'Not sure'); absent where the campaign has no districts. */
  district_id?: number | null;
}

/** The letter form's values as typed (the API trims and checks them). */
export interface LetterFormValues {
  supporter_name: string;
  supporter_email: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string;
  perspective: string;
  personal_note: string;
  /** The radio group's choice: absent where the campaign asks none, or nothing is chosen yet. */
  position?: string;
  /** The district select's value ('' for 'Not sure'): absent where the campaign has no districts. */
  district_id?: string;
}

type CampaignPublicComment = Pick<
  PublicCampaign,
  'id' | 'title' | 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name'
>;

/** POST /api/campaigns/{id}/generate-letter, with SPEC.md section 7's fallbacks for what the campaign lacks. */
export function generateLetterBody(c: CampaignPublicComment, v: LetterFormValues, messagePointIds: number[], today = localIsoDate()) {
  return {
    campaign_id: c.id,
    supporter_name: v.supporter_name,
    supporter_email: v.supporter_email,
    perspective: v.perspective,
    message_point_ids: messagePointIds,
    street_address: v.street_address,
    city: v.city,
    state: v.state,
    zip_code: v.zip_code,
    phone_number: v.phone_number || null,
    decision_body: c.decision_body || PUBLIC_COMMENT_FALLBACKS.decision_body,
    jurisdiction: c.jurisdiction || c.title,
    meeting_date: c.meeting_date || today,
    agenda_item_number: c.agenda_item_number || PUBLIC_COMMENT_FALLBACKS.agenda_item_number,
    project_name: c.project_name || c.title,
    personal_note: v.personal_note || null,
    position: positionIn(v.position),
    ...districtOf(v),
  };
}

export function toLetterData(generated: GeneratedLetter, v: LetterFormValues, messagePointIds: number[]): LetterData {
  return {
    campaign_id: generated.campaign_id,
    campaign_title: generated.campaign_title,
    supporter_name: v.supporter_name,
    supporter_email: v.supporter_email,
    perspective: v.perspective,
    letter_content: generated.letter_content,
    message_point_ids: messagePointIds,
    street_address: v.street_address,
    city: v.city,
    state: v.state,
    zip_code: v.zip_code,
    phone_number: v.phone_number || null,
    personal_note: v.personal_note || null,
    position: positionIn(v.position),
    ...districtOf(v),
  };
}

/** POST /api/campaigns/{id}/submit-letter: the review's data with the text as it stands. */
export function submitLetterBody(l: LetterData, letterContent: string) {
  const { campaign_title: _title, ...rest } = l;
  return { ...rest, position: positionIn(rest.position), letter_content: letterContent };
}

/** history.state survives reloads and can hold anything; only a complete letter is shown. */
export function isLetterData(x: unknown): x is LetterData {
  if (typeof x !== 'object' || x === null) return false;
  const l = x as Record<string, unknown>;
  const strings = ['campaign_title', 'supporter_name', 'supporter_email', 'perspective', 'letter_content', 'street_address', 'city', 'state', 'zip_code'];
  return (
    Number.isInteger(l.campaign_id) &&
    strings.every((k) => typeof l[k] === 'string') &&
    Array.isArray(l.message_point_ids) &&
    l.message_point_ids.every(Number.isInteger) &&
    (l.phone_number === null || typeof l.phone_number === 'string') &&
    (l.personal_note === undefined || l.personal_note === null || typeof l.personal_note === 'string') &&
    (l.position === undefined || l.position === null || positionIn(l.position) !== null) &&
    (l.district_id === undefined || l.district_id === null || Number.isInteger(l.district_id))
  );
}

