import type { PublicCampaign } from '../../contract';
import type { letterReceiptSchema } from '../../contract';
import type { Database } from '../../db/data-source';
import type { DistrictColumns } from '../../districts/residency';
import { representativesOf, setDistricts } from '../../services/set-districts';
import { addresseeName } from '../../letters/addressee';
import type { LetterPlace } from './letter-for';
import type { z } from 'zod';

type LetterReceipt = z.infer<typeof letterReceiptSchema>;

/**
 * What the success screen says of where a submitted letter goes (widget/src/delivery-text.ts): to
 * the representative it is written to, or, while a geocoder has yet to place its writer, to
 * whoever represents the district it finds. The same for a bot's honeypot letter as for a person's.
 */
export async function letterReceipt(db: Database, campaign: Pick<PublicCampaign, 'id' | 'delivery' | 'districts'>, district: DistrictColumns, place: LetterPlace): Promise<LetterReceipt> {
  const each = campaign.delivery?.mode === 'each';
  const finding = each && district.residency === 'pending' && (await namesRepresentatives(db, campaign));
  return { campaign_id: campaign.id, representative: !finding && place.addressee ? addresseeName(place.addressee) : null, finding_district: finding };
}

async function namesRepresentatives(db: Database, campaign: Pick<PublicCampaign, 'districts'>): Promise<boolean> {
  const first = campaign.districts[0];
  if (!first) return false;
  return (await representativesOf(db, await setDistricts(db).setIdOf(first.id))).length > 0;
}
