/**
 * The mail the app has queued, as tests read it: the rows of the mail outbox, in order. (What an
 * SMTP server then receives is the *.smtp.test.ts suites' business.)
 */
import type { TestServer } from './harness';

export interface QueuedMail {
  id: number;
  message_id: string;
  to: string[];
  subject: string;
  text: string;
  attachments: { kind: string; campaign_id: number; since: string | null; until: string }[];
  status: string;
}

export async function queuedMail(t: TestServer): Promise<QueuedMail[]> {
  const rows = await t.db.ds.getRepository(t.db.entities.MailOutbox).find({ order: { id: 'ASC' } });
  return rows.map((r) => ({
    id: r.id,
    message_id: r.message_id,
    to: r.recipients,
    subject: r.subject,
    text: r.text,
    attachments: r.attachments,
    status: r.status,
  }));
}
