import type { EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import { queueMail } from '../mail/outbox';
import { dbLater, dbNow, laterParam, ph } from '../mail/sql';
import { supporterMail } from './mail-text';
import { confirmationSettings } from './setup';
import { newToken } from './tokens';

/** An address on a campaign: whose pending records one e-mail covers. */
export interface Address {
  campaignId: number;
  /** Trimmed and lower-cased. */
  email: string;
}

const DAY_MS = 24 * 3_600_000;

interface Result {
  records?: Record<string, unknown>[];
  affected?: number;
}

const q = (m: EntityManager, sql: string, params: unknown[]) => m.queryRunner!.query(sql, params, true) as Promise<Result>;

/**
 * The address's e-mail of today is spent. If its link has not been followed yet, it covers what was
 * sent since too (signed, then wrote a letter before opening the mailbox): one click confirms both,
 * and the page says what it confirmed. Otherwise the upkeep mails the new record tomorrow.
 */
async function joinOutstandingMail(m: EntityManager, db: Database, a: Address): Promise<void> {
  const d = db.dialect;
  const outstanding = await q(
    m,
    `SELECT "created_at" FROM "supporter_mails" WHERE "campaign_id" = ${ph(d, 1)} AND "email" = ${ph(d, 2)}
     AND "confirmed_at" IS NULL AND "removed_at" IS NULL AND "expires_at" > ${dbNow(d)} ORDER BY "id" DESC LIMIT 1`,
    [a.campaignId, a.email],
  );
  const mail = outstanding.records?.[0];
  if (!mail) return;
  for (const [table, column] of [['supporters', '"email"'], ['letters', 'lower("supporter_email")']] as const) {
    await q(
      m,
      `UPDATE "${table}" SET "confirm_mails" = 1, "confirm_mailed_at" = ${ph(d, 1)}
       WHERE "campaign_id" = ${ph(d, 2)} AND ${column} = ${ph(d, 3)} AND "status" = 'pending' AND "confirm_mails" = 0`,
      [mail.created_at, a.campaignId, a.email],
    );
  }
}

/**
 * Sends each address the e-mail that confirms its pending records, inside the caller's transaction
 * (the records and their e-mail commit together, so an acknowledged record is never left without
 * its mail). At most one e-mail per address per campaign per 24 hours, whatever is submitted: the
 * slot is taken by one conditional upsert, which two processes cannot both win. An address whose
 * slot is taken gets nothing now; the upkeep (./upkeep.ts) mails it once the day is over.
 * Returns how many e-mails were queued.
 */
export async function mailAddresses(m: EntityManager, db: Database, addresses: Address[], kind: 'confirm' | 'reminder'): Promise<number> {
  let queued = 0;
  for (const a of addresses) if (await mailAddress(m, db, a, kind)) queued++;
  return queued;
}

async function mailAddress(m: EntityManager, db: Database, a: Address, kind: 'confirm' | 'reminder'): Promise<boolean> {
  const d = db.dialect;
  const now = dbNow(d);
  const slot = await q(
    m,
    `INSERT INTO "supporter_mail_slots" ("campaign_id", "email", "last_mailed_at") VALUES (${ph(d, 1)}, ${ph(d, 2)}, ${now})
     ON CONFLICT ("campaign_id", "email") DO UPDATE SET "last_mailed_at" = ${now}
     WHERE "supporter_mail_slots"."last_mailed_at" <= ${dbLater(d, 3)}
     RETURNING "campaign_id"`,
    [a.campaignId, a.email, laterParam(d, -DAY_MS + 1000)],
  );
  if ((slot.records ?? []).length === 0) {
    await joinOutstandingMail(m, db, a);
    return false;
  }

  // What this e-mail covers: every pending record of the address on the campaign, as of now.
  const mark = (table: 'supporters' | 'letters', column: string) =>
    q(
      m,
      `UPDATE "${table}" SET "confirm_mails" = "confirm_mails" + 1, "confirm_mailed_at" = ${now}
       WHERE "campaign_id" = ${ph(d, 1)} AND ${column} = ${ph(d, 2)} AND "status" = 'pending'`,
      [a.campaignId, a.email],
    );
  const signatures = (await mark('supporters', '"email"')).affected ?? 0;
  const letters = (await mark('letters', 'lower("supporter_email")')).affected ?? 0;
  if (signatures + letters === 0) return false;

  const campaign = await m.getRepository(db.entities.Campaign).findOneOrFail({ select: { id: true, title: true }, where: { id: a.campaignId } });
  const { publicUrl, days } = confirmationSettings(m.connection);
  const confirm = newToken();
  const remove = newToken();
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  const mail = await queueMail(
    m,
    supporterMail({
      to: a.email,
      campaignTitle: campaign.title,
      signatures,
      letters,
      confirmUrl: `${publicUrl}/confirm/${confirm.token}`,
      removeUrl: `${publicUrl}/remove/${remove.token}`,
      expiresAt,
      reminder: kind === 'reminder',
    }),
  );
  await m.getRepository(db.entities.SupporterMail).insert({
    campaign_id: a.campaignId,
    email: a.email,
    kind,
    confirm_token_hash: confirm.hash,
    remove_token_hash: remove.hash,
    expires_at: expiresAt,
    confirmed_at: null,
    removed_at: null,
    outbox_id: mail.id,
  });
  return true;
}
