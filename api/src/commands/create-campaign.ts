import type { EntityManager } from 'typeorm';
import { deliveryProblems, type CampaignCreateInput, type DeliveryProblem } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { AppError } from '../http/errors';
import { publicCampaigns } from '../services/public-campaigns';
import { quoted, recordAudit, type Actor } from '../audit/record';

/** A new campaign, read back so the reply carries the database's own timestamps and counters. */
export async function createCampaign(db: Database, input: CampaignCreateInput, actor: Actor): Promise<CampaignRow> {
  refuseDeliveryProblems(deliveryProblems(input, null));
  const created = await db.transaction(async (m) => {
    await refuseUnknownBoundarySet(db, m, input.boundary_set_id);
    const campaigns = m.getRepository(db.entities.Campaign);
    const { id } = await campaigns.save(campaigns.create(input));
    await recordAudit(m, db, actor, { action: 'campaign.create', campaignId: id, summary: `Created campaign ${quoted(input.title)}` });
    return campaigns.findOneByOrFail({ id });
  });
  // A widget may have asked for this id before it existed; that "not found" must not linger.
  publicCampaigns(db).forget(created.id);
  return created;
}

/** The Delivery tab's rules that span fields (contract/delivery.ts): a 400 naming each, nothing written. */
export function refuseDeliveryProblems(problems: DeliveryProblem[]): void {
  const [first] = problems;
  if (!first) return;
  throw new AppError('validation_failed', first.message, { field: first.field, issues: problems });
}

/**
 * A campaign names a boundary set that exists: an unknown one is the admin's input error (400 on
 * the field), not the foreign key's 409. Checked in the write's transaction.
 */
export async function refuseUnknownBoundarySet(db: Database, m: EntityManager, boundarySetId: number | null | undefined): Promise<void> {
  if (boundarySetId === null || boundarySetId === undefined) return;
  if (await m.getRepository(db.entities.BoundarySet).existsBy({ id: boundarySetId })) return;
  const issue = { field: 'boundary_set_id', message: 'Boundary set not found: upload it first, or choose one that exists' };
  throw new AppError('validation_failed', issue.message, { field: issue.field, issues: [issue] });
}
