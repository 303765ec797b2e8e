import type { EntityManager } from 'typeorm';
import type { Dialect } from '../config';
import type { Database } from '../db/data-source';
import { dbLater, dbNow, dbTime, laterParam, ph, readTime } from '../mail/sql';

/**
 * Letters waiting for their writer's district (table `letter_waits`, migration
 * LettersToRepresentatives1795810000004): in `each` mode, a letter to a campaign whose boundary set
 * names representatives goes to the writer's own, and a geocoder may not have placed it yet. Only
 * SQL here; commands/deliver-waiting-letters.ts sends them. Each function runs in the caller's
 * transaction. Taking a wait is a DELETE that returns it: of several processes, one gets each row.
 */

/** How long a letter waits for its district before it goes to the campaign's recipients alone. */
export const LETTER_WAIT_MS = 10 * 60_000;

interface Result {
  records?: Record<string, unknown>[];
}

const run = (m: EntityManager, sql: string, params: unknown[]) => m.queryRunner!.query(sql, params, true) as Promise<Result>;

export interface TakenWait {
  letterId: number;
  /** When the letter went on the record: what decides whether it is late. */
  enteredAt: Date;
}

const taken = (result: Result): TakenWait[] =>
  (result.records ?? []).map((r) => ({ letterId: Number(r.letter_id), enteredAt: readTime(r.entered_at) }));

/** The letter waits, at most LETTER_WAIT_MS from now; a second call for the same letter changes nothing. */
export async function waitForDistrict(m: EntityManager, dialect: Dialect, letterId: number, enteredAt: Date): Promise<void> {
  await run(
    m,
    `INSERT INTO "letter_waits" ("letter_id", "entered_at", "due_at") VALUES (${ph(dialect, 1)}, ${ph(dialect, 2)}, ${dbLater(dialect, 3)}) ON CONFLICT DO NOTHING`,
    [letterId, dbTime(dialect, enteredAt), laterParam(dialect, LETTER_WAIT_MS)],
  );
}

/** The letter's wait, taken (gone for every other process), or null if it was not waiting. */
export async function takeWait(m: EntityManager, dialect: Dialect, letterId: number): Promise<TakenWait | null> {
  return taken(await run(m, `DELETE FROM "letter_waits" WHERE "letter_id" = ${ph(dialect, 1)} RETURNING "letter_id", "entered_at"`, [letterId]))[0] ?? null;
}

/**
 * Whether any wait's time is up: one read on the index, outside any transaction, so that a sweep
 * with nothing to send (nearly every one) takes no write lock.
 */
export async function anyOverdueWait(db: Database): Promise<boolean> {
  const rows = (await db.ds.query(`SELECT 1 AS "due" FROM "letter_waits" WHERE "due_at" <= ${dbNow(db.dialect)} LIMIT 1`)) as unknown[];
  return rows.length > 0;
}

/**
 * Up to `limit` waits whose time is up, taken, oldest first. On PostgreSQL a wait another process
 * is taking is skipped rather than waited for (SKIP LOCKED); SQLite has one writer.
 */
export async function takeOverdueWaits(m: EntityManager, dialect: Dialect, limit: number): Promise<TakenWait[]> {
  const lock = dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  return taken(
    await run(
      m,
      `DELETE FROM "letter_waits" WHERE "letter_id" IN (
         SELECT "letter_id" FROM "letter_waits" WHERE "due_at" <= ${dbNow(dialect)} ORDER BY "due_at" LIMIT ${ph(dialect, 1)}${lock}
       ) RETURNING "letter_id", "entered_at"`,
      [limit],
    ),
  );
}
