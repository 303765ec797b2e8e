/**
 * The e-mail a supporter gets about their own signature or letter: plain text (everything in it was
 * typed by someone, and plain text shows it as typed), with the two links and nothing else to click.
 */
import type { MailToQueue } from '../mail/outbox';

export interface SupporterMailFacts {
  to: string;
  campaignTitle: string;
  signatures: number;
  letters: number;
  confirmUrl: string;
  removeUrl: string;
  /** When the confirmation link stops working. */
  expiresAt: Date;
  reminder: boolean;
}

function what(f: SupporterMailFacts): string {
  if (f.signatures > 0 && f.letters > 0) return f.letters === 1 ? 'your signature and your letter' : 'your signature and your letters';
  if (f.letters > 0) return f.letters === 1 ? 'your letter' : 'your letters';
  return 'your signature';
}

/** Made once: building an Intl formatter costs far more than using one, and a batch mails hundreds. */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function supporterMail(f: SupporterMailFacts): MailToQueue {
  const subject = `${f.reminder ? 'Reminder: please' : 'Please'} confirm ${what(f)} for "${oneLine(f.campaignTitle)}"`;
  const until = LONG_DATE.format(f.expiresAt);
  const counts = f.letters > 0 ? 'count and go to the decision body' : 'count';
  const text =
    `Hello,\n\n` +
    `${f.reminder ? 'We have not heard back yet: someone' : 'Someone'}, hopefully you, used this address (${f.to}) to support ` +
    `"${f.campaignTitle}". To make ${what(f)} ${counts}, confirm that it was you:\n\n` +
    `${f.confirmUrl}\n\n` +
    `The link works until ${until}. If you do nothing, nothing is counted and what was sent under your address is deleted then.\n\n` +
    `Not you, or changed your mind? Remove everything sent under this address for this campaign:\n\n` +
    `${f.removeUrl}\n\n` +
    `Sent by Dais on behalf of the organisers of the campaign "${f.campaignTitle}".\n`;
  return { to: [f.to], subject, text };
}

/** A title is one line in the subject (a header); it already is, but a header must never break. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
