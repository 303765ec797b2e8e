import type { EntityManager } from 'typeorm';
import type { SignatureToStore } from './sign-petition';
import type { Database } from '../db/data-source';
import { mailSoon } from '../confirmations/mail-soon';
import { mailAddresses, type Address } from '../confirmations/send';
import { reusedSolution, spendSolutions, type VerifiedSolution } from '../bot-check/proof-of-work';
import { domainOf, emailKey, type Origin } from '../floods/sources';
import { perDatabase } from '../db/per-database';
import { writtenAndTakenBack } from '../db/transaction';
import { ph, tuples } from '../mail/sql';
import { publicCampaigns } from '../services/public-campaigns';

/** One signature waiting for the transaction that will store it. */
interface PendingSignature {
  campaignId: number;
  /** The campaign asks for confirmation: stored `pending`, counted when its writer confirms. */
  confirm: boolean;
  input: SignatureToStore;
  origin: Origin;
  /** The bot check's solution, verified and spent with the row (null when the check is off). */
  solution: VerifiedSolution | null;
  /**
   * A filled honeypot: nothing of it is stored, but it goes through a batch like any signature (its
   * solution spent, its reply sent after the COMMIT), so its reply comes as a real one's does.
   */
  discard: boolean;
  resolve: (receipt: { supporter_count: number }) => void;
  reject: (err: unknown) => void;
}

/**
 * Rows per transaction. Ten bound parameters a row keeps a full batch far below SQLite's 32,766
 * and PostgreSQL's 65,535 parameter limits, and a full batch commits in a few milliseconds.
 */
const MAX_BATCH = 500;

/**
 * Group commit for signatures. A transaction costs far more than a row (a commit, and on PostgreSQL
 * a lock on the campaign's one counter row that every concurrent signer queues behind), so the
 * signatures that arrive in the same event-loop turn, or while one transaction is in flight, go into
 * the next transaction together:
 * one multi-row INSERT of the bot check's solutions, then per campaign one multi-row INSERT ... ON
 * CONFLICT DO NOTHING, one counter update of +N and one read-back (and, where the campaign confirms,
 * the batch's e-mails, right after its COMMIT). A solution is spent exactly when its signature is stored:
 * a batch that rolls back spends nothing, so the supporter can send again. Nobody is answered
 * before the COMMIT that stored their row, so an acknowledged signature is never lost. Alone, a signature waits one event-loop turn and gets a transaction of
 * its own; batches only grow when there is a queue to absorb.
 *
 * Each process batches its own requests; several API processes on one PostgreSQL still only take
 * the counter lock once per batch each.
 */
class SignatureBatcher {
  private queue: PendingSignature[] = [];
  private draining = false;

  constructor(private readonly db: Database) {}

  sign(
    campaignId: number,
    confirm: boolean,
    input: SignatureToStore,
    origin: Origin,
    solution: VerifiedSolution | null,
    discard = false,
  ): Promise<{ supporter_count: number }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ campaignId, confirm, input, origin, solution, discard, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        // Wait out the rest of this event-loop turn: better-sqlite3 answers synchronously, so a
        // transaction started now would finish before the requests already read from other sockets
        // got here, and every batch would hold one row.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.commit(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async commit(batch: PendingSignature[], withEarlierMail = true): Promise<void> {
    let stored: Stored;
    // On SQLite, the e-mails of the batches before this one go in its transaction when they have
    // not gone yet (confirmations/mail-soon.ts says why); back in the queue if it rolls back.
    const earlier = withEarlierMail && this.db.dialect === 'sqlite' ? mailSoon(this.db).take() : [];
    try {
      stored = await this.db.transaction(async (m) => {
        const s = await storeSignatures(this.db, m, batch);
        if (earlier.length > 0) await mailAddresses(m, this.db, earlier, 'confirm');
        return s;
      });
    } catch (err) {
      if (earlier.length > 0) {
        // Those e-mails are not these signatures' business (their campaign deleted since, say): they
        // go back to be queued on their own, where a failure is logged and left to the upkeep, and
        // the batch is tried again without them.
        mailSoon(this.db).mail(earlier);
        return this.commit(batch, false);
      }
      if (batch.length === 1 || !isConstraintError(err)) {
        // A database that is down or busy fails every row alike: retrying each alone would turn one
        // failure into hundreds of failing transactions while the queue grows. Nothing was stored.
        for (const p of batch) p.reject(err);
        return;
      }
      // One row broke a constraint and the whole batch rolled back, so nothing of it is stored. Retry
      // each signature alone: an innocent one commits as if it had never met the bad one, and the
      // bad one gets its own error.
      for (const one of batch) await this.commit([one], false);
      return;
    }
    for (const [campaignId, supporter_count] of stored.counts) publicCampaigns(this.db).counted(campaignId, { supporter_count });
    for (const p of batch) {
      // A honeypot is thanked whatever became of its solution.
      if (stored.reused.has(p) && !p.discard) p.reject(reusedSolution());
      else p.resolve({ supporter_count: stored.counts.get(p.campaignId)! });
    }
    // Answered first, mailed after: a new address's reply waits for nothing a repeat's does not.
    mailSoon(this.db).mail(stored.toMail);
  }
}

