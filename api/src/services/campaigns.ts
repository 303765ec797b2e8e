import { IsNull } from 'typeorm';
import type { Database } from '../db/data-source';
import type { MessagePointRow } from '../db/types';

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
