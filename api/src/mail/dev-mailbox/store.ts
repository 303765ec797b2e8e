import { LessThan } from 'typeorm';
import { runStatement } from '../../db/transaction';
import { ph, tuples } from '../sql';
import type { Database } from '../../db/data-source';
import type { DevMailRow } from '../../db/types';

/** The development mailbox keeps the newest messages only (500, and up to TRIM_EVERY more between trims): it is for looking, not for archiving. */
export const DEV_MAILBOX_KEEPS = 500;

/** The oldest are deleted once this many more have come in, not one with every message. */
const TRIM_EVERY = 50;

export async function storeDevMail(
  db: Database,
  mail: { outboxId: number; messageId: string; from: string; to: string[]; subject: string; raw: string },
): Promise<number> {
  const d = db.dialect;
  const inserted = await runStatement<{ records?: { id: number | string }[] }>(
    db,
    `INSERT INTO "dev_mailbox" ("outbox_id", "message_id", "sender", "recipients", "subject", "raw") VALUES ${tuples(d, 1, 6)} RETURNING "id"`,
    [mail.outboxId, mail.messageId, mail.from, mail.to.join(', '), mail.subject, mail.raw],
  );
  const id = Number(inserted.records?.[0]?.id);
  if (id > DEV_MAILBOX_KEEPS && id % TRIM_EVERY === 0) {
    await runStatement(db, `DELETE FROM "dev_mailbox" WHERE "id" <= ${ph(d, 1)}`, [id - DEV_MAILBOX_KEEPS]);
  }
  return id;
}

export type DevMailSummary = Omit<DevMailRow, 'raw'>;

/** Newest first, `limit` at a time, starting below `before` (an id) when given. */
export function listDevMail(db: Database, opts: { before?: number; limit: number }): Promise<DevMailSummary[]> {
  return db.ds.getRepository(db.entities.DevMail).find({
    select: { id: true, outbox_id: true, message_id: true, sender: true, recipients: true, subject: true, created_at: true },
    where: opts.before ? { id: LessThan(opts.before) } : {},
    order: { id: 'DESC' },
    take: opts.limit,
  });
}

export function getDevMail(db: Database, id: number): Promise<DevMailRow | null> {
  return db.ds.getRepository(db.entities.DevMail).findOneBy({ id });
}
