import { deliveryProblems, hasEnabledTab, TABS_REQUIRED_MESSAGE, type CampaignUpdateInput } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { publicCampaigns } from '../services/public-campaigns';
import { AppError, notFound } from '../http/errors';
import { refuseDeliveryProblems } from './create-campaign';

/**
 * Applies any subset of a campaign's fields (the full form, only is_active, or only logo_url).
 * The "one tab enabled" rule is checked on the campaign as it would be after the change, and a
 * refused change writes nothing. Only the sent columns are written, so counters bumped by
 * signatures in the meantime are never overwritten with a stale value.
 */
export async function updateCampaign(db: Database, id: number, changes: CampaignUpdateInput): Promise<CampaignRow> {
  const updated = await db.transaction(async (m) => {
    const campaigns = m.getRepository(db.entities.Campaign);
    const current = await campaigns.findOne({
      where: { id },
      // PostgreSQL: hold the row so two concurrent edits cannot each switch off a different last
      // tab. SQLite transactions already run one at a time (db/transaction.ts) and have no FOR UPDATE.
      ...(db.dialect === 'postgres' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!current) throw notFound('Campaign');
    if (!hasEnabledTab({ ...current, ...changes })) {
      throw new AppError('validation_failed', TABS_REQUIRED_MESSAGE, { field: 'enable_sign_tab' });
    }
    refuseDeliveryProblems(deliveryProblems({ ...current, ...changes }, current.comment_deadline));
    // Set here, not by TypeORM on every UPDATE: only an admin's edit counts (db/entities.ts).
    await campaigns.update({ id }, { ...changes, updated_at: new Date() });
    return campaigns.findOneByOrFail({ id });
  });
  publicCampaigns(db).forget(id);
  return updated;
}
