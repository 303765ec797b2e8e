/**
 * The one place deliveries meet the mail outbox (api/src/mail/): queueing a mail inside the
 * caller's transaction, and reading back where the mail behind each delivery stands.
 */
import type { Database } from '../db/data-source';
import { readOutbox } from '../mail/outbox';

export { queueMail, type MailToQueue, type QueuedAttachment } from '../mail/outbox';

export interface OutboxState {
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  smtp_response: string | null;
}

/** The outbox rows' states by id, in one query. */
export async function outboxStates(db: Database, ids: number[]): Promise<Map<number, OutboxState>> {
  const rows = await readOutbox(db, [...new Set(ids)]);
  return new Map(
    [...rows].map(([id, r]) => [
      id,
      { status: r.status, attempts: r.attempts, last_error: r.last_error, next_attempt_at: r.next_attempt_at, sent_at: r.sent_at, smtp_response: r.smtp_response },
    ]),
  );
}
