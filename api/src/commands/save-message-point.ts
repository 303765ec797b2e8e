import type { EntityManager } from 'typeorm';
import type { MessagePointCreateInput, MessagePointUpdateInput } from '../contract';
import type { Database } from '../db/data-source';
import type { MessagePointRow } from '../db/types';
import { AppError, notFound } from '../http/errors';
import { quoted, recordAudit, type Actor } from '../audit/record';

export interface SavedMessagePoint {
  point: MessagePointRow;
  campaignTitle: string | null;
}

/**
 * A point names the campaign it belongs to (or none: a general point). An unknown campaign is the
 * admin's input error (400 on the field), not a missing resource, and not a foreign-key 409.
 */
async function campaignTitleOf(db: Database, m: EntityManager, campaignId: number | null): Promise<string | null> {
  if (campaignId === null) return null;
  const campaign = await m
    .getRepository(db.entities.Campaign)
    .findOne({ select: { id: true, title: true }, where: { id: campaignId } });
  if (!campaign) throw new AppError('validation_failed', 'Campaign not found', { field: 'campaign_id' });
  return campaign.title;
}

export function createMessagePoint(db: Database, input: MessagePointCreateInput, actor: Actor): Promise<SavedMessagePoint> {
  return db.transaction(async (m) => {
    const campaignTitle = await campaignTitleOf(db, m, input.campaign_id);
    const points = m.getRepository(db.entities.MessagePoint);
    const { id } = await points.save(points.create(input));
    await recordAudit(m, db, actor, { action: 'message_point.create', campaignId: input.campaign_id, summary: `Added message point ${quoted(input.category)}${where(campaignTitle)}` });
    return { point: await points.findOneByOrFail({ id }), campaignTitle };
  });
}

/** Writes only the sent fields: the full edit form, or only is_active from the status toggle. */
export function updateMessagePoint(db: Database, id: number, changes: MessagePointUpdateInput, actor: Actor): Promise<SavedMessagePoint> {
  return db.transaction(async (m) => {
    const points = m.getRepository(db.entities.MessagePoint);
    const current = await points.findOneBy({ id });
    if (!current) throw notFound('Message point');
    const campaignTitle = await campaignTitleOf(db, m, changes.campaign_id === undefined ? current.campaign_id : changes.campaign_id);
    await points.update({ id }, changes);
    const point = await points.findOneByOrFail({ id });
    const changed = (Object.keys(changes) as (keyof MessagePointUpdateInput)[]).filter((k) => changes[k] !== current[k]);
    const what = changed.length === 0 ? 'with no changes' : changed.join(', ');
    await recordAudit(m, db, actor, { action: 'message_point.update', campaignId: point.campaign_id, summary: `Changed message point ${quoted(current.category)}${where(campaignTitle)}: ${what}` });
    return { point, campaignTitle };
  });
}

/** Deletes a point (letters keep the text they were written with); a 404 if it is gone already. */
export function deleteMessagePoint(db: Database, id: number, actor: Actor): Promise<void> {
  return db.transaction(async (m) => {
    const points = m.getRepository(db.entities.MessagePoint);
    const current = await points.findOneBy({ id });
    if (!current) throw notFound('Message point');
    await points.delete({ id });
    const campaignTitle = await campaignTitleOf(db, m, current.campaign_id).catch(() => null);
    await recordAudit(m, db, actor, { action: 'message_point.delete', campaignId: current.campaign_id, summary: `Deleted message point ${quoted(current.category)}${where(campaignTitle)}` });
  });
}

const where = (campaignTitle: string | null) => (campaignTitle === null ? ' (general)' : ` on ${quoted(campaignTitle)}`);