interface Stored {
  /** Each touched campaign's supporter_count after the batch (for the public copy). */
  counts: Map<number, number>;
  /** The signatures refused because their solution had been spent. */
  reused: Set<PendingSignature>;
  /** The new addresses on campaigns that confirm: their e-mails go out after the COMMIT. */
  toMail: Address[];
}

/**
 * Stores a batch inside one transaction: each touched campaign's supporter_count after it, the
 * signatures refused because their solution had been spent (before, or by another signature of the
 * same batch: the first in the queue keeps it; those store nothing), and the new addresses whose
 * confirmation e-mail is to be queued. "How many rows went in" is the INSERT's affected-row count
 * (better-sqlite3's `changes`, PostgreSQL's rowCount), read per campaign so the counter moves by
 * exactly that much; ON CONFLICT DO NOTHING also drops a repeat of an address within the same batch.
 */
async function storeSignatures(db: Database, m: EntityManager, batch: PendingSignature[]): Promise<Stored> {
  const spent = await spendSolutions(m, db.dialect, batch.flatMap((p) => (p.solution ? [p.solution] : [])));
  const reused = new Set<PendingSignature>();
  const kept = new Set<string>();
  for (const p of batch) {
    if (!p.solution) continue;
    if (spent.has(p.solution.challenge) && !kept.has(p.solution.challenge)) kept.add(p.solution.challenge);
    else reused.add(p);
  }
  const byCampaign = new Map<number, PendingSignature[]>();
  for (const p of batch) {
    // A honeypot goes through its campaign like any signature; its row is never kept.
    if (reused.has(p) && !p.discard) continue;
    const list = byCampaign.get(p.campaignId);
    if (list) list.push(p);
    else byCampaign.set(p.campaignId, [p]);
  }
  const counts = new Map<number, number>();
  const toMail: Address[] = [];
  // Campaigns in id order and rows in e-mail order: two PostgreSQL processes committing overlapping
  // batches take their locks in the same order, so they wait for each other instead of deadlocking.
  for (const campaignId of [...byCampaign.keys()].sort((a, b) => a - b)) {
    const members = byCampaign.get(campaignId)!;
    // A campaign's setting is read once per request, so a batch could mix both if an admin switched
    // it meanwhile; the first signer's reading decides for the batch.
    const confirm = members[0]!.confirm;
    const signers = supporterRows(campaignId, members.filter((p) => !p.discard));
    // The affected-row count, never lastInsertRowid: after an ignored insert SQLite still reports
    // the previous insert's id (possibly another campaign's supporter).
    const inserted: { affected?: number; records?: { email: string }[] } =
      signers.count === 0 ? {} : await m.queryRunner!.query(insertSupportersSql(db.dialect, signers.count, confirm), signers.params, true);
    // Honeypots are written as signatures are and taken back at once: without the write a bot's
    // reply came measurably sooner than a person's (on SQLite the write is CPU in this process; on
    // PostgreSQL the tally trigger's lock and upsert, about a millisecond under load).
    const discards = supporterRows(campaignId, members.filter((p) => p.discard));
    if (discards.count > 0) {
      await writtenAndTakenBack(m, db, () => m.queryRunner!.query(insertSupportersSql(db.dialect, discards.count, confirm), discards.params, true));
    }
    // Pending rows count nothing until confirmed; each new address's e-mail is queued right after
    // the COMMIT (confirmations/mail-soon.ts), the upkeep sending any that could not be.
    if (confirm) for (const r of inserted.records ?? []) toMail.push({ campaignId, email: String(r.email) });
    const added = confirm ? 0 : (inserted.affected ?? 0);

    // The counter moves by exactly the rows that went in, and the same statement reads it back.
    // A batch of repeats only (added 0) reads it without an UPDATE: on PostgreSQL an UPDATE of +0
    // would still lock the row and write a new version of it.
    const counted: { records?: { supporter_count: number | string }[] } =
      added > 0
        ? await m.queryRunner!.query(
            `UPDATE "campaigns" SET "supporter_count" = "supporter_count" + ${ph(db.dialect, 1)} WHERE "id" = ${ph(db.dialect, 2)} RETURNING "supporter_count"`,
            [added, campaignId],
            true,
          )
        : await m.queryRunner!.query(`SELECT "supporter_count" FROM "campaigns" WHERE "id" = ${ph(db.dialect, 1)}`, [campaignId], true);
    const campaign = counted.records?.[0];
    if (!campaign) throw new Error(`campaign ${campaignId} vanished while its signatures were stored`);
    counts.set(campaignId, Number(campaign.supporter_count));
  }
  return { counts, reused, toMail };
}

