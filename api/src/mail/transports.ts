import nodemailer from 'nodemailer';
import type { Database } from '../db/data-source';
import type { RenderedAttachment } from './attachments';
import { storeDevMail } from './dev-mailbox/store';
import { refusedRecipientsNote } from './failures';
import type { MailSettings, MailTransportKind } from './mail-config';
import { SmtpLane } from './smtp-lane';
import { nodemailerMessage, smtpOptions, type PlainMail } from './smtp-message';

/** One message as it leaves: everything fixed at queue time, plus the attachments made just now. */
export interface OutgoingMail extends PlainMail {
  outboxId: number;
  /** The text as the outbox keeps it: what the development mailbox keeps too. */
  storedText: string;
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

function message(mail: OutgoingMail) {
  return {
    ...nodemailerMessage(mail),
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}

export { smtpOptions };

/**
 * SMTP: a message without attachments (every confirmation e-mail, a letter to a decision body) is
 * sent by the SMTP thread (./smtp-lane.ts), off the thread that answers requests; one with
 * attachments (a hearing packet) streams them from the database here, through a pool of its own.
 */
export function smtpTransport(settings: MailSettings & { smtpUrl: string }): MailTransport {
  // The thread starts now: by the time the first message is claimed it is ready to send.
  const lane = new SmtpLane(settings.smtpUrl);
  let pool: ReturnType<typeof nodemailer.createTransport> | null = null;
  return {
    kind: 'smtp',
    async send(mail, signal) {
      if (mail.attachments.length === 0) {
        const { from, to, cc, subject, text, messageId, date } = mail;
        return lane.send({ from, to, cc, subject, text, messageId, date }, signal);
      }
      pool ??= nodemailer.createTransport(smtpOptions(settings.smtpUrl));
      const info = await pool.sendMail({ ...message(mail), signal });
      return { response: String(info.response ?? '250 accepted'), note: refusedRecipientsNote(info) };
    },
    close: () => {
      lane.close();
      pool?.close();
    },
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
