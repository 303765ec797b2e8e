import { IsNull } from 'typeorm';
import type { Language } from '../contract';
import type { Database } from '../db/data-source';
import type { MessagePointRow } from '../db/types';

/**
 * Active points of this campaign and the active general points in its language, in display order:
 * a Spanish letter form lists no English talking points.
 */
export function activeMessagePoints(db: Database, campaign: { id: number; language: Language }): Promise<MessagePointRow[]> {
  return db.ds.getRepository(db.entities.MessagePoint).find({
    where: [
      { campaign_id: campaign.id, is_active: true },
      { campaign_id: IsNull(), is_active: true, language: campaign.language },
    ],
    order: { display_order: 'ASC', id: 'ASC' },
  });
}
