import { deliveryProblems, hasEnabledTab, POSITION_MESSAGES, TABS_REQUIRED_MESSAGE, unwordedPosition, type CampaignUpdateInput } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { publicCampaigns } from '../services/public-campaigns';
import { AppError, notFound } from '../http/errors';
import { refuseDeliveryProblems, refuseUnknownBoundarySet } from './create-campaign';
import { quoted, recordAudit, type Actor } from '../audit/record';

/**
 * Applies any subset of a campaign's fields (the full form, only is_active, or only logo_url).
 * The "one tab enabled" rule is checked on the campaign as it would be after the change, and a
 * refused change writes nothing. Only the sent columns are written, so counters bumped by
 * signatures in the meantime are never overwritten with a stale value.
 */
export async function updateCampaign(db: Database, id: number, changes: CampaignUpdateInput, actor: Actor): Promise<CampaignRow> {
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
    await refuseUnknownBoundarySet(db, m, changes.boundary_set_id);
    // Every choice the forms will offer is worded (the radio group and the letters show the words).
    const unworded = unwordedPosition({ ...current, ...changes });
    if (unworded) {
      const field = `position_labels.${unworded}`;
      throw new AppError('validation_failed', POSITION_MESSAGES.labelMissing(unworded), { field, issues: [{ field, message: POSITION_MESSAGES.labelMissing(unworded) }] });
    }
    // Set here, not by TypeORM on every UPDATE: only an admin's edit counts (db/entities.ts).
    const now = new Date();
    // closed_at: when it was switched off, the clock anonymisation counts from (privacy/anonymise.ts).
    const closing = changes.is_active === undefined || changes.is_active === current.is_active ? {} : { closed_at: changes.is_active ? null : now };
    await campaigns.update({ id }, { ...changes, ...closing, updated_at: now });
    await recordAudit(m, db, actor, { action: 'campaign.update', campaignId: id, summary: changeSummary(current, changes) });
    return campaigns.findOneByOrFail({ id });
  });
  publicCampaigns(db).forget(id);
  return updated;
}

/** "Changed campaign "X": switched it off; title, description": which fields an edit really changed. */
function changeSummary(current: CampaignRow, changes: CampaignUpdateInput): string {
  // JSON compares dates (as ISO text) and the recipients list by value.
  const changed = (Object.keys(changes) as (keyof CampaignUpdateInput)[]).filter((k) => JSON.stringify(changes[k]) !== JSON.stringify(current[k]));
  const parts: string[] = [];
  if (changed.includes('is_active')) parts.push(changes.is_active ? 'switched it on' : 'switched it off');
  const fields = changed.filter((k) => k !== 'is_active');
  if (fields.length > 0) parts.push(fields.join(', '));
  const title = changes.title !== undefined && changes.title !== current.title ? `${quoted(current.title)} (now ${quoted(changes.title)})` : quoted(current.title);
  return parts.length === 0 ? `Saved campaign ${title} with no changes` : `Changed campaign ${title}: ${parts.join('; ')}`;
}
