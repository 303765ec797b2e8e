import type { Database } from '../db/data-source';
import type { MailOutboxRow, OutboxAttachmentRow } from '../db/types';
import { runStatement } from '../db/transaction';
import { dbLater, dbNow, idIn, laterParam, listParams, ph, readTime } from './sql';

/**
 * The outbox's state changes, written as SQL for both databases: the worker's claim must be one
 * statement (`FOR UPDATE SKIP LOCKED` on PostgreSQL), and every change after it is guarded by the
 * claim it belongs to, so a process that lost its lease cannot overwrite the one that took over.
 *
 * A message is `queued` (waiting until next_attempt_at), `sending` (claimed by one process until
 * lease_until; an expired lease is claimable again, which is how a crashed process's mail comes
 * back), `sent` or `failed`.
 */

export type ClaimedMail = Pick<
  MailOutboxRow,
  'id' | 'message_id' | 'recipients' | 'cc' | 'subject' | 'text' | 'attachments' | 'attempts' | 'created_at' | 'last_error'
>;

interface Result {
  records?: Record<string, unknown>[];
  affected?: number;
}

/** Every change here is one statement (autocommit on PostgreSQL; in SQLite's queue). */
const run = (db: Database, sql: string, params: unknown[]) => runStatement<Result>(db, sql, params);

const CLAIMED_COLUMNS = '"id", "message_id", "recipients", "cc", "subject", "text", "attachments", "attempts", "created_at", "last_error"';

/**
 * Takes up to `limit` messages that are due, or whose sender's lease ran out, for `worker`, for
 * `leaseMs`. On PostgreSQL, `FOR UPDATE SKIP LOCKED` lets processes claim side by side without
 * ever taking the same row; SQLite runs one write at a time, so the UPDATE alone is enough.
 *
 * One statement that walks the (status, next_attempt_at) index in order and stops at `limit`, for
 * messages whose process died (few, and due before anything queued since), then for queued ones
 * by due time. A single "queued and due OR sending and expired" condition made both databases
 * collect and sort every due row for each claim: with a backlog of 20,000 confirmation e-mails
 * after a burst of signatures, that sort was most of the server's time (npm run bench).
 */
