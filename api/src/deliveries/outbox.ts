/**
 * The one place deliveries meet the mail outbox (owned by api/src/mail/): queueing a mail inside
 * the caller's transaction, and reading back the state of the outbox rows behind deliveries.
 */
import type { EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import { queueMail as queue, type MailToQueue } from './mail-outbox-stand-in';

export type { MailToQueue, QueuedAttachment } from './mail-outbox-stand-in';

export interface OutboxState {
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  smtp_response: string | null;
}

/** Records the mail in the caller's transaction; it is sent after COMMIT. */
export const queueMail = (m: EntityManager, mail: MailToQueue) => queue(m, mail);

/** The outbox rows' states by id. */
export async function outboxStates(_db: Database, ids: number[]): Promise<Map<number, OutboxState>> {
  // The stand-in never sends: everything it holds is queued.
  return new Map(ids.map((id) => [id, { status: 'queued', attempts: 0, last_error: null, next_attempt_at: null, sent_at: null, smtp_response: null }]));
}
