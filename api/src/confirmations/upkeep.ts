import { CONFIRMATION_REMINDER_HOURS } from '../contract';
import { forgetExpiredChallenges } from '../bot-check/proof-of-work';
import type { Database } from '../db/data-source';
import type { Logger } from '../http/logger';
import { dbLater, laterParam, ph } from '../mail/sql';
import { mailAddresses, type Address } from './send';
import { confirmationSettings } from './setup';

/** Addresses handled per run; the next run takes the rest. */
const BATCH = 200;
const HOUR_MS = 3_600_000;

/**
 * What keeps pending records moving, run by every process with the delivery scheduler: the first
 * e-mail for records that arrived while their address's daily e-mail was spent, one reminder a day
 * after it for records still pending, and deletion of those still pending when their link's life
 * is over. Each address is mailed in its own transaction, through the same daily slot as a
 * submit's e-mail, so processes running this side by side cannot mail anyone twice.
 */
export async function confirmationUpkeep(db: Database, logger: Logger): Promise<{ mailed: number; reminded: number; deleted: number }> {
  const d = db.dialect;
  const dueSlot = `(s."last_mailed_at" IS NULL OR s."last_mailed_at" <= ${dbLater(d, 1)})`;
  const slotParam = laterParam(d, -24 * HOUR_MS + 1000);
  const addresses = async (where: string, extra: unknown[]): Promise<Address[]> => {
    const pick = (table: string, email: string) =>
      `SELECT r."campaign_id" AS "campaign_id", ${email} AS "email" FROM "${table}" r
       LEFT JOIN "supporter_mail_slots" s ON s."campaign_id" = r."campaign_id" AND s."email" = ${email}
       WHERE r."status" = 'pending' AND r."quarantine_id" IS NULL AND ${where} AND ${dueSlot}`;
    const rows = (await db.ds.query(
      `SELECT DISTINCT "campaign_id", "email" FROM (${pick('supporters', 'r."email"')} UNION ${pick('letters', 'lower(r."supporter_email")')}) AS due LIMIT ${BATCH}`,
      // PostgreSQL numbers its placeholders ($1 the slot, $2 any extra); SQLite binds them in the order written.
      d === 'postgres' ? [slotParam, ...extra] : [...extra, slotParam, ...extra, slotParam],
    )) as { campaign_id: number | string; email: string }[];
    return rows.map((r) => ({ campaignId: Number(r.campaign_id), email: r.email }));
  };

  let mailed = 0;
  for (const a of await addresses(`r."confirm_mails" = 0`, [])) {
    mailed += await db.transaction((m) => mailAddresses(m, db, [a], 'confirm'));
  }
  let reminded = 0;
  const reminderDue = `r."confirm_mails" = 1 AND r."confirm_mailed_at" <= ${dbLater(d, 2)}`;
  for (const a of await addresses(reminderDue, [laterParam(d, -CONFIRMATION_REMINDER_HOURS * HOUR_MS)])) {
    reminded += await db.transaction((m) => mailAddresses(m, db, [a], 'reminder'));
  }

  const { days } = confirmationSettings(db.ds);
  const cutoff = laterParam(d, -days * 24 * HOUR_MS);
  let deleted = 0;
  for (const table of ['supporters', 'letters']) {
    const expired = (n: number) => `"status" = 'pending' AND "created_at" < ${dbLater(d, n)}`;
    const campaigns = (await db.ds.query(`SELECT DISTINCT "campaign_id" FROM "${table}" WHERE ${expired(1)}`, [cutoff])) as { campaign_id: number | string }[];
    // One campaign a transaction, its row locked before its records, as every other writer of
    // existing records takes them (a confirmation, a removal, a quarantine; db/migrations/*-Tallies.ts):
    // deleting first locked the records, then the tally trigger waited for the campaign, and a
    // confirmation holding the campaign and waiting for one of those records deadlocked with it.
    for (const { campaign_id } of campaigns) {
      const result = (await db.transaction(async (m) => {
        if (d === 'postgres') await m.query('SELECT 1 FROM "campaigns" WHERE "id" = $1 FOR NO KEY UPDATE', [campaign_id]);
        return m.queryRunner!.query(`DELETE FROM "${table}" WHERE "campaign_id" = ${ph(d, 1)} AND ${expired(2)}`, [campaign_id, cutoff], true);
      })) as { affected?: number };
      deleted += result.affected ?? 0;
    }
  }
  // The bot check's spent solutions outlive their challenge by nothing: an expired one is refused anyway.
  const forgotten = await forgetExpiredChallenges(db);
  if (mailed + reminded + deleted + forgotten > 0) logger.info('confirmation upkeep', { mailed, reminded, deleted, forgotten });
  return { mailed, reminded, deleted };
}
