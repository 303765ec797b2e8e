import type { EntityManager } from 'typeorm';
import type { QuarantineCounts, QuarantineInput } from '../contract';
import type { Database } from '../db/data-source';
import type { QuarantineRow } from '../db/types';
import { quoted, recordAudit, type Actor } from '../audit/record';
import { CAMPAIGN_FOR_DELIVERY, deliverIfEach } from '../commands/deliver-letter';
import { AppError, notFound } from '../http/errors';
import { dbTime, ph } from '../mail/sql';
import { publicCampaigns } from '../services/public-campaigns';

type Table = 'supporters' | 'letters';

/** The rows a quarantine of `q` on campaign `campaignId` takes: not held by another, in the range, from the source. */
function burst(db: Database, campaignId: number, q: QuarantineInput): { where: string; params: unknown[] } {
  const d = db.dialect;
  const source = q.network !== undefined ? '"network"' : '"email_domain"';
  return {
    where: `"campaign_id" = ${ph(d, 1)} AND "quarantine_id" IS NULL AND "created_at" >= ${ph(d, 2)} AND "created_at" <= ${ph(d, 3)} AND ${source} = ${ph(d, 4)}`,
    params: [campaignId, dbTime(db.dialect, q.from), dbTime(db.dialect, q.to), q.network ?? q.email_domain],
  };
}


async function countBy(m: EntityManager, table: Table, where: string, params: unknown[]): Promise<{ all: number; counted: number }> {
  const rows = (await m.query(`SELECT "status", COUNT(*) AS "n" FROM "${table}" WHERE ${where} GROUP BY "status"`, params)) as { status: string; n: number | string }[];
  const all = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return { all, counted: Number(rows.find((r) => r.status === 'confirmed')?.n ?? 0) };
}

async function countsOf(m: EntityManager, db: Database, campaignId: number, q: QuarantineInput): Promise<QuarantineCounts> {
  const { where, params } = burst(db, campaignId, q);
  const s = await countBy(m, 'supporters', where, params);
  const l = await countBy(m, 'letters', where, params);
  return { signatures: s.all, letters: l.all, counted_signatures: s.counted, counted_letters: l.counted };
}

/** What a quarantine would take, changing nothing. */
export async function previewQuarantine(db: Database, campaignId: number, q: QuarantineInput): Promise<QuarantineCounts> {
  await campaignOrNotFound(db.ds.manager, db, campaignId);
  return countsOf(db.ds.manager, db, campaignId, q);
}

/**
 * Quarantines a burst, under the campaign row's lock (as signing, confirming and packets take it):
 * its rows get the quarantine's id, the counters drop by the confirmed ones among them, and the
 * audit log says who, what and why. A burst with nothing in it is refused, and nothing is written.
 */
export async function quarantineBurst(db: Database, campaignId: number, q: QuarantineInput, actor: Actor): Promise<{ quarantine: QuarantineRow; counts: QuarantineCounts }> {
  const out = await db.transaction(async (m) => {
    const campaign = await lockCampaign(m, db, campaignId);
    const counts = await countsOf(m, db, campaignId, q);
    if (counts.signatures + counts.letters === 0) {
      throw new AppError('validation_failed', 'Nothing to quarantine: no signature or letter from that source in that time range', { field: 'from' });
    }
    const repo = m.getRepository(db.entities.Quarantine);
    const { id } = await repo.save(
      repo.create({
        campaign_id: campaignId,
        starts_at: q.from,
        ends_at: q.to,
        network: q.network ?? null,
        email_domain: q.email_domain ?? null,
        reason: q.reason,
        signatures: counts.signatures,
        letters: counts.letters,
        created_by: actor.email,
      }),
    );
    const { where, params } = burst(db, campaignId, q);
    const d = db.dialect;
    for (const table of ['supporters', 'letters'] as const) {
      // SQLite binds its ? in the order written: the SET's comes first.
      await m.query(`UPDATE "${table}" SET "quarantine_id" = ${ph(d, params.length + 1)} WHERE ${where}`, d === 'postgres' ? [...params, id] : [id, ...params]);
    }
    await moveCounters(m, db, campaignId, -counts.counted_signatures, -counts.counted_letters);
    const source = q.network ? `network ${q.network}` : `e-mail domain ${q.email_domain}`;
    await recordAudit(m, db, actor, {
      action: 'quarantine.create',
      campaignId,
      summary: `Quarantined ${counts.signatures} signatures and ${counts.letters} letters of ${quoted(campaign.title)} from ${source}, ${q.from.toISOString()} to ${q.to.toISOString()}: ${q.reason}`,
    });
    return { quarantine: await repo.findOneByOrFail({ id }), counts };
  });
  publicCampaigns(db).forget(campaignId);
  return out;
}

