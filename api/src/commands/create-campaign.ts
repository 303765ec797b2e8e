import type { CampaignCreateInput } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';

/** A new campaign, read back so the reply carries the database's own timestamps and counters. */
export async function createCampaign(db: Database, input: CampaignCreateInput): Promise<CampaignRow> {
  return db.transaction(async (m) => {
    const campaigns = m.getRepository(db.entities.Campaign);
    const { id } = await campaigns.save(campaigns.create(input));
    return campaigns.findOneByOrFail({ id });
  });
}
