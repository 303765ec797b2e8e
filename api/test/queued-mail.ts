/**
 * The mail the app has queued, as tests read it: the rows of the mail outbox, in order. (What an
 * SMTP server then receives is the *.smtp.test.ts suites' business.)
 */
import { mailSoon } from '../src/confirmations/mail-soon';
import { renderOutboxText } from '../src/mail/outbox';
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

/** The confirmation and removal tokens in an e-mail's text, as its reader sees them. */
export function linkTokensIn(text: string): { confirm: string; remove: string } {
  const confirm = /\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const remove = /\/remove\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!confirm || !remove) throw new Error(`no confirmation links in:\n${text}`);
  return { confirm, remove };
}

/**
 * The links of the last e-mail queued to `email`, rendered as the mail worker sends it (the stored
 * text holds marks where the links go), once the e-mails of every signature so far are queued.
 */
export async function linksOfLastMailTo(t: TestServer, email: string): Promise<{ confirm: string; remove: string }> {
  await mailSoon(t.db).settled();
  const mails = await t.db.ds.getRepository(t.db.entities.MailOutbox).find({ order: { id: 'ASC' } });
  const last = mails.filter((m) => m.recipients.includes(email)).pop();
  if (!last) throw new Error(`no e-mail queued to ${email}`);
  return linkTokensIn(await renderOutboxText(t.db, last));
}
