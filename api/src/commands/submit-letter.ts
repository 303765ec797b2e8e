import type { LetterSubmitInput } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { publicCampaigns } from '../services/public-campaigns';

/**
 * Stores a supporter's final letter, exactly as they submitted it, and keeps the campaign's
 * letter_count exact, in one short transaction: the count is raised in the database
 * (letter_count + 1), never read, added to and written back, so parallel submits cannot lose one.
 */
export async function submitLetter(
  db: Database,
  campaign: Pick<CampaignRow, 'id' | 'title'>,
  input: LetterSubmitInput,
  messagePointIds: number[],
): Promise<{ letter_count: number }> {
  const receipt = await db.transaction(async (m) => {
    await m.getRepository(db.entities.Letter).insert({
      campaign_id: campaign.id,
      letter_content: input.letter_content,
      supporter_name: input.supporter_name,
      supporter_email: input.supporter_email,
      street_address: input.street_address,
      city: input.city,
      state: input.state,
      zip_code: input.zip_code,
      phone_number: input.phone_number,
      perspective: input.perspective,
      // Copied now: the admin list shows the title the supporter wrote under, even after a rename.
      campaign_title: campaign.title,
      message_point_ids: messagePointIds,
    });
    await m
      .createQueryBuilder()
      .update(db.entities.Campaign)
      .set({ letter_count: () => 'letter_count + 1' })
      .where('id = :id', { id: campaign.id })
      .execute();
    const counted = await m
      .getRepository(db.entities.Campaign)
      .findOneOrFail({ select: { id: true, letter_count: true }, where: { id: campaign.id } });
    return { letter_count: counted.letter_count };
  });
  publicCampaigns(db).counted(campaign.id, receipt);
  return receipt;
}
