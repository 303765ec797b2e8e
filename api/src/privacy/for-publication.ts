import { findPhoneNumbersInText } from 'libphonenumber-js';
import { ALL_CLOSINGS } from '../letters/closings';
import { REMOVED, withoutMentions, type PersonalDetails } from './strip-personal';

/** A letter's writer as the letter and its row know them. */
export interface Writer extends PersonalDetails {
  city: string;
  state: string;
}

/** How far from the end a closing line may sit and still open the signature block (as strip-personal.ts). */
const SIGNATURE_LINES = 8;

/** Any e-mail address, the writer's or another they typed. */
const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** The writer's place as a published comment gives it: 'Springdale, IL'. */
export const placeOf = (w: Pick<Writer, 'city' | 'state'>): string =>
  [w.city.trim(), w.state.trim()].filter(Boolean).join(', ');

/**
 * A letter as a published hearing packet prints it: signed with its writer's name and city, as a
 * public comment is, without what reaches them. The signature block (after the closing, or from a
 * line that is the writer's name) becomes the name and the place, keeping any line of it that
 * holds none of their details (a postscript). Everywhere else their e-mail, street (abbreviated
 * too: "12 Elm St."), ZIP code and phone (in any punctuation) become "[removed]", as does any other
 * e-mail address or phone number typed in. The argument stays word for word. stripPersonal
 * (./strip-personal.ts) is the other variant: it takes the name too.
 */
export function letterForPublication(text: string, w: Writer): string {
  const lines = text.split('\n');
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  // The block opens after the closing, or, under a closing Dais does not know ("Best regards,"),
  // at a line that is the writer's name.
  const name = w.name.trim();
  const closing = lastOf(lines, (l) => ALL_CLOSINGS.includes(l.trim()));
  const signed = closing === -1 ? (name ? lastOf(lines, (l) => same(l, name)) : -1) : closing + 1;
  if (signed === -1) return withoutContact(text, w);
  const body = withoutContact(lines.slice(0, signed).join('\n'), w);
  const place = placeOf(w);
  // A line of the block that held a detail goes whole (a ZIP's city line, "email | phone").
  const block = lines.slice(signed);
  const clean = heldNothing(block, w);
  const kept = block.filter((l, i) => clean[i] && l.trim() && !same(l, name) && !same(l, place));
  // An anonymised letter has no name left to sign with (its block says it was removed).
  return [body, ...[name, place].filter(Boolean), ...kept].join('\n');
}

/** For each line, whether it holds none of the writer's details: the block in one pass when its lines stay apart. */
function heldNothing(block: string[], w: Writer): boolean[] {
  const stripped = withoutContact(block.join('\n'), w).split('\n');
  if (stripped.length === block.length) return block.map((l, i) => stripped[i] === l);
  return block.map((l) => withoutContact(l, w) === l);
}

/** The last of the letter's last few lines that is `what`, or -1. */
function lastOf(lines: string[], what: (line: string) => boolean): number {
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - SIGNATURE_LINES); i--) if (what(lines[i]!)) return i;
  return -1;
}

function withoutContact(text: string, w: Writer): string {
  // Any address and number first, whole ("+1-217-..." with its plus), then the writer's own
  // details as stored; the name stays (withoutMentions is given none).
  // The address pattern is costly to try at every character; most letters hold no '@' at all.
  let out = withoutPhones(text.includes('@') ? text.replace(EMAIL, REMOVED) : text);
  out = withoutMentions(out, { ...w, name: '' });
  const street = abbreviatedStreet(w.street_address, out);
  return street ? out.replace(street, REMOVED) : out;
}

/** Where a phone number may be: digits with the punctuation numbers are written with, on one line. */
const NUMBERISH = /\+?\(?\d[\d \t().+\-]{5,}\d\)?/g;
/** Characters either side of such a run that the finder is shown. */
const CONTEXT = 8;

/**
 * Phone numbers as people write them, whoever's they are, found by libphonenumber (Google's rules,
 * as libphonenumber-js carries them): any punctuation, with or without +1, and numbers of other
 * countries written with their code. A US number by default (the clerks Dais writes to are), and it
 * must be one that can exist, so a year, a date, an amount or "Ordinance 555-0142" stays.
 */
function withoutPhones(text: string): string {
  // The finder costs about half a millisecond over a whole letter; asked only about runs of seven
  // digits or more, with the few characters around them it reads (a date's ':30' after it), a few
  // microseconds.
  let out = '';
  let at = 0;
  for (const run of text.matchAll(NUMBERISH)) {
    if (run[0].replace(/\D/g, '').length < 7) continue;
    const from = Math.max(0, run.index - CONTEXT);
    for (const found of findPhoneNumbersInText(text.slice(from, run.index + run[0].length + CONTEXT), 'US')) {
      if (from + found.startsAt < at) continue;
      out += `${text.slice(at, from + found.startsAt)}${REMOVED}`;
      at = from + found.endsAt;
    }
  }
  return out + text.slice(at);
}

/**
 * "12 Elm Street" written as "12 Elm St." or "12 elm str": the house number and the name as
 * stored, then the last word or any shortening of it that keeps its first letter (St, Ave, Blvd,
 * Rd, Dr, Ln, Ct: each a subsequence of the word). Only for a street that starts with its number
 * and has a word after its name; a shortening must be there, so "12 elm trees" is left alone. Null
 * too when `text` cannot hold it.
 */
function abbreviatedStreet(street: string, text: string): RegExp | null {
  const words = street.trim().split(/\s+/);
  if (words.length < 3 || !/^\d+[A-Za-z]?$/.test(words[0]!)) return null;
  // Not in a text without its house number, as most of a letter is: the expression is not built
  // (its classes of every letter and digit make that the costly part) nor run.
  if (!text.includes(/^\d+/.exec(words[0]!)![0])) return null;
  const last = words.at(-1)!.replace(/\.$/, '');
  if (!/^\p{L}+$/u.test(last)) return null;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const shortened = last[0] + [...last.slice(1)].map((c) => `${escape(c)}?`).join('');
  const name = words.slice(0, -1).map(escape).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${name}\\s+${shortened}\\.?(?![\\p{L}\\p{N}])`, 'giu');
}
