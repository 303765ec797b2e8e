import type { Database } from '../db/data-source';
import { runStatement } from '../db/transaction';
import { dbLater, dbNow, laterParam, ph, readTime } from '../mail/sql';

/**
 * The geocoding queue's SQL on both databases (the tables: migration GeocodeJobs1795810000002). Like
 * the mail outbox's claims: a job is `queued` until due, then `working` for one process until its
 * lease runs out; the claim is one statement (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so processes
 * never take the same job), and the result is written only by the process that still holds the claim.
 */

/** The two tables whose rows are geocoded; a job names one (never a table name from elsewhere). */
export const SUBJECTS = ['supporters', 'letters'] as const;
export type Subject = (typeof SUBJECTS)[number];

export interface ClaimedJob {
  id: number;
  subject: Subject;
  subjectId: number;
  /** Including this one. */
  attempts: number;
}

interface Result {
  records?: Record<string, unknown>[];
  affected?: number;
}
const run = (db: Database, sql: string, params: unknown[]) => runStatement<Result>(db, sql, params);

/**
 * Takes the job due longest (or one whose process's lease ran out) for `worker`, for `leaseMs`; null
 * when none is due. One job at a time: a provider answers one request a second at most.
 */
export async function claimJob(db: Database, worker: string, leaseMs: number): Promise<ClaimedJob | null> {
  const d = db.dialect;
  const now = dbNow(d);
  const lock = d === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  const sql = `WITH "expired" AS (
      SELECT "id", 0 AS "turn", "lease_until" AS "due_at" FROM "geocode_jobs" WHERE "status" = 'working' AND "lease_until" < ${now}
      ORDER BY "lease_until", "id" LIMIT 1${lock}
    ), "queued" AS (
      SELECT "id", 1 AS "turn", "next_attempt_at" AS "due_at" FROM "geocode_jobs" WHERE "status" = 'queued' AND "next_attempt_at" <= ${now}
      ORDER BY "next_attempt_at", "id" LIMIT 1${lock}
    )
    UPDATE "geocode_jobs" SET "status" = 'working', "attempts" = "attempts" + 1, "claimed_by" = ${ph(d, 1)}, "lease_until" = ${dbLater(d, 2)}
    WHERE "id" IN (SELECT "id" FROM (SELECT * FROM "expired" UNION ALL SELECT * FROM "queued") AS "due" ORDER BY "turn", "due_at", "id" LIMIT 1)
    RETURNING "id", "subject", "subject_id", "attempts"`;
  const { records = [] } = await run(db, sql, [worker, laterParam(d, leaseMs)]);
  const row = records[0];
  if (!row) return null;
  const subject = String(row.subject);
  if (!(SUBJECTS as readonly string[]).includes(subject)) throw new Error(`a geocoding job names ${subject}, which is not a table Dais geocodes`);
  return { id: Number(row.id), subject: subject as Subject, subjectId: Number(row.subject_id), attempts: Number(row.attempts) };
}

/** A provider that could not answer: the job waits `delayMs`, then any process may take it again. */
export async function retryJob(db: Database, worker: string, id: number, delayMs: number, reason: string): Promise<void> {
  const d = db.dialect;
  await run(
    db,
    `UPDATE "geocode_jobs" SET "status" = 'queued', "next_attempt_at" = ${dbLater(d, 1)}, "last_error" = ${ph(d, 2)}, "lease_until" = NULL, "claimed_by" = NULL
     WHERE "id" = ${ph(d, 3)} AND "status" = 'working' AND "claimed_by" = ${ph(d, 4)}`,
    [laterParam(d, delayMs), reason, id, worker],
  );
}

/** Jobs this worker holds when it stops: due again at once, the interrupted try not counted. */
export async function releaseJob(db: Database, worker: string, id: number): Promise<void> {
  const d = db.dialect;
  await run(
    db,
    `UPDATE "geocode_jobs" SET "status" = 'queued', "attempts" = "attempts" - 1, "next_attempt_at" = ${dbNow(d)}, "lease_until" = NULL, "claimed_by" = NULL
     WHERE "id" = ${ph(d, 1)} AND "status" = 'working' AND "claimed_by" = ${ph(d, 2)}`,
    [id, worker],
  );
}

/**
 * Reserves `provider`'s next request slot, `intervalMs` after the last one reserved (or now), and
 * says how long to wait for it. One statement: two processes asking at once get two slots.
 */
export async function reserveSlot(db: Database, provider: string, intervalMs: number): Promise<number> {
  const d = db.dialect;
  const sql =
    d === 'postgres'
      ? `INSERT INTO "geocoder_pacing" ("provider", "next_at") VALUES ($1, now() + $2::double precision * interval '1 millisecond')
         ON CONFLICT ("provider") DO UPDATE SET "next_at" = GREATEST("geocoder_pacing"."next_at", now()) + $2::double precision * interval '1 millisecond'
         RETURNING "next_at", now() AS "now"`
      : `INSERT INTO "geocoder_pacing" ("provider", "next_at") VALUES (?, strftime('%Y-%m-%d %H:%M:%f', 'now', ?))
         ON CONFLICT ("provider") DO UPDATE SET "next_at" = strftime('%Y-%m-%d %H:%M:%f', max("next_at", strftime('%Y-%m-%d %H:%M:%f', 'now')), ?)
         RETURNING "next_at", strftime('%Y-%m-%d %H:%M:%f', 'now') AS "now"`;
  const params = d === 'postgres' ? [provider, intervalMs] : [provider, laterParam(d, intervalMs), laterParam(d, intervalMs)];
  const { records = [] } = await run(db, sql, params);
  const row = records[0]!;
  // The slot is the interval before the reserved next_at.
  return Math.max(0, readTime(row.next_at).getTime() - intervalMs - readTime(row.now).getTime());
}

/** How many jobs wait or run (the health figure; tests wait for zero). */
export async function geocodeBacklog(db: Database): Promise<number> {
  const [row] = (await db.ds.query(`SELECT COUNT(*) AS "n" FROM "geocode_jobs"`)) as { n: number | string }[];
  return Number(row?.n ?? 0);
}
