/**
 * The automatic packets of `packet` mode. A campaign's packet is due `delivery_lead_hours` before
 * its written-comment deadline; letters that arrive after it and still before the deadline follow
 * in a second packet at the deadline, so every letter submitted in time reaches the decision body
 * by the deadline, automatically.
 *
 * Every API process runs this loop; it needs no leader. Each slot has a key, unique per campaign
 * in the deliveries table, and is created by commands/queue-packet.ts under a lock on the
 * campaign's row, after checking the key is free: a second process, a second tick or a restart
 * finds it taken and does nothing (the unique index stops even a process that skipped the check).
 * The deliveries row and its outbox row are one transaction, so a crash leaves either both or
 * neither, and the outbox delivers what was queued.
 */
import { In, IsNull, MoreThan, Not } from 'typeorm';
import { queuePacket } from '../commands/queue-packet';
import { confirmationUpkeep } from '../confirmations/upkeep';
import { anonymiseDueCampaigns } from '../privacy/anonymise';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import type { Logger } from '../http/logger';

const HOUR_MS = 3_600_000;
/**
 * How long after its deadline a missed slot is still sent (the server was down at the time). Past
 * that, a packet arriving out of the blue would confuse more than help: the organiser sends it.
 */
export const CATCH_UP_MS = 7 * 24 * HOUR_MS;

export interface PacketSlot {
  /** Unique per campaign: the deadline it belongs to, so a new deadline gets new packets. */
  key: string;
  dueAt: Date;
  /** The deadline slot ends at the deadline; the first one at the moment it is made. */
  until: Date | undefined;
}

type Schedule = Pick<CampaignRow, 'delivery_mode' | 'comment_deadline' | 'delivery_lead_hours' | 'delivery_recipients'>;

/** The automatic packets a campaign's settings call for, earliest first. */
export function packetSlots(c: Schedule): PacketSlot[] {
  const deadline = c.comment_deadline;
  if (c.delivery_mode !== 'packet' || !deadline || c.delivery_recipients.length === 0) return [];
  const stamp = deadline.toISOString();
  const before: PacketSlot = { key: `before:${stamp}`, dueAt: new Date(deadline.getTime() - c.delivery_lead_hours * HOUR_MS), until: undefined };
  if (c.delivery_lead_hours === 0) return [before];
  return [before, { key: `deadline:${stamp}`, dueAt: deadline, until: deadline }];
}

/** Creates every automatic packet that is due and not yet made; returns how many it queued. */
export async function queueDuePackets(db: Database, logger: Logger, now: Date = new Date()): Promise<number> {
  const campaigns = await db.ds.getRepository(db.entities.Campaign).find({
    select: { id: true, delivery_mode: true, comment_deadline: true, delivery_lead_hours: true, delivery_recipients: true },
    where: { delivery_mode: 'packet', comment_deadline: MoreThan(new Date(now.getTime() - CATCH_UP_MS)) },
  });
  const due = campaigns.flatMap((c) => packetSlots(c).filter((s) => s.dueAt <= now).map((slot) => ({ campaign: c, slot })));
  if (due.length === 0) return 0;
  // Slots already made, in one query: most ticks end here.
  const made = await db.ds.getRepository(db.entities.Delivery).find({
    select: { campaign_id: true, schedule_key: true },
    where: { campaign_id: In([...new Set(due.map((d) => d.campaign.id))]), schedule_key: Not(IsNull()) },
  });
  const taken = new Set(made.map((d) => `${d.campaign_id} ${d.schedule_key}`));
  let queued = 0;
  for (const { campaign, slot } of due) {
    if (taken.has(`${campaign.id} ${slot.key}`)) continue;
    try {
      const delivery = await queuePacket(db, campaign.id, {
        trigger: 'schedule',
        since: 'after-last-automatic',
        until: slot.until,
        scheduleKey: slot.key,
      });
      if (delivery) {
        queued++;
        logger.info('queued an automatic packet', { campaign_id: campaign.id, delivery_id: delivery.id, letters: delivery.letter_count, slot: slot.key });
      }
    } catch (error) {
      // Another process made it between our check and our insert: the unique index said no.
      if (isUniqueViolation(error)) continue;
      logger.error('an automatic packet could not be queued; the next check tries again', { campaign_id: campaign.id, slot: slot.key, error });
    }
  }
  return queued;
}

/** Another process made the same slot first: the unique index on (campaign_id, schedule_key) said no. */
export function isUniqueViolation(error: unknown): boolean {
  // Anything can be thrown, undefined included.
  const e = error as { code?: string; driverError?: { code?: string } } | null | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export interface DeliveryScheduler {
  /** Stops the loop and waits for a check in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Checks now and then every `everyMs` (packets due, then the confirmation upkeep, then campaigns due
 * for anonymisation); never two checks at once in one process.
 */
export function startDeliveryScheduler(db: Database, logger: Logger, everyMs: number, anonymiseAfterDays: number): DeliveryScheduler {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = queueDuePackets(db, logger)
      .catch((error: unknown) => logger.error('checking for due packets failed; the next check tries again', { error }))
      // Supporters' confirmation e-mails and expired pending records ride the same clock.
      .then(() => confirmationUpkeep(db, logger))
      .catch((error: unknown) => logger.error('the confirmation upkeep failed; the next check tries again', { error }))
      // Each campaign's rows are rewritten in batches; two processes doing one campaign at once only repeat work.
      .then(() => anonymiseDueCampaigns(db, anonymiseAfterDays, logger))
      .catch((error: unknown) => logger.error('anonymising campaigns failed; the next check tries again', { error }))
      .finally(() => {
        busy = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
