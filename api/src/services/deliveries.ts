import { Not, IsNull } from 'typeorm';
import { toPageMeta, type Delivery, type DeliveryListMeta, type PageQuery } from '../contract';
import type { Database } from '../db/data-source';
import type { DeliveryRow } from '../db/types';
import { countLetters } from '../commands/queue-packet';
import { outboxStates, type OutboxState } from '../deliveries/outbox';
import { packetSlots } from '../deliveries/scheduler';
import { notFound } from '../http/errors';
import { toDelivery } from '../presenters/delivery';

const UNKNOWN: OutboxState = { status: 'queued', attempts: 0, last_error: null, next_attempt_at: null, sent_at: null, smtp_response: null };

/** Deliveries with their e-mails' states, read from the outbox in one query. */
export async function presentDeliveries(db: Database, rows: DeliveryRow[]): Promise<Delivery[]> {
  const states = await outboxStates(db, rows.map((d) => d.outbox_id));
  return rows.map((d) => toDelivery(d, states.get(d.outbox_id) ?? UNKNOWN));
}

/**
 * One page of a campaign's deliveries, newest first, and what the campaign page shows above the
 * list: the letters no packet has carried yet, and when the next automatic packet is due.
 * A campaign's deliveries are few (one per letter at most, in `each` mode), so the page is counted.
 */
export async function campaignDeliveries(
  db: Database,
  campaignId: number,
  page: PageQuery,
  now: Date = new Date(),
): Promise<{ deliveries: Delivery[]; meta: DeliveryListMeta }> {
  const campaign = await db.ds.getRepository(db.entities.Campaign).findOneBy({ id: campaignId });
  if (!campaign) throw notFound('Campaign');
  const repo = db.ds.getRepository(db.entities.Delivery);
  const [rows, total] = await repo.findAndCount({
    where: { campaign_id: campaignId },
    order: { created_at: 'DESC', id: 'DESC' },
    skip: (page.page - 1) * page.pageSize,
    take: page.pageSize,
  });
  const lastPacket = await repo.findOne({
    select: { id: true, until: true },
    where: { campaign_id: campaignId, kind: 'packet' },
    order: { until: 'DESC', id: 'DESC' },
  });
  const lastUntil = lastPacket?.until ?? null;
  const lettersSince = lastUntil ? await countLetters(db.ds.manager, db, campaignId, lastUntil, null) : campaign.letter_count;
  const made = await repo.find({ select: { id: true, schedule_key: true }, where: { campaign_id: campaignId, schedule_key: Not(IsNull()) } });
  const taken = new Set(made.map((d) => d.schedule_key));
  const next = packetSlots(campaign).find((s) => !taken.has(s.key) && s.dueAt > now);
  return {
    deliveries: await presentDeliveries(db, rows),
    meta: {
      ...toPageMeta(page.page, page.pageSize, total),
      letters_since_last_packet: lettersSince,
      last_packet_until: lastUntil ? lastUntil.toISOString() : null,
      next_automatic_at: next ? next.dueAt.toISOString() : null,
    },
  };
}