/**
 * Puts a quarantine's rows back: the confirmed ones count again and enter the record now (created_at
 * moves to now, submitted_at keeps when they were sent, as confirming does), so the next packet
 * holds the letters among them; in `each` mode each is sent to the recipients now. A second restore
 * is refused.
 */
export async function restoreQuarantine(db: Database, quarantineId: number, actor: Actor): Promise<QuarantineRow> {
  const out = await db.transaction(async (m) => {
    const repo = m.getRepository(db.entities.Quarantine);
    const found = await repo.findOneBy({ id: quarantineId });
    if (!found) throw notFound('Quarantine');
    const campaign = await lockCampaign(m, db, found.campaign_id);
    // Read again under the lock: a second restore in flight finds it restored.
    const q = await repo.findOneByOrFail({ id: quarantineId });
    if (q.restored_at) throw new AppError('conflict', 'This quarantine was restored already');
    const d = db.dialect;
    const held = `"quarantine_id" = ${ph(d, 1)}`;
    const s = await countBy(m, 'supporters', held, [q.id]);
    const l = await countBy(m, 'letters', held, [q.id]);
    const now = new Date();
    const letters = await m.getRepository(db.entities.Letter).findBy({ quarantine_id: q.id, status: 'confirmed' });
    for (const table of ['supporters', 'letters'] as const) {
      await m.query(
        `UPDATE "${table}" SET "submitted_at" = COALESCE("submitted_at", "created_at"), "created_at" = ${ph(d, 1)} WHERE "quarantine_id" = ${ph(d, 2)} AND "status" = 'confirmed'`,
        [dbTime(db.dialect, now), q.id],
      );
      await m.query(`UPDATE "${table}" SET "quarantine_id" = NULL WHERE ${held}`, [q.id]);
    }
    await moveCounters(m, db, q.campaign_id, s.counted, l.counted);
    const delivered = new Set((await m.getRepository(db.entities.Delivery).findBy({ campaign_id: q.campaign_id, kind: 'letter' })).map((x) => x.letter_id));
    for (const letter of letters) if (!delivered.has(letter.id)) await deliverIfEach(m, db, campaign, { ...letter, quarantine_id: null }, now);
    await repo.update({ id: q.id }, { restored_at: now, restored_by: actor.email });
    await recordAudit(m, db, actor, {
      action: 'quarantine.restore',
      campaignId: q.campaign_id,
      summary: `Restored the quarantine of ${s.all} signatures and ${l.all} letters of ${quoted(campaign.title)} from ${q.network ?? q.email_domain}`,
    });
    return repo.findOneByOrFail({ id: q.id });
  });
  publicCampaigns(db).forget(out.campaign_id);
  return out;
}

async function campaignOrNotFound(m: EntityManager, db: Database, id: number) {
  const campaign = await m.getRepository(db.entities.Campaign).findOne({ select: CAMPAIGN_FOR_DELIVERY, where: { id } });
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

async function lockCampaign(m: EntityManager, db: Database, id: number) {
  if (db.dialect === 'postgres') await m.query(`SELECT "id" FROM "campaigns" WHERE "id" = $1 FOR UPDATE`, [id]);
  return campaignOrNotFound(m, db, id);
}

async function moveCounters(m: EntityManager, db: Database, campaignId: number, signatures: number, letters: number) {
  if (signatures === 0 && letters === 0) return;
  const d = db.dialect;
  await m.query(
    `UPDATE "campaigns" SET "supporter_count" = "supporter_count" + ${ph(d, 1)}, "letter_count" = "letter_count" + ${ph(d, 2)} WHERE "id" = ${ph(d, 3)}`,
    [signatures, letters, campaignId],
  );
}
