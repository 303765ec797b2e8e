import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ALL_CLOSINGS } from '../letters/closings';
import { foldText, type Folded } from './fold';
import { isOrdinaryWord } from './ordinary-words';

/** A supporter's personal details as a letter or comment may repeat them. */
export interface PersonalDetails {
  name: string;
  email: string;
  street_address: string;
  zip_code: string;
  phone_number: string | null;
}

export const REMOVED = '[removed]';
export const SIGNATURE_REMOVED = '[Name and contact details removed]';

/** How far from the end a closing line may sit and still open the signature block. */
const SIGNATURE_LINES = 8;

/**
 * A letter's text without its writer: the signature block after the closing ("Sincerely,", or in a
 * Spanish letter "Atentamente,": any closing the writer uses in any language) goes whole, then every
 * remaining mention of the writer is replaced by "[removed]" (withoutMentions). The arguments stay.
 */
export function stripPersonal(text: string, who: PersonalDetails): string {
  return withoutMentions(withoutSignature(text), who);
}

function withoutSignature(text: string): string {
  const lines = text.split('\n');
  const closings = ALL_CLOSINGS;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - SIGNATURE_LINES); i--) {
    if (closings.includes(lines[i]!.trim())) return [...lines.slice(0, i + 1), SIGNATURE_REMOVED].join('\n');
  }
  return text;
}

/**
 * Every mention of the person's details in free text (a letter, a comment), compared without case
 * or accents (./fold.ts): the e-mail, street address and ZIP code as written; the phone number
 * however its digits are grouped, with or without its country code; and the name, whole or in its
 * parts (split on spaces, hyphens and apostrophes: Oâkley-Brûx is also Oakley and BRUX).
 *
 * A part that is also an ordinary word ("May", "Park", "Flores", "Paz": ./ordinary-words.ts) or has
 * two letters goes only where it is written as the name: beside another part of the name ("June
 * May"), after a title ("Mrs. May", "señora Flores"), or capitalised inside a sentence and not part of
 * another proper name ("the Park family", but not "Riverside Park", "Park Avenue" at a sentence's
 * start, "La Paz", "we park"; a month or weekday, never so). A part that is no ordinary word goes
 * wherever it appears. So a letter keeps its sense, and the person's name does not survive.
 */
export function withoutMentions(text: string, who: PersonalDetails): string {
  const folded = foldText(text);
  return replaced(text, [
    ...[who.email, who.street_address, who.zip_code].flatMap((v) => valueSpans(folded, v)),
    ...nameSpans(text, folded, who.name),
    ...phoneSpans(text, who.phone_number),
  ]);
}

/** A stretch of the original text: [start, end). */
type Span = [number, number];

const original = (f: Folded, start: number, end: number): Span => f.source(start, end);

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** The character (code point) that ends at `i`, or '' at the start. */
function characterBefore(text: string, i: number): string {
  if (i === 0) return '';
  const pair = i >= 2 && /[\udc00-\udfff]/.test(text[i - 1]!) && /[\ud800-\udbff]/.test(text[i - 2]!);
  return text.slice(pair ? i - 2 : i - 1, i);
}

/** The character (code point) that starts at `i`, or '' at the end. */
const characterAt = (text: string, i: number): string => (i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : '');

/**
 * Where a value (an e-mail, a street, a ZIP code) appears as a whole, however spaced and cased: not
 * inside a longer word or number. Found by plain searches for its words with whitespace between,
 * not by an expression built for each writer: compiling one cost more than everything else here.
 */
function valueSpans(folded: Folded, value: string): Span[] {
  const v = foldText(value.trim()).text;
  if (v.length < 3) return [];
  const words = v.split(/\s+/);
  const text = folded.text;
  // Not there at all, as in most letters.
  if (!words.every((w) => text.includes(w))) return [];
  const wholeAtStart = LETTER_OR_DIGIT.test(characterAt(v, 0));
  const wholeAtEnd = LETTER_OR_DIGIT.test(characterBefore(v, v.length));
  const spans: Span[] = [];
  for (let m = wordsAt(text, words, 0); m; ) {
    const [at, after] = m;
    if ((wholeAtStart && LETTER_OR_DIGIT.test(characterBefore(text, at))) || (wholeAtEnd && LETTER_OR_DIGIT.test(characterAt(text, after)))) {
      // Inside a longer word: look again from the next character.
      m = wordsAt(text, words, at + characterAt(text, at).length);
      continue;
    }
    spans.push(original(folded, at, after));
    m = wordsAt(text, words, after);
  }
  return spans;
}

const SPACE = /\s/;

/** The first place from `from` where `words` stand one after another with whitespace between (as /w1\s+w2/ finds them). */
function wordsAt(text: string, words: readonly string[], from: number): Span | null {
  const [first, ...rest] = words;
  for (let at = text.indexOf(first!, from); at !== -1; at = text.indexOf(first!, at + 1)) {
    let end = at + first!.length;
    const all = rest.every((word) => {
      let next = end;
      while (next < text.length && SPACE.test(text[next]!)) next++;
      if (next === end || !text.startsWith(word, next)) return false;
      end = next + word.length;
      return true;
    });
    if (all) return [at, end];
  }
  return null;
}

// --- the name ---

/** Words that, written before a name part, make it the name. Folded. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sr', 'sra', 'srta', 'don', 'dona', 'senor', 'senora', 'senorita']);
/** Months and weekdays, in English and Spanish: "in June" is a date, whoever is called June. */
const CALENDAR = new Set(
  (
    'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday ' +
    'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre lunes martes miercoles jueves viernes sabado domingo'
  ).split(' '),
);

