import type { EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import type { DeliveryRow } from '../db/types';
import { packetMail } from '../deliveries/mail-text';
import { queueMail } from '../deliveries/outbox';
import { AppError, notFound } from '../http/errors';
import { quoted, recordAudit, type Actor } from '../audit/record';

/** An admin's request names the admin (the audit log's entry); the scheduler's is its own record. */
export type PacketRequest = PacketWindow & ({ trigger: 'admin'; actor: Actor } | { trigger: 'schedule' });

interface PacketWindow {
  /**
   * Letters submitted after this instant (exclusive); null: from the first; 'after-last-automatic':
   * from where the campaign's latest automatic packet ended (read under the lock, so two processes
   * cannot both start from the same place).
   */
  since: Date | null | 'after-last-automatic';
  /** Up to this instant (inclusive); default: now, as the database sees it. */
  until?: Date;
  /** Automatic packets: the slot (unique per campaign), and nothing is queued when it is taken. */
  scheduleKey?: string;
}

/**
 * Queues one hearing packet: the deliveries row and its outbox row in one transaction, so a packet
 * is either recorded and on its way or not at all. Returns null when there is nothing to do for an
 * automatic packet (slot taken, no letter submitted in time); an admin's request for nothing gets
 * a refusal that says why.
 *
 * The campaign row is locked first. Every transaction that puts a letter on the record raises the
 * campaign's letter_count first and takes the letter's created_at after that (submit-letter.ts,
 * or confirm-by-token.ts, which moves created_at to the confirmation), so
 * once the lock is ours each letter is either committed already, and counted, or will carry a
 * created_at later than `until`. The count here is then exactly what the worker renders for
 * (since, until] when it sends, and the next packet starts where this one ends.
 */
export async function queuePacket(db: Database, campaignId: number, req: PacketRequest): Promise<DeliveryRow | null> {
  return db.transaction(async (m) => {
    const campaign = await m.getRepository(db.entities.Campaign).findOne({
      where: { id: campaignId },
      ...(db.dialect === 'postgres' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!campaign) throw notFound('Campaign');
    const deliveries = m.getRepository(db.entities.Delivery);
    if (req.scheduleKey && (await deliveries.existsBy({ campaign_id: campaignId, schedule_key: req.scheduleKey }))) return null;
    if (campaign.delivery_recipients.length === 0) {
      if (req.trigger === 'schedule') return null;
      throw new AppError('conflict', "This campaign has no recipients: add the clerk's e-mail address on its Delivery tab first");
    }

    const since = req.since === 'after-last-automatic' ? await lastAutomaticUntil(m, db, campaignId) : req.since;
    const until = req.until ?? (await databaseNow(m, db));
    if (since && since >= until) return null;
    const letterCount = await countLetters(m, db, campaignId, since, until);
    if (letterCount === 0) {
      if (req.trigger === 'schedule') return null;
      throw new AppError(
        'conflict',
        since ? 'No letters were submitted since that time: there is nothing to send' : 'This campaign has no letters yet: there is nothing to send',
      );
    }
    const deadline = campaign.comment_deadline;
    // An automatic packet goes out only with at least one letter that was on time: a packet of
    // nothing but late letters is the organiser's call.
    if (req.trigger === 'schedule' && deadline) {
      const onTimeUntil = until < deadline ? until : deadline;
      const onTime = since && since >= onTimeUntil ? 0 : await countLetters(m, db, campaignId, since, onTimeUntil);
      if (onTime === 0) return null;
    }
    const lateCount = deadline && until > deadline ? await countLetters(m, db, campaignId, laterOf(since, deadline), until) : 0;

    const mail = packetMail(campaign, campaign.delivery_recipients, { since, until, letterCount, lateCount });
    const queued = await queueMail(m, mail);
    const row: Omit<DeliveryRow, 'id' | 'created_at'> = {
      campaign_id: campaignId,
      kind: 'packet',
      trigger: req.trigger,
      recipients: campaign.delivery_recipients,
      letter_count: letterCount,
      letter_id: null,
      since,
      until,
      outbox_id: queued.id,
      message_id: queued.message_id,
      schedule_key: req.scheduleKey ?? null,
    };
    const { id } = await deliveries.save(deliveries.create(row));
    if (req.trigger === 'admin') {
      const late = lateCount > 0 ? ` (${lateCount} late)` : '';
      const summary = `Sent the hearing packet of ${quoted(campaign.title)}, ${letterCount} letter${letterCount === 1 ? '' : 's'}${late}, to ${campaign.delivery_recipients.join(', ')}`;
      await recordAudit(m, db, req.actor, { action: 'delivery.send', campaignId, summary });
    }
    return deliveries.findOneByOrFail({ id });
  });
}

async function lastAutomaticUntil(m: EntityManager, db: Database, campaignId: number): Promise<Date | null> {
  const last = await m.getRepository(db.entities.Delivery).findOne({
    select: { id: true, until: true },
    where: { campaign_id: campaignId, kind: 'packet', trigger: 'schedule' },
    order: { until: 'DESC', id: 'DESC' },
  });
  return last?.until ?? null;
}

const laterOf = (a: Date | null, b: Date) => (a && a > b ? a : b);

/**
 * Confirmed letters of the campaign that entered the record (created_at) after `since` (exclusive)
 * and up to `until` (inclusive); null: no bound.
 */
export async function countLetters(m: EntityManager, db: Database, campaignId: number, since: Date | null, until: Date | null): Promise<number> {
  const qb = m
    .getRepository(db.entities.Letter)
    .createQueryBuilder('l')
    .where('l.campaign_id = :campaignId', { campaignId })
    .andWhere("l.status = 'confirmed'")
    .andWhere('l.quarantine_id IS NULL');
  if (until) qb.andWhere('l.created_at <= :until', { until });
  if (since) qb.andWhere('l.created_at > :since', { since });
  return qb.getCount();
}

/**
 * Now, in whole milliseconds (what an ISO string and a JS Date hold), a millisecond back: a letter
 * stamped within this same millisecond is then after `until` for everyone, never counted here and
 * rendered there. PostgreSQL's own clock on PostgreSQL, where letters take theirs from it too.
 */
async function databaseNow(m: EntityManager, db: Database): Promise<Date> {
  if (db.dialect === 'postgres') {
    const [row] = (await m.query(`SELECT date_trunc('milliseconds', clock_timestamp()) - interval '1 millisecond' AS now`)) as { now: Date }[];
    return new Date(row!.now);
  }
  return new Date(Date.now() - 1);
}
