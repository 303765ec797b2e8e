import { IsNull } from 'typeorm';
import type { Database } from '../db/data-source';
import type { CampaignRow, MessagePointRow } from '../db/types';
import { campaignNotFound } from '../http/errors';

/** An active campaign by id, or the public 404 (unknown and inactive look the same). */
export async function findActiveCampaign(db: Database, id: number): Promise<CampaignRow> {
  const c = await db.ds.getRepository(db.entities.Campaign).findOneBy({ id, is_active: true });
  if (!c) throw campaignNotFound();
  return c;
}

/** Active points of this campaign and active general points, in display order. */
export function activeMessagePoints(db: Database, campaignId: number): Promise<MessagePointRow[]> {
  return db.ds.getRepository(db.entities.MessagePoint).find({
    where: [
      { campaign_id: campaignId, is_active: true },
      { campaign_id: IsNull(), is_active: true },
    ],
    order: { display_order: 'ASC', id: 'ASC' },
  });
}
