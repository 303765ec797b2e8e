import type { EntityManager } from 'typeorm';
import type { Language } from '../contract';
import type { Database } from '../db/data-source';
import { queueMails } from '../mail/outbox';
import { emailKey } from '../floods/sources';
import { dbLater, dbNow, dbTime, inList, laterParam, listParams, ph, tuples } from '../mail/sql';
import { LINK_MARKS } from './links';
import { supporterMail, type NamedLetter, type NamedRecord } from './mail-text';
import { confirmationSettings } from './setup';

/** An address on a campaign: whose pending records one e-mail covers. */
export interface Address {
  campaignId: number;
  /** Trimmed and lower-cased. */
  email: string;
}

const DAY_MS = 24 * 3_600_000;

/**
 * Letters one e-mail names at most. A flood of letters under one address would otherwise make an
 * e-mail too long to read (or to queue); the rest wait, unnamed, for the upkeep's next e-mail.
 */
export const MOST_LETTERS_NAMED = 50;

/** How much of a letter the e-mail is given to quote its beginning from (mail-text.ts shortens it). */
const OPENING_READ = 600;

/** Records per INSERT into supporter_mail_records: three parameters each, far below either database's limit. */
const RECORDS_PER_INSERT = 1_000;

interface Result {
  records?: Record<string, unknown>[];
  affected?: number;
}

const q = (m: EntityManager, sql: string, params: unknown[]) => m.queryRunner!.query(sql, params, true) as Promise<Result>;

/** What one address's e-mail names: its pending records, each with what its writer typed. */
interface Named {
  signatures: (NamedRecord & { id: number })[];
  letters: (NamedLetter & { id: number })[];
}

/**
 * Sends each address the e-mail that confirms its pending records, inside the caller's transaction
 * (the records it names and the e-mail commit together). At most one e-mail per address per
 * campaign per 24 hours, whatever is submitted: the slot is taken by one conditional upsert, which
 * two processes cannot both win. An address whose slot is taken gets nothing now; the upkeep
 * (./upkeep.ts) mails it once the day is over.
 *
 * Each e-mail names every pending record of its address on the campaign as of now (the letters up
 * to MOST_LETTERS_NAMED, oldest first), lists them in its text, and records them in
 * supporter_mail_records: its confirmation link confirms exactly those, never a record sent under
 * the same address after it (commands/confirm-by-token.ts). A reminder is such an e-mail too.
 *
 * Set-based per campaign: a batch of hundreds of new addresses takes seven statements (slots, the
 * two marks, the title, the outbox, the mails, what they named: one more a RECORDS_PER_INSERT
 * records), not seven per address; on
 * PostgreSQL each statement is a round trip made while the transaction holds its locks.
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
  const winners = (slots.records ?? []).map((r) => String(r.email));
  if (winners.length === 0) return 0;

  const named = await markNamed(m, db, campaignId, winners);
  const toMail = winners.filter((email) => named.has(email));
  if (toMail.length === 0) return 0;

  // Raw: TypeORM's findOne built its query anew for each batch, a sixth of what queuing a batch's e-mails cost.
  const found = await q(m, `SELECT "title", "language" FROM "campaigns" WHERE "id" = ${ph(d, 1)}`, [campaignId]);
  const campaign = found.records?.[0] as { title: string; language: Language } | undefined;
  if (!campaign) throw new Error(`campaign ${campaignId} vanished while its confirmation e-mails were queued`);
  const { days } = confirmationSettings(m.connection);
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  // The links are written in as each e-mail is sent, never stored (./links.ts, ./tokens.ts).
  const mails = await queueMails(
    m,
    toMail.map((email) =>
      supporterMail({
        to: email,
        campaignTitle: campaign.title,
        language: campaign.language,
        signatures: named.get(email)!.signatures,
        letters: named.get(email)!.letters,
        confirmUrl: LINK_MARKS.confirm,
        removeUrl: LINK_MARKS.remove,
        expiresAt,
        reminder: kind === 'reminder',
      }),
    ),
  );
  const expires = dbTime(d, expiresAt);
  const inserted = await q(
    m,
    `INSERT INTO "supporter_mails" ("campaign_id", "email", "email_key", "kind", "expires_at", "outbox_id") VALUES ${tuples(d, toMail.length, 6)} RETURNING "id", "email"`,
    toMail.flatMap((email, i) => [campaignId, email, emailKey(email), kind, expires, mails[i]!.id]),
  );
  // Matched by address: neither database promises RETURNING rows in VALUES order.
  const mailIds = new Map((inserted.records ?? []).map((r) => [String(r.email), Number(r.id)]));
  const records = toMail.flatMap((email) => {
    const mailId = mailIds.get(email)!;
    const { signatures, letters } = named.get(email)!;
    return [...signatures.map((s) => [mailId, 'signature', s.id]), ...letters.map((l) => [mailId, 'letter', l.id])];
  });
  for (let from = 0; from < records.length; from += RECORDS_PER_INSERT) {
    const chunk = records.slice(from, from + RECORDS_PER_INSERT);
    await q(m, `INSERT INTO "supporter_mail_records" ("mail_id", "record_type", "record_id") VALUES ${tuples(d, chunk.length, 3)}`, chunk.flat());
  }
  return toMail.length;
}

/**
 * Marks what each address's e-mail names (confirm_mails + 1, confirm_mailed_at now: what the
 * upkeep's reminder reads) and reads back what the e-mail says of each: two statements for every
 * address at once. Addresses with nothing pending are absent from the answer.
 */
