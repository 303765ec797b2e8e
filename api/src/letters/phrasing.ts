/**
 * Small, pure text helpers for the letter writer. Generated text stays in plain ASCII punctuation
 * (straight quotes, no dashes) so it prints the same in all three PDF fonts and every mail client.
 */
import { fnv1a } from '../contract/letter-layout';

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** '2026-12-03' -> 'December 3, 2026' (read from the string itself: no time zone can shift it). */
export function humanDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const month = MONTHS[(m ?? 1) - 1];
  return month && y && d ? `${month} ${d}, ${y}` : isoDate;
}

/**
 * FNV-1a, then MurmurHash3's finalizer: FNV-1a alone keeps its low bits nearly blind to the last
 * characters of the text, so a small modulus picked the same variant for letters that differ
 * only in their chosen points. The finalizer mixes every input bit into every output bit.
 */
export function variantHash(text: string): number {
  let h = fnv1a(text);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Picks one of `options`, the same one every time for the same seed and salt. */
export function pick<T>(options: readonly T[], seed: string, salt: string): T {
  return options[variantHash(`${salt}\u0000${seed}`) % options.length]!;
}

/**
 * `options` in an order fixed by the seed and salt (Fisher-Yates driven by FNV-1a), so a letter
 * can take distinct variants for its paragraphs, and another letter other ones.
 */
export function shuffled<T>(options: readonly T[], seed: string, salt: string): T[] {
  const out = [...options];
  for (let i = out.length - 1; i > 0; i--) {
    const j = variantHash(`${salt}\u0000${i}\u0000${seed}`) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const endsSentence = (s: string) => /[.!?]["')\]]*$/.test(s);

/** Ends with a full stop unless it already ends a sentence; a trailing ':' ';' or ',' becomes one. */
export function asSentence(s: string): string {
  const t = s.trim();
  if (t === '' || endsSentence(t)) return t;
  return `${t.replace(/[:;,]+$/, '')}.`;
}

// A full stop after these does not end a sentence ('St. Louis', 'Dr. King', 'No. 5').
const ABBREVIATION = /\b(St|Dr|Mr|Mrs|Ms|No|Nos|Ave|Blvd|Rd|Jr|Sr|Mt|Ft|vs|etc|approx|Inc|Co|e\.g|i\.e|U\.S|a\.m|p\.m)\.$/i;

/** Text split into sentences at '.', '!' or '?' followed by a space and a capital or digit. */
export function splitSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const pieces = flat.split(/(?<=[.!?]["')\]]*) (?=["'(\[]?[A-Z0-9])/);
  const out: string[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last !== undefined && ABBREVIATION.test(last)) out[out.length - 1] = `${last} ${piece}`;
    else out.push(piece);
  }
  return out;
}

/**
 * An admin's talking point as sentences: bullets and line breaks end sentences, each is
 * capitalised and ends as a sentence. Nothing else about the words changes.
 */
export function pointSentences(talkingPoints: string): string[] {
  return talkingPoints
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:[-*\u2022]|\d+[.)])\s+/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((line) => splitSentences(line.charAt(0).toUpperCase() + line.slice(1)))
    .map(asSentence);
}

// A sentence that leans on the one before it: it cannot stand where that one is left out.
const LEANS_BACK = /^["'(]?(this|that|these|those|it|its|they|their|them|such|so|also|but|and|or|however|therefore|thus|then|still|yet|instead|even so|as a result|in addition|for example|for instance|meanwhile|otherwise|which)\b/i;

/**
 * The sentences of a talking point that one letter carries, in their order. Up to two sentences
 * go whole. A longer point gives its first sentence (usually the claim) and a run of about half
 * the rest that starts, by the seed, where a sentence can stand on its own: every letter carries
 * the organiser's words and nothing else, but not every letter the same ones, so a long point does
 * not turn a hundred letters into one form letter (and a one-page letter keeps its room).
 */
export function carriedSentences(sentences: readonly string[], seed: string): string[] {
  if (sentences.length <= 2) return [...sentences];
  const runLength = Math.ceil(sentences.length / 2) - 1;
  const starts: number[] = [];
  for (let i = 1; i + runLength <= sentences.length; i++) {
    if (i === 1 || !LEANS_BACK.test(sentences[i]!)) starts.push(i);
  }
  const start = pick(starts, seed, 'run');
  return [sentences[0]!, ...sentences.slice(start, start + runLength)];
}

// Sentences a description addresses to supporters, not to the decision body: calls to join, sign
// or share, and instructions to write to officials ('Tell the commissioners...', 'Ask the city...').
const CALL_TO_ACTION =
  /\b(join us|sign (the|our|this)|petition|share this|click|donate|add your (name|voice)|help us|take action)\b|^(tell|ask|urge|write to|e-?mail|call|contact|let)\b/i;

/**
 * A campaign description's first sentences, up to about `max` characters, as they can stand in a
 * letter to the decision body: calls to action aimed at supporters ('Join us...') are left out.
 */
export function leadSentences(description: string, max = 280): string {
  const all = splitSentences(description);
  const sentences = all.filter((s) => !CALL_TO_ACTION.test(s));
  let out = '';
  for (const s of sentences.length ? sentences : all) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  if (out) return asSentence(out);
  const cut = description.replace(/\s+/g, ' ').trim().slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:]+$/, '')}...`;
}
