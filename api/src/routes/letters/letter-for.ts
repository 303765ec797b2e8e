import { isoDateInZone, localIsoDate, type LetterGenerateInput, type LetterSubmitInput, type PublicCampaign } from '../../contract';
import type { Database } from '../../db/data-source';
import type { MessagePointRow } from '../../db/types';
import type { DistrictColumns } from '../../districts/residency';
import type { ActionCampaign } from '../../services/public-campaigns';
import { representativeOfDistrict } from '../../services/set-districts';
import type { Addressee } from '../../letters/addressee';
import { resolvePublicComment } from '../../letters/public-comment';
import { writeLetter, type WrittenLetter } from '../../letters/write-letter';

/**
 * The letter Dais writes for these choices, now: what generate-letter answers, and what
 * submit-letter compares the submitted text with to know how much of it is the writer's own.
 * One function, so the two never write it differently. A submission carries no Public Comment
 * fields: the widget sends only section 7's fallbacks, which count as unset either way.
 */
export function letterFor(
  campaign: PublicCampaign,
  body: Pick<LetterGenerateInput | LetterSubmitInput, 'perspective' | 'supporter_name' | 'supporter_email' | 'street_address' | 'city' | 'state' | 'zip_code' | 'phone_number' | 'personal_note' | 'position'> &
    Partial<Pick<LetterGenerateInput, 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name'>>,
  points: MessagePointRow[],
  now: Date,
  place: LetterPlace = NOWHERE,
): WrittenLetter {
  return writeLetter({
    campaign,
    // What the campaign (or the client) set, and nothing else: the widget's section 7 fallbacks,
    // such as the supporter's "today" as meeting date, are recognised against the server's day.
    publicComment: resolvePublicComment(campaign, body, localIsoDate(now)),
    perspective: body.perspective,
    supporter: {
      name: body.supporter_name,
      email: body.supporter_email,
      street_address: body.street_address,
      city: body.city,
      state: body.state,
      zip_code: body.zip_code,
      phone_number: body.phone_number,
    },
    points,
    personalNote: body.personal_note,
    // Stated in the letter's first paragraph, in the organiser's words for it.
    position: body.position ? { position: body.position, label: campaign.position_labels[body.position] ?? '' } : null,
    // The campaign's, not the widget's interface language: the points are the organiser's words in it.
    language: campaign.language,
    // Dated the day it is written where the decision is made (the server's day when the campaign
    // promises no delivery, and so says no zone).
    date: campaign.delivery ? isoDateInZone(now, campaign.delivery.time_zone) : localIsoDate(now),
    district: place.district,
    addressee: place.addressee,
  });
}

/** Where the letter's writer said they live, and whom that makes it written to. */
export interface LetterPlace {
  district: string | null;
  addressee: Addressee | null;
}

const NOWHERE: LetterPlace = { district: null, addressee: null };

/**
 * The district the writer chose (a geocoder, if any, has not placed them yet), and, where the
 * campaign e-mails each letter and its boundary set names that district's representative, that
 * person: the letter is written to them, the decision body in copy (commands/deliver-letter.ts
 * sends it so).
 */
export async function letterPlace(db: Database, campaign: Pick<ActionCampaign, 'delivery' | 'boundary_set_id'>, district: DistrictColumns): Promise<LetterPlace> {
  if (district.district_id === null) return NOWHERE;
  const representative = campaign.delivery?.mode === 'each' ? await representativeOfDistrict(db, campaign.boundary_set_id, district.district_id) : null;
  return {
    district: district.district_name,
    addressee: representative && { name: representative.name, title: representative.title, district: representative.district_name },
  };
}
