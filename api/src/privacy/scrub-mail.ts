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
  if (db.dialect === 'sqlite') await db.ds.query('PRAGMA wal_checkpoint(TRUNCATE)');
}
