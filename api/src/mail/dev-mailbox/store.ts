import { LessThan, LessThanOrEqual } from 'typeorm';
import type { Database } from '../../db/data-source';
import type { DevMailRow } from '../../db/types';

/** The development mailbox keeps the newest messages only: it is for looking, not for archiving. */
export const DEV_MAILBOX_KEEPS = 500;

export async function storeDevMail(
  db: Database,
  mail: { outboxId: number; messageId: string; from: string; to: string[]; subject: string; raw: string },
): Promise<number> {
  return db.transaction(async (m) => {
    const repo = m.getRepository(db.entities.DevMail);
    const inserted = await repo.insert({
      outbox_id: mail.outboxId,
      message_id: mail.messageId,
      sender: mail.from,
      recipients: mail.to.join(', '),
      subject: mail.subject,
      raw: mail.raw,
    });
    const id = Number((inserted.identifiers[0] as { id: number } | undefined)?.id);
    if (id > DEV_MAILBOX_KEEPS) await repo.delete({ id: LessThanOrEqual(id - DEV_MAILBOX_KEEPS) });
    return id;
  });
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
