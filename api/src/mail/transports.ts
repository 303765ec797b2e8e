import nodemailer from 'nodemailer';
import type { Database } from '../db/data-source';
import { isLoopbackUrl } from '../public-url';
import type { RenderedAttachment } from './attachments';
import { storeDevMail } from './dev-mailbox/store';
import { refusedRecipientsNote } from './failures';
import type { MailSettings, MailTransportKind } from './mail-config';

/** One message as it leaves: everything fixed at queue time, plus the attachments made just now. */
export interface OutgoingMail {
  outboxId: number;
  from: string;
  to: string[];
  subject: string;
  /** The text sent (the stored text with what was written in as it went: a supporter e-mail's links). */
  text: string;
  /** The text as the outbox keeps it: what the development mailbox keeps too. */
  storedText: string;
  messageId: string;
  /** When it was queued: every try of a message carries the same Date, as it carries the same Message-ID. */
  date: Date;
  attachments: RenderedAttachment[];
}

export interface Accepted {
  /** The server's reply to the message, e.g. "250 2.0.0 Ok: queued as 4Xk2". */
  response: string;
  /** Recipients the server refused while it took the message for the others. */
  note: string | null;
}

export interface MailTransport {
  kind: Exclude<MailTransportKind, 'unconfigured'>;
  /** Resolves once the server accepted the message; rejects with nodemailer's error otherwise. */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<Accepted>;
  close(): void;
}

/** A header that tells auto-responders (out-of-office replies) not to answer a machine. */
const HEADERS = { 'Auto-Submitted': 'auto-generated' };

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: mail.messageId,
    date: mail.date,
    headers: HEADERS,
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}

/**
 * SMTP through a small nodemailer pool. A plain smtp:// URL to another machine must upgrade with
 * STARTTLS (requireTLS) so that the password in SMTP_URL never crosses a network in clear text;
 * `?requireTLS=false` in the URL says otherwise on purpose (nodemailer lets URL options win).
 */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const local = isLoopbackUrl(new URL(`http://${url.host}`));
  return {
    url: smtpUrl,
    pool: true as const,
    maxConnections: 3,
    requireTLS: url.protocol === 'smtp:' && !local,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    // Without a byte either way for this long the server is gone; a large packet keeps bytes flowing.
    socketTimeout: 120_000,
  };
}

export function smtpTransport(settings: MailSettings & { smtpUrl: string }): MailTransport {
  const pool = nodemailer.createTransport(smtpOptions(settings.smtpUrl));
  return {
    kind: 'smtp',
    async send(mail, signal) {
      const info = await pool.sendMail({ ...message(mail), signal });
      return { response: String(info.response ?? '250 accepted'), note: refusedRecipientsNote(info) };
    },
    close: () => pool.close(),
  };
}

/**
 * No SMTP server on a laptop: nodemailer builds the very message it would send (headers, MIME
 * parts, attachments) from the text as the outbox keeps it, and it is stored in the development
 * mailbox for the page at /dev-mailbox, which writes the links in as it shows a message: the copy
 * in the database holds no usable link either.
 */
export function devMailboxTransport(db: Database): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'dev-mailbox',
    async send(mail, signal) {
      const info = await builder.sendMail({ ...message({ ...mail, text: mail.storedText }), signal });
      const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : '';
      const id = await storeDevMail(db, { outboxId: mail.outboxId, messageId: mail.messageId, from: mail.from, to: mail.to, subject: mail.subject, raw });
      return { response: `250 Stored in the development mailbox as message ${id}`, note: null };
    },
    close: () => builder.close(),
  };
}

/** The transport config.mail asks for; null when mail is to be held (no SMTP server configured). */
export function transportFor(settings: MailSettings, db: Database): MailTransport | null {
  if (settings.transport === 'smtp' && settings.smtpUrl) return smtpTransport({ ...settings, smtpUrl: settings.smtpUrl });
  if (settings.transport === 'dev-mailbox') return devMailboxTransport(db);
  return null;
}