/** The INSERT's parameters for these signatures, in e-mail order (the lock order). */
function supporterRows(campaignId: number, signatures: PendingSignature[]): { count: number; params: unknown[] } {
  const rows = signatures
    .map(({ input, origin }) => ({
      campaign_id: campaignId,
      name: input.name,
      email: input.email.toLowerCase(),
      email_key: emailKey(input.email),
      email_domain: domainOf(input.email),
      network: origin.network,
      comment: input.comment,
      is_public: input.is_public,
      street_address: input.street_address,
      city: input.city,
      state: input.state,
      zip_code: input.zip_code,
      phone_number: input.phone_number,
      position: input.position,
      district_id: input.district_id,
      district_name: input.district_name,
      residency: input.residency,
      district_source: input.district_source,
    }))
    .sort((a, b) => (a.email_key < b.email_key ? -1 : a.email_key > b.email_key ? 1 : 0));
  const params: unknown[] = [];
  for (const r of rows) {
    params.push(r.campaign_id, r.name, r.email, r.email_key, r.email_domain, r.network, r.comment, r.is_public, r.street_address, r.city, r.state, r.zip_code, r.phone_number, r.position, r.district_id, r.district_name, r.residency, r.district_source);
  }
  return { count: rows.length, params };
}

const SUPPORTER_COLUMNS = ['campaign_id', 'name', 'email', 'email_key', 'email_domain', 'network', 'comment', 'is_public', 'street_address', 'city', 'state', 'zip_code', 'phone_number', 'position', 'district_id', 'district_name', 'residency', 'district_source'];

/**
 * The multi-row INSERT for a batch of `rows` signatures, written here rather than by TypeORM's
 * query builder: the builder re-derives every column of every row on each call (about a tenth of a
 * signature's CPU under load), and on SQLite it inlines numbers and booleans into the SQL, so no
 * two batches shared a cached prepared statement. This text depends only on the row count; id,
 * created_at and updated_at take their column defaults, as the builder had them do. ON CONFLICT
 * DO NOTHING on both dialects: only the unique (campaign_id, email_key) index is forgiven; a NOT NULL
 * or foreign-key failure still raises, unlike SQLite's INSERT OR IGNORE.
 */
const insertSqlCache = new Map<string, string>();
function insertSupportersSql(dialect: Database['dialect'], rowCount: number, confirm: boolean): string {
  const key = `${dialect}:${rowCount}:${confirm}`;
  let sql = insertSqlCache.get(key);
  if (!sql) {
    // Where the row stands is the same for the whole statement, so it is written in, not bound.
    const standing = confirm ? "'pending'" : "'confirmed'";
    sql =
      `INSERT INTO "supporters" (${SUPPORTER_COLUMNS.map((c) => `"${c}"`).join(', ')}, "status") ` +
      `VALUES ${tuples(dialect, rowCount, SUPPORTER_COLUMNS.length, standing)} ON CONFLICT DO NOTHING${confirm ? ' RETURNING "email"' : ''}`;
    insertSqlCache.set(key, sql);
  }
  return sql;
}

/** A row's own fault (foreign key, NOT NULL, check), as opposed to the database being unavailable. */
function isConstraintError(err: unknown): boolean {
  const e = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = String(e?.driverError?.code ?? e?.code ?? '');
  return /^23\d{3}$/.test(code) || code.startsWith('SQLITE_CONSTRAINT');
}

/** The batcher for this database handle: one queue per open database in this process. */
export const signatureBatcher = perDatabase((db) => new SignatureBatcher(db));
