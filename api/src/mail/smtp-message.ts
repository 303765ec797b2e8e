import { isLoopbackUrl } from '../public-url';

/**
 * What nodemailer is given for SMTP, on whichever thread talks to the server (./smtp-lane.ts): the
 * pool's options and each message. Kept apart from ./transports.ts so that the SMTP thread loads
 * nothing of the database.
 */

/** One message as it leaves: everything fixed at queue time; attachments are streams, so never sent to the thread. */
export interface PlainMail {
  from: string;
  to: string[];
  /** Copies (Cc); empty for none. */
  cc: string[];
  subject: string;
  /** The text sent (the stored text with what was written in as it went: a supporter e-mail's links). */
  text: string;
  messageId: string;
  /** When it was queued: every try of a message carries the same Date, as it carries the same Message-ID. */
  date: Date;
}

/** A header that tells auto-responders (out-of-office replies) not to answer a machine. */
const HEADERS = { 'Auto-Submitted': 'auto-generated' };

export function nodemailerMessage(mail: PlainMail) {
  return { from: mail.from, to: mail.to, ...(mail.cc.length ? { cc: mail.cc } : {}), subject: mail.subject, text: mail.text, messageId: mail.messageId, date: mail.date, headers: HEADERS };
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
