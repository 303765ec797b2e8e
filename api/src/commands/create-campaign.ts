import type { CampaignCreateInput } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { publicCampaigns } from '../services/public-campaigns';

/** A new campaign, read back so the reply carries the database's own timestamps and counters. */
export async function createCampaign(db: Database, input: CampaignCreateInput): Promise<CampaignRow> {
  const created = await db.transaction(async (m) => {
    const campaigns = m.getRepository(db.entities.Campaign);
    const { id } = await campaigns.save(campaigns.create(input));
    return campaigns.findOneByOrFail({ id });
  });
  // A widget may have asked for this id before it existed; that "not found" must not linger.
  publicCampaigns(db).forget(created.id);
  return created;
}