export async function claimDue(db: Database, worker: string, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  const d = db.dialect;
  const now = dbNow(d);
  const lock = d === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  // SQLite binds in the order written: the two limits come first there; PostgreSQL numbers them.
  const sql = `WITH "expired" AS (
      SELECT "id", 0 AS "turn", "lease_until" AS "due_at" FROM "mail_outbox" WHERE "status" = 'sending' AND "lease_until" < ${now}
      ORDER BY "lease_until", "id" LIMIT ${ph(d, 1)}${lock}
    ), "queued" AS (
      SELECT "id", 1 AS "turn", "next_attempt_at" AS "due_at" FROM "mail_outbox" WHERE "status" = 'queued' AND "next_attempt_at" <= ${now}
      ORDER BY "next_attempt_at", "id" LIMIT ${ph(d, 1)}${lock}
    )
    UPDATE "mail_outbox"
    SET "status" = 'sending', "attempts" = "attempts" + 1, "claimed_by" = ${ph(d, 2)},
        "lease_until" = ${dbLater(d, 3)}, "updated_at" = ${now}
    WHERE "id" IN (
      SELECT "id" FROM (SELECT * FROM "expired" UNION ALL SELECT * FROM "queued") AS "due" ORDER BY "turn", "due_at", "id" LIMIT ${ph(d, 1)}
    )
    RETURNING ${CLAIMED_COLUMNS}`;
  const lease = laterParam(d, leaseMs);
  const { records = [] } = await run(db, sql, d === 'postgres' ? [limit, worker, lease] : [limit, limit, worker, lease, limit]);
  return records
    .map((r) => ({
      id: Number(r.id),
      message_id: String(r.message_id),
      recipients: JSON.parse(String(r.recipients)) as string[],
      cc: r.cc === null || r.cc === undefined ? null : (JSON.parse(String(r.cc)) as string[]),
      subject: String(r.subject),
      text: String(r.text),
      attachments: JSON.parse(String(r.attachments)) as OutboxAttachmentRow[],
      attempts: Number(r.attempts),
      created_at: readTime(r.created_at),
      last_error: r.last_error === null ? null : String(r.last_error),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Extends the lease on messages this worker is still sending (its heartbeat). */
export async function renewLeases(db: Database, worker: string, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  const d = db.dialect;
  await run(
    db,
    `UPDATE "mail_outbox" SET "lease_until" = ${dbLater(d, 1)} WHERE "status" = 'sending' AND "claimed_by" = ${ph(d, 2)} AND ${idIn(d, 3, ids.length)}`,
    [laterParam(d, leaseMs), worker, ...listParams(d, ids)],
  );
}

/** What the server said when it took a message: its reply, and the recipients it refused, if any. */
export interface SentOutcome {
  id: number;
  response: string;
  note: string | null;
}

/**
 * The server accepted these messages: one statement for all of them (the worker gathers the
 * messages that went out together; on SQLite one commit, on PostgreSQL one round trip, where a
 * statement per message was most of what a confirmation e-mail cost the database). Recorded
 * whoever holds the claim now: the message has gone, and a process that took it over after our
 * lease ran out must not send it again.
 */
export async function markSent(db: Database, sent: SentOutcome[]): Promise<void> {
  if (sent.length === 0) return;
  const d = db.dialect;
  const now = dbNow(d);
  // One JSON parameter, [[id, response, note], ...]: the statement's text is the same for any count.
  const outcomes =
    d === 'postgres'
      ? `SELECT ("o"->>0)::int AS "id", "o"->>1 AS "response", "o"->>2 AS "note" FROM json_array_elements(${ph(d, 1)}::json) AS "o"`
      : `SELECT json_extract("value", '$[0]') AS "id", json_extract("value", '$[1]') AS "response", json_extract("value", '$[2]') AS "note" FROM json_each(${ph(d, 1)})`;
  await run(
    db,
    `UPDATE "mail_outbox" SET "status" = 'sent', "sent_at" = ${now}, "smtp_response" = "s"."response", "last_error" = "s"."note",
       "lease_until" = NULL, "updated_at" = ${now}
     FROM (${outcomes}) AS "s" WHERE "mail_outbox"."id" = "s"."id" AND "mail_outbox"."status" <> 'sent'`,
    [JSON.stringify(sent.map((o) => [o.id, o.response, o.note]))],
  );
}

/** A temporary failure: queued again, due after `delayMs`, with the reason. */
export async function scheduleRetry(db: Database, worker: string, id: number, delayMs: number, reason: string): Promise<void> {
  const d = db.dialect;
  await run(
    db,
    `UPDATE "mail_outbox" SET "status" = 'queued', "next_attempt_at" = ${dbLater(d, 1)}, "last_error" = ${ph(d, 2)},
       "lease_until" = NULL, "claimed_by" = NULL, "updated_at" = ${dbNow(d)}
     WHERE "id" = ${ph(d, 3)} AND "status" = 'sending' AND "claimed_by" = ${ph(d, 4)}`,
    [laterParam(d, delayMs), reason, id, worker],
  );
}

/** A permanent failure (or retries exhausted): never tried again. */
export async function markFailed(db: Database, worker: string, id: number, reason: string): Promise<void> {
  const d = db.dialect;
  await run(
    db,
    `UPDATE "mail_outbox" SET "status" = 'failed', "last_error" = ${ph(d, 1)}, "lease_until" = NULL, "updated_at" = ${dbNow(d)}
     WHERE "id" = ${ph(d, 2)} AND "status" = 'sending' AND "claimed_by" = ${ph(d, 3)}`,
    [reason, id, worker],
  );
}

/**
 * Gives back messages this worker was sending when it was told to stop: queued and due at once, and
 * the interrupted try not counted, since the message was not at fault.
 */
export async function releaseClaims(db: Database, worker: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const d = db.dialect;
  await run(
    db,
    `UPDATE "mail_outbox" SET "status" = 'queued', "attempts" = "attempts" - 1, "next_attempt_at" = ${dbNow(d)},
       "lease_until" = NULL, "claimed_by" = NULL, "updated_at" = ${dbNow(d)}
     WHERE "status" = 'sending' AND "claimed_by" = ${ph(d, 1)} AND ${idIn(d, 2, ids.length)}`,
    [worker, ...listParams(d, ids)],
  );
}

/** Who holds the messages being sent right now (for releasing those of processes known to be dead). */
export async function currentClaims(db: Database): Promise<{ id: number; claimed_by: string }[]> {
  const rows = (await db.ds.query(`SELECT "id", "claimed_by" FROM "mail_outbox" WHERE "status" = 'sending'`)) as { id: number; claimed_by: string | null }[];
  return rows.filter((r) => r.claimed_by !== null).map((r) => ({ id: Number(r.id), claimed_by: String(r.claimed_by) }));
}

/** Makes messages held by `claimant` (a process known to be gone) claimable now. */
export async function expireClaimsOf(db: Database, claimant: string): Promise<number> {
  const d = db.dialect;
  const { affected = 0 } = await run(
    db,
    `UPDATE "mail_outbox" SET "lease_until" = ${dbLater(d, 1)} WHERE "status" = 'sending' AND "claimed_by" = ${ph(d, 2)}`,
    [laterParam(d, -1000), claimant],
  );
  return affected;
}

/**
 * With no way to send, waiting messages say why on their row (what the admin and the deliveries
 * list show) and stay queued, so that they go out as soon as SMTP_URL is set; a crashed sender's
 * messages come back to the queue too.
 */
export async function holdWaiting(db: Database, reason: string): Promise<number> {
  const d = db.dialect;
  const now = dbNow(d);
  const { affected = 0 } = await run(
    db,
    `UPDATE "mail_outbox" SET "status" = 'queued', "last_error" = ${ph(d, 1)}, "lease_until" = NULL, "claimed_by" = NULL, "updated_at" = ${now}
     WHERE ("status" = 'queued' AND ("last_error" IS NULL OR "last_error" <> ${ph(d, 2)}))
        OR ("status" = 'sending' AND "lease_until" < ${now})`,
    [reason, reason],
  );
  return affected;
}

/** How many messages wait (queued or being sent), and since when the oldest has. */
export async function outboxBacklog(db: Database): Promise<{ waiting: number; oldest: Date | null }> {
  const [row] = (await db.ds.query(
    `SELECT COUNT(*) AS "waiting", MIN("created_at") AS "oldest" FROM "mail_outbox" WHERE "status" IN ('queued', 'sending')`,
  )) as { waiting: number | string; oldest: unknown }[];
  return { waiting: Number(row?.waiting ?? 0), oldest: row?.oldest ? readTime(row.oldest) : null };
}
