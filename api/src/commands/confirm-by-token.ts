import type { EntityManager } from 'typeorm';
import { en, type ConfirmationResult } from '../contract';
import { mailOfLink } from '../confirmations/links';
import { confirmationSettings } from '../confirmations/setup';
import type { LinkKind } from '../confirmations/tokens';
import type { Database } from '../db/data-source';
import type { SupporterMailRow } from '../db/types';
import { AppError } from '../http/errors';
import { dbNow, ph } from '../mail/sql';
import { publicCampaigns } from '../services/public-campaigns';
import { CAMPAIGN_FOR_DELIVERY, deliverIfEach } from './deliver-letter';

/**
 * A supporter confirms from their e-mail's link: the pending records that e-mail named
 * (supporter_mail_records, written when it was queued: confirmations/send.ts) enter the record, in
 * one transaction, and nothing else of that address; a record sent under it later waits for an
 * e-mail that names it. The counters move first, which takes the campaign row's lock (PostgreSQL;
 * SQLite writes one at a time), so a second click, or the reminder's link clicked at once, finds
 * nothing left to count. Each record's created_at then moves to now (it entered the record now;
 * when it was sent stays in submitted_at), read from the clock after the lock as submit-letter
 * does, so a packet made under the same lock knows exactly which letters it holds. In `each` mode
 * each letter's e-mail to the recipients is queued here, now that it counts. The reply says how
 * many of each it confirmed, for the page.
 */
export async function confirmByToken(db: Database, token: string): Promise<ConfirmationResult> {
  const outcome = await db.transaction(async (m) => {
    const mail = await mailFor(m, db, 'confirm', token);
    const campaign = await m.getRepository(db.entities.Campaign).findOneOrFail({
      select: { ...CAMPAIGN_FOR_DELIVERY, supporter_count: true, letter_count: true },
      where: { id: mail.campaign_id },
    });
    const title = campaign.title;
    if (mail.confirmed_at) return { result: { state: 'already' as const, campaign_title: title, signatures: 0, letters: 0 }, campaignId: mail.campaign_id, counts: null };
    if (mail.expires_at.getTime() < Date.now()) throw new AppError('gone', en.confirm.expired);

    const d = db.dialect;
    // The e-mail's own records of that type, still pending. ($1 the mail, $2 the campaign: in the
    // order written, as SQLite binds them.)
    const named = (type: 'signature' | 'letter') =>
      `"id" IN (SELECT "record_id" FROM "supporter_mail_records" WHERE "mail_id" = ${ph(d, 1)} AND "record_type" = '${type}') AND "campaign_id" = ${ph(d, 2)} AND "status" = 'pending'`;
    const params = [mail.id, mail.campaign_id];
    // What the writer confirms, and what of it the counters take (a quarantined row is confirmed like
    // any other but counts, and goes to the clerk, only if restored).
    const countOf = async (table: string, type: 'signature' | 'letter') => {
      const [row] = (await m.query(
        `SELECT COUNT(*) AS "n", COUNT(CASE WHEN "quarantine_id" IS NULL THEN 1 END) AS "counted" FROM "${table}" WHERE ${named(type)}`,
        params,
      )) as { n: number | string; counted: number | string }[];
      return { n: Number(row?.n ?? 0), counted: Number(row?.counted ?? 0) };
    };
    // The lock first: nothing can be confirmed by anyone else between this count and the updates.
    if (d === 'postgres') await m.query(`SELECT "id" FROM "campaigns" WHERE "id" = $1 FOR UPDATE`, [mail.campaign_id]);
    const signatures = await countOf('supporters', 'signature');
    const letters = await countOf('letters', 'letter');
    if (signatures.counted + letters.counted > 0) {
      await m.query(
        `UPDATE "campaigns" SET "supporter_count" = "supporter_count" + ${ph(d, 1)}, "letter_count" = "letter_count" + ${ph(d, 2)} WHERE "id" = ${ph(d, 3)}`,
        [signatures.counted, letters.counted, mail.campaign_id],
      );
    }
    if (signatures.n > 0) {
      await m.query(`UPDATE "supporters" SET "status" = 'confirmed', "submitted_at" = "created_at", "created_at" = ${dbNow(d)} WHERE ${named('signature')}`, params);
    }
    const letterRows =
      letters.n === 0
        ? []
        : await m
            .getRepository(db.entities.Letter)
            .createQueryBuilder('l')
            .where(
              `l.campaign_id = :campaign AND l.status = 'pending' AND l.id IN (SELECT "record_id" FROM "supporter_mail_records" WHERE "mail_id" = :mail AND "record_type" = 'letter')`,
              { campaign: mail.campaign_id, mail: mail.id },
            )
            .orderBy('l.id')
            .getMany();
    for (const letter of letterRows) {
      const enteredAt = await letterClock(m, db);
      await m.getRepository(db.entities.Letter).update({ id: letter.id }, { status: 'confirmed', submitted_at: letter.created_at, created_at: enteredAt });
      if (letter.quarantine_id === null) await deliverIfEach(m, db, campaign, letter, enteredAt);
    }
    await m.getRepository(db.entities.SupporterMail).update({ id: mail.id }, { confirmed_at: new Date() });
    const counts = { supporter_count: campaign.supporter_count + signatures.counted, letter_count: campaign.letter_count + letters.counted };
    const state = signatures.n + letters.n > 0 ? ('done' as const) : ('already' as const);
    return { result: { state, campaign_title: title, signatures: signatures.n, letters: letters.n }, campaignId: mail.campaign_id, counts };
  });
  if (outcome.counts) publicCampaigns(db).counted(outcome.campaignId, outcome.counts);
  return outcome.result;
}

/** The e-mail a link belongs to, or a 404 a person can act on. */
export async function mailFor(m: EntityManager, db: Database, kind: LinkKind, token: string): Promise<SupporterMailRow> {
  const mail = await mailOfLink(m, db, confirmationSettings(db.ds), kind, token);
  if (!mail) throw new AppError('not_found', en.confirm.notFound);
  return mail;
}

/** Now for a confirmed letter's created_at: the database's own clock on PostgreSQL, this process's on SQLite (see submit-letter). */
async function letterClock(m: EntityManager, db: Database): Promise<Date> {
  if (db.dialect === 'postgres') {
    const [row] = (await m.query(`SELECT clock_timestamp() AS "now"`)) as { now: Date }[];
    return new Date(row!.now);
  }
  return new Date();
}
