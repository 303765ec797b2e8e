/**
 * The e-mail a supporter gets about their own signature or letter: plain text (everything in it was
 * typed by someone, and plain text shows it as typed), with the two links and nothing else to click.
 * It names each record its confirmation link confirms (under which name and street, and how a letter
 * begins), so that the owner of an address can tell what someone else sent under it. Written in the
 * campaign's language (the catalogue's `mail`): the e-mail answers what they did on that campaign's
 * widget.
 */
import { textsFor, type Language } from '../contract';
import type { MailToQueue } from '../mail/outbox';

/** A record as an e-mail names it: what its writer typed about themselves. */
export interface NamedRecord {
  name: string;
  street: string;
  city: string;
}

export interface NamedLetter extends NamedRecord {
  /** The letter's first characters, as stored (the e-mail shortens them). */
  opening: string;
}

export interface SupporterMailFacts {
  to: string;
  campaignTitle: string;
  language: Language;
  signatures: NamedRecord[];
  letters: NamedLetter[];
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
  const what = texts.mail.what(f.signatures.length, f.letters.length);
  const items = [
    ...f.signatures.map((s) => texts.mail.signatureItem(oneLine(s.name), oneLine(s.street), oneLine(s.city))),
    ...f.letters.map((l) => texts.mail.letterItem(oneLine(l.name), oneLine(l.street), oneLine(l.city), opening(l.opening))),
  ];
  const subject = texts.mail.subject(f.reminder, what, oneLine(f.campaignTitle));
  const text = texts.mail.body({
    reminder: f.reminder,
    to: oneLine(f.to),
    title: oneLine(f.campaignTitle),
    items,
    what,
    withLetters: f.letters.length > 0,
    confirmUrl: f.confirmUrl,
    until: longDate(texts.locale, f.expiresAt),
    removeUrl: f.removeUrl,
  });
  return { to: [f.to], subject, text };
}

/**
 * Whatever was typed, on one line (a title in the subject is a header, a name one line of the list)
 * and without control characters: those mark where the links go (./links.ts), and a letter that
 * carried one could put a link where its writer chose.
 */
const oneLine = (s: string) => s.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

/** How much of a letter's beginning the e-mail quotes: enough to recognise it. */
export const OPENING_CHARACTERS = 140;

/**
 * A letter's own beginning on one line, cut after a whole word, marked as cut when it was. The
 * lines every letter of a campaign starts with (its 'To:' and 'Re:' heading, the date, the
 * greeting) are skipped: quoted, they told no two letters apart.
 */
export function opening(text: string): string {
  // By code points: a cut must not split a character written as two UTF-16 units.
  const flat = [...oneLine(withoutHeading(text))];
  if (flat.length <= OPENING_CHARACTERS) return flat.join('');
  const cut = flat.slice(0, OPENING_CHARACTERS).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > OPENING_CHARACTERS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** A heading line ('To: City Council', 'Asunto: ...'): a short label, a colon, the rest. */
const HEADING_LINE = /^[\p{L} ]{1,20}:\s/u;
/** A greeting or a date: a short line of its own, a greeting ending in a comma or a colon. */
const GREETING = /^[^\n]{1,100}[,:]$/u;
const DATE_LINE = /^[^\n]{0,40}\d{4}$/u;

/** The letter from its first line that is neither blank, a heading, a date nor a greeting. */
function withoutHeading(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((line) => {
    const l = line.trim();
    return l !== '' && !HEADING_LINE.test(l) && !GREETING.test(l) && !DATE_LINE.test(l);
  });
  // A letter that is nothing but such lines is quoted as it is.
  return first < 0 ? text : lines.slice(first).join('\n');
}
