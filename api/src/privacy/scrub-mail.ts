import { In, type EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';

/**
 * Blanks the outbox rows that carried a supporter's details (their confirmation e-mails, their
 * letter's e-mail to the clerk) and deletes the development mailbox's copies. A row is kept, as the
 * delivery's record needs it, with no recipient, text or attachment left; one still waiting to go
 * is never sent (failed, saying why). Returns how many rows were blanked.
 */
export async function scrubMail(m: EntityManager, db: Database, outboxIds: number[], reason: string): Promise<number> {
  const ids = [...new Set(outboxIds)];
  if (ids.length === 0) return 0;
  const outbox = m.getRepository(db.entities.MailOutbox);
  // A message already on its way (`sending`) cannot be called back; it is blanked like a sent one.
  await outbox.update({ id: In(ids), status: In(['queued']) }, { status: 'failed', last_error: reason, lease_until: null });
  // A letter's e-mail names its writer in the subject too.
  await outbox.update({ id: In(ids) }, { recipients: [], subject: '[removed]', text: '', attachments: [] });
  await m.getRepository(db.entities.DevMail).delete({ outbox_id: In(ids) });
  return ids.length;
}

/**
 * SQLite keeps the page images a transaction replaced in its write-ahead log until a checkpoint:
 * after an erasure or anonymisation, fold the log into the file (where secure_delete has zeroed
 * what was deleted or overwritten) and empty it, so no copy of the old rows is left on disk.
 * PostgreSQL's old row versions are reclaimed by its autovacuum (ARCHITECTURE.md, Privacy).
 */
export async function forgetOldPages(db: Database): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  // A checkpoint under way on another connection (the server's checkpointer thread,
  // db/wal-checkpointer.ts) makes this one answer busy at once, without waiting: it is tried again
  // until the log is folded in and emptied. The other's lasts milliseconds.
  for (let attempt = 1; ; attempt++) {
    const busy = await db.ds.query('PRAGMA wal_checkpoint(TRUNCATE)').then(
      (rows: { busy: number }[]) => rows[0]?.busy === 1,
      (error: unknown) => (/SQLITE_BUSY|SQLITE_LOCKED/.test(String((error as { code?: string }).code)) ? true : Promise.reject(error)),
    );
    if (!busy) return;
    if (attempt === TRUNCATE_ATTEMPTS) throw new Error('the SQLite log could not be emptied: another connection kept it busy');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Tries of the emptying checkpoint, 20 ms apart: a second in all. */
const TRUNCATE_ATTEMPTS = 50;