interface Word {
  /** Folded. */
  word: string;
  /** Where it is in the original text, and as it is written there. */
  start: number;
  end: number;
  written: string;
}

/** The text's words (letters and digits, apostrophes inside: O'Connor), a possessive 's set apart. */
function wordsOf(text: string, folded: Folded): Word[] {
  return [...folded.text.matchAll(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu)].map((m) => {
    const length = m[0].endsWith("'s") ? m[0].length - 2 : m[0].length;
    const [start, end] = original(folded, m.index, m.index + length);
    return { word: m[0].slice(0, length), start, end, written: text.slice(start, end) };
  });
}

function nameSpans(text: string, folded: Folded, name: string): Span[] {
  const whole = foldText(name).text.split(/[\s\-.,]+/u).filter(Boolean);
  // O'Connor is O'Connor, and Connor; a piece of one letter (the O) is never taken alone.
  const parts = new Set([...whole, ...whole.flatMap((w) => w.split("'"))].filter(Boolean));
  if (parts.size === 0) return [];
  const words = wordsOf(text, folded);
  const spans: Span[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!parts.has(words[i]!.word)) continue;
    let j = i;
    while (j + 1 < words.length && parts.has(words[j + 1]!.word) && joined(words[j]!, text.slice(words[j]!.end, words[j + 1]!.start))) j++;
    const run = words.slice(i, j + 1);
    // Two parts or more in a row are the name, unless every one of them is an ordinary word not
    // written as a name ("in June may").
    if (run.length > 1 && run.some((w) => distinctive(w.word) || asName(w.written))) {
      spans.push([run[0]!.start, run.at(-1)!.end]);
      i = j;
    } else if (isTheName(text, words, i, parts)) spans.push([words[i]!.start, words[i]!.end]);
  }
  return spans;
}

/** Two parts one after the other: a space, a hyphen or an apostrophe between, or an initial's full stop (J. Blige). */
const joined = (first: Word, between: string) => /^[ \t]*[-']?[ \t]*$/.test(between) || (first.word.length === 1 && /^\.[ \t]*$/.test(between));

/** A part that is no ordinary word, three letters or more: the name wherever it is. */
const distinctive = (word: string) => word.length >= 3 && !/^\d+$/.test(word) && !isOrdinaryWord(word);

/** Capitalised, not shouted: "Park", "McDonald", not "park" or "PARK". */
const asName = (written: string) => /^\p{Lu}/u.test(written) && /\p{Ll}/u.test(written);

/** A part on its own: is it the name here? */
function isTheName(text: string, words: Word[], i: number, parts: Set<string>): boolean {
  const w = words[i]!;
  if (w.word.length < 2) return false;
  if (distinctive(w.word)) return true;
  const before = words[i - 1];
  const after = words[i + 1];
  const gap = (a: Word, b: Word) => text.slice(a.end, b.start);
  if (before && TITLES.has(before.word) && /^\.?[ \t]+$/.test(gap(before, w))) return true;
  if (CALENDAR.has(w.word) || !asName(w.written) || sentenceStart(text, w.start)) return false;
  // Beside another capitalised word that is not the name, it is part of another name: Riverside
  // Park, La Paz, Park Avenue. A sentence's first word ("The Park family") does not count unless
  // it is no ordinary word.
  const otherName = (o: Word) =>
    asName(o.written) && o.word.length > 1 && !parts.has(o.word) && !TITLES.has(o.word) && !(sentenceStart(text, o.start) && isOrdinaryWord(o.word));
  if (before && /^[ \t]+$/.test(gap(before, w)) && otherName(before)) return false;
  if (after && /^[ \t]+$/.test(gap(w, after)) && otherName(after)) return false;
  return true;
}

/** The first word of a sentence, a line or the text. */
function sentenceStart(text: string, at: number): boolean {
  const before = text.slice(0, at).replace(/[ \t"'“‘«(¿¡]+$/u, '');
  return before === '' || /[\n.!?…]$/u.test(before);
}

// --- the phone number ---

/** What may stand between a phone number's digits: spaces, dots, dashes, brackets, slashes. */
const BETWEEN_DIGITS = '[\\s().\\-‐‑–/]*';

/**
 * The number's digits in every form a person writes it: as stored, in full with the country code,
 * and the national number with and without its trunk prefix (+44 20... is 020... at home), read by
 * libphonenumber-js (a number stored without a country code is taken as a US one, as the letters'
 * addresses are). Any grouping between the digits; forms shorter than seven digits are left alone.
 */
function phoneSpans(text: string, phone: string | null): Span[] {
  if (!phone) return [];
  const forms = new Set([phone.replace(/\D/g, '')]);
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (parsed?.isPossible()) {
    forms.add(parsed.number.replace(/\D/g, ''));
    forms.add(parsed.nationalNumber);
    forms.add(parsed.formatNational().replace(/\D/g, ''));
  }
  const spans: Span[] = [];
  for (const digits of forms) {
    if (digits.length < 7) continue;
    const pattern = new RegExp(`(?<!\\d)\\+?\\(?${digits.split('').join(BETWEEN_DIGITS)}(?!\\d)`, 'g');
    for (const m of text.matchAll(pattern)) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/** The text with each stretch, overlapping ones joined, replaced by "[removed]". */
function replaced(text: string, spans: Span[]): string {
  const sorted = spans.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let at = 0;
  for (let k = 0; k < sorted.length; k++) {
    const start = sorted[k]![0];
    let end = sorted[k]![1];
    while (k + 1 < sorted.length && sorted[k + 1]![0] < end) end = Math.max(end, sorted[++k]![1]);
    if (start < at) continue;
    out += text.slice(at, start) + REMOVED;
    at = end;
  }
  return out + text.slice(at);
}
