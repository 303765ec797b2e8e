import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

/**
 * SMTP_URL and MAIL_FROM, parsed for config.ts. Kept here, beside the mail code that reads them, so
 * that config.ts stays one list of variables.
 */

/** How mail leaves this server. */
export type MailTransportKind =
  /** SMTP_URL is set: nodemailer over SMTP. */
  | 'smtp'
  /** No SMTP_URL, a loopback PUBLIC_URL, not production: stored in the development mailbox page. */
  | 'dev-mailbox'
  /** No SMTP_URL anywhere else: kept in the outbox, never dropped, sent once SMTP_URL is set. */
  | 'unconfigured';

export interface MailSettings {
  transport: MailTransportKind;
  /** The connection URL, credentials included: never log it (see smtpServerLabel). */
  smtpUrl: string | null;
  /** The From header, as MAIL_FROM gave it or a development default. */
  from: string;
  /** The right-hand side of every Message-ID we make: the sender's domain, as mail servers expect. */
  messageIdDomain: string;
}

/** Why unconfigured mail is not sent: stored on each waiting message and shown to the admin. */
export const NO_SMTP_REASON = 'No SMTP server is configured: set SMTP_URL (and MAIL_FROM) and restart Dais';

/** Empty counts as unset, as in a .env file with the line left blank. */
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const smtpUrlSchema = z.preprocess(
  blankIsUnset,
  z
    .string()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
      } catch {
        return false;
      }
    }, "SMTP_URL must be like 'smtp://USER:PASSWORD@smtp.example.org:587' (STARTTLS) or 'smtps://USER:PASSWORD@smtp.example.org:465' (TLS); percent-encode special characters in the password")
    .optional(),
);

/** One mailbox, 'Name <address>' or a bare address, parsed by nodemailer's own address parser. */
function singleMailbox(v: string): { name: string; address: string } | null {
  if (/[\r\n]/.test(v)) return null;
  const parsed = addressparser(v, { flatten: true });
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || !z.email().safeParse(only.address).success) return null;
  return only;
}

export const mailFromSchema = z.preprocess(
  blankIsUnset,
  z
    .string()
    .refine((v) => singleMailbox(v) !== null, "MAIL_FROM must be one e-mail address, like 'Dais <dais@example.org>' or 'dais@example.org'")
    .optional(),
);

/** Where mail goes, decided once at boot from the variables that were set. */
export function mailSettings(e: {
  smtpUrl: string | undefined;
  from: string | undefined;
  publicUrl: string;
  publicUrlIsLoopback: boolean;
  production: boolean;
}): MailSettings {
  const transport: MailTransportKind = e.smtpUrl ? 'smtp' : e.publicUrlIsLoopback && !e.production ? 'dev-mailbox' : 'unconfigured';
  const host = new URL(e.publicUrl).hostname.replace(/^\[|\]$/g, '');
  // Without MAIL_FROM (only possible without SMTP_URL) the address is never seen by a real server.
  const defaultDomain = e.publicUrlIsLoopback || /^[\d.:]+$/.test(host) ? 'localhost' : host;
  const from = e.from ?? `Dais <dais@${defaultDomain}>`;
  const address = singleMailbox(from)?.address ?? `dais@${defaultDomain}`;
  return {
    transport,
    smtpUrl: e.smtpUrl ?? null,
    from,
    messageIdDomain: address.slice(address.lastIndexOf('@') + 1).toLowerCase(),
  };
}

/** `smtp.example.org:587` for logs and the admin: never the user name or password. */
export function smtpServerLabel(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
}
