import type { letterReceiptSchema } from '../../contract';
import { letterWaitsForDistrict } from '../../commands/deliver-letter';
import type { Database } from '../../db/data-source';
import type { DistrictColumns } from '../../districts/residency';
import type { ActionCampaign } from '../../services/public-campaigns';
import { addresseeName } from '../../letters/addressee';
import type { LetterPlace } from './letter-for';
import type { z } from 'zod';

type LetterReceipt = z.infer<typeof letterReceiptSchema>;

/**
 * What the success screen says of where a submitted letter goes (widget/src/delivery-text.ts): to
 * the representative it is written to, or, while a geocoder has yet to place its writer, to
 * whoever represents the district it finds. The same for a bot's honeypot letter as for a person's.
 */
export async function letterReceipt(
  db: Database,
  campaign: Pick<ActionCampaign, 'id' | 'delivery' | 'boundary_set_id'>,
  district: DistrictColumns,
  place: LetterPlace,
): Promise<LetterReceipt> {
  const finding = campaign.delivery?.mode === 'each' && (await letterWaitsForDistrict(db, campaign.boundary_set_id, district.residency));
  return { campaign_id: campaign.id, representative: !finding && place.addressee ? addresseeName(place.addressee) : null, finding_district: finding };
}
