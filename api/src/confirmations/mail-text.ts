/**
 * The e-mail a supporter gets about their own signature or letter: plain text (everything in it was
 * typed by someone, and plain text shows it as typed), with the two links and nothing else to click.
 * Written in the campaign's language (the catalogue's `mail`): the e-mail answers what they did on
 * that campaign's widget.
 */
import { textsFor, type Language } from '../contract';
import type { MailToQueue } from '../mail/outbox';

export interface SupporterMailFacts {
  to: string;
  campaignTitle: string;
  language: Language;
  signatures: number;
  letters: number;
  confirmUrl: string;
  removeUrl: string;
  /** When the confirmation link stops working. */
  expiresAt: Date;
  reminder: boolean;
}

/** Made once per locale: building an Intl formatter costs far more than using one, and a batch mails hundreds. */
const longDates = new Map<string, Intl.DateTimeFormat>();
function longDate(locale: string, at: Date): string {
  let f = longDates.get(locale);
  if (!f) longDates.set(locale, (f = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })));
  return f.format(at);
}

export function supporterMail(f: SupporterMailFacts): MailToQueue {
  const texts = textsFor(f.language);
  const what = texts.mail.what(f.signatures, f.letters);
  const subject = texts.mail.subject(f.reminder, what, oneLine(f.campaignTitle));
  const text = texts.mail.body({
    reminder: f.reminder,
    to: f.to,
    title: f.campaignTitle,
    what,
    withLetters: f.letters > 0,
    confirmUrl: f.confirmUrl,
    until: longDate(texts.locale, f.expiresAt),
    removeUrl: f.removeUrl,
  });
  return { to: [f.to], subject, text };
}

/** A title is one line in the subject (a header); it already is, but a header must never break. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