async function markNamed(m: EntityManager, db: Database, campaignId: number, emails: string[]): Promise<Map<string, Named>> {
  const d = db.dialect;
  const now = dbNow(d);
  const mark = `"confirm_mails" = "confirm_mails" + 1, "confirm_mailed_at" = ${now}`;
  const params = [campaignId, ...listParams(d, emails)];
  const signatures = await q(
    m,
    `UPDATE "supporters" SET ${mark}
     WHERE "campaign_id" = ${ph(d, 1)} AND ${inList(d, '"email"', 2, emails.length, 'text')} AND "status" = 'pending'
     RETURNING "id", "email", "name", "street_address", "city"`,
    params,
  );
  // Each address's oldest pending letters, up to the most one e-mail names. The outer status test is
  // what PostgreSQL re-checks on a row another transaction changed meanwhile (a letter its writer
  // confirmed just now): the sub-select's answer is of the statement's start.
  const letters = await q(
    m,
    `UPDATE "letters" SET ${mark}
     WHERE "status" = 'pending' AND "id" IN (
       SELECT "id" FROM (
         SELECT "id", ROW_NUMBER() OVER (PARTITION BY lower("supporter_email") ORDER BY "id") AS "nth" FROM "letters"
         WHERE "campaign_id" = ${ph(d, 1)} AND ${inList(d, 'lower("supporter_email")', 2, emails.length, 'text')} AND "status" = 'pending'
       ) AS "ranked" WHERE "nth" <= ${MOST_LETTERS_NAMED}
     )
     RETURNING "id", lower("supporter_email") AS "email", "supporter_name", "street_address", "city", substr("letter_content", 1, ${OPENING_READ}) AS "opening"`,
    params,
  );
  const named = new Map<string, Named>();
  const of = (email: string) => {
    let n = named.get(email);
    if (!n) named.set(email, (n = { signatures: [], letters: [] }));
    return n;
  };
  for (const r of signatures.records ?? []) {
    of(String(r.email)).signatures.push({ id: Number(r.id), name: String(r.name), street: String(r.street_address), city: String(r.city) });
  }
  for (const r of letters.records ?? []) {
    of(String(r.email)).letters.push({
      id: Number(r.id),
      name: String(r.supporter_name),
      street: String(r.street_address),
      city: String(r.city),
      opening: String(r.opening),
    });
  }
  // Oldest first in the e-mail's list, as they were sent.
  for (const n of named.values()) n.letters.sort((a, b) => a.id - b.id);
  return named;
}
