import type { EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import { queueMails } from '../mail/outbox';
import { dbLater, dbNow, dbTime, inList, laterParam, listParams, ph, tuples } from '../mail/sql';
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
 *
 * Set-based per campaign: a signature batch of hundreds of new addresses takes six statements
 * (slots, the two marks, the title, the outbox, the mails), not six per address; on PostgreSQL each
 * statement is a round trip made while the batch holds its locks.
 * Returns how many e-mails were queued.
 */
export async function mailAddresses(m: EntityManager, db: Database, addresses: Address[], kind: 'confirm' | 'reminder'): Promise<number> {
  const byCampaign = new Map<number, Set<string>>();
  for (const a of addresses) {
    const emails = byCampaign.get(a.campaignId) ?? new Set<string>();
    emails.add(a.email);
    byCampaign.set(a.campaignId, emails);
  }
  let queued = 0;
  // Campaigns and addresses in one order, as the signature batch takes its rows (no deadlocks).
  for (const campaignId of [...byCampaign.keys()].sort((x, y) => x - y)) {
    queued += await mailCampaign(m, db, campaignId, [...byCampaign.get(campaignId)!].sort(), kind);
  }
  return queued;
}

async function mailCampaign(m: EntityManager, db: Database, campaignId: number, emails: string[], kind: 'confirm' | 'reminder'): Promise<number> {
  const d = db.dialect;
  const now = dbNow(d);
  const slots = await q(
    m,
    `INSERT INTO "supporter_mail_slots" ("campaign_id", "email", "last_mailed_at") VALUES ${tuples(d, emails.length, 2, now)}
     ON CONFLICT ("campaign_id", "email") DO UPDATE SET "last_mailed_at" = ${now}
     WHERE "supporter_mail_slots"."last_mailed_at" <= ${dbLater(d, emails.length * 2 + 1)}
     RETURNING "email"`,
    [...emails.flatMap((email) => [campaignId, email]), laterParam(d, -DAY_MS + 1000)],
  );
  const won = new Set((slots.records ?? []).map((r) => String(r.email)));
  for (const email of emails) if (!won.has(email)) await joinOutstandingMail(m, db, { campaignId, email });
  if (won.size === 0) return 0;

  // What each e-mail covers: every pending record of its address on the campaign, as of now.
  const winners = [...won];
  const mark = async (table: 'supporters' | 'letters', column: string) => {
    const marked = await q(
      m,
      `UPDATE "${table}" SET "confirm_mails" = "confirm_mails" + 1, "confirm_mailed_at" = ${now}
       WHERE "campaign_id" = ${ph(d, 1)} AND ${inList(d, column, 2, winners.length, 'text')} AND "status" = 'pending'
       RETURNING ${column} AS "email"`,
      [campaignId, ...listParams(d, winners)],
    );
    const counts = new Map<string, number>();
    for (const r of marked.records ?? []) counts.set(String(r.email), (counts.get(String(r.email)) ?? 0) + 1);
    return counts;
  };
  const signatures = await mark('supporters', '"email"');
  const letters = await mark('letters', 'lower("supporter_email")');
  const toMail = winners.filter((email) => (signatures.get(email) ?? 0) + (letters.get(email) ?? 0) > 0);
  if (toMail.length === 0) return 0;

  const campaign = await m.getRepository(db.entities.Campaign).findOneOrFail({ select: { id: true, title: true, language: true }, where: { id: campaignId } });
  const { publicUrl, days } = confirmationSettings(m.connection);
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  const links = toMail.map(() => ({ confirm: newToken(), remove: newToken() }));
  const mails = await queueMails(
    m,
    toMail.map((email, i) =>
      supporterMail({
        to: email,
        campaignTitle: campaign.title,
        language: campaign.language,
        signatures: signatures.get(email) ?? 0,
        letters: letters.get(email) ?? 0,
        confirmUrl: `${publicUrl}/confirm/${links[i]!.confirm.token}`,
        removeUrl: `${publicUrl}/remove/${links[i]!.remove.token}`,
        expiresAt,
        reminder: kind === 'reminder',
      }),
    ),
  );
  const expires = dbTime(d, expiresAt);
  await q(
    m,
    `INSERT INTO "supporter_mails" ("campaign_id", "email", "kind", "confirm_token_hash", "remove_token_hash", "expires_at", "outbox_id")
     VALUES ${tuples(d, toMail.length, 7)}`,
    toMail.flatMap((email, i) => [campaignId, email, kind, links[i]!.confirm.hash, links[i]!.remove.hash, expires, mails[i]!.id]),
  );
  return toMail.length;
}
