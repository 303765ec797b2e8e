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

/** Picks one of `options`, the same one every time for the same seed and salt. */
export function pick<T>(options: readonly T[], seed: string, salt: string): T {
  return options[fnv1a(`${salt}\u0000${seed}`) % options.length]!;
}

/** Where to start in a list of variants, so consecutive paragraphs can take distinct ones. */
export function startIndex(length: number, seed: string, salt: string): number {
  return fnv1a(`${salt}\u0000${seed}`) % length;
}

const SMALL_WORDS = new Set([
  'a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'its', 'my', 'of', 'on', 'or', 'our', 'the', 'their', 'to',
  'with', 'your', 'no', 'yes',
]);

/**
 * A category as it reads inside a sentence: 'Public Safety' -> 'public safety'. Words that are
 * not simply capitalised ('ADA', 'COVID-19', 'iPhone') are left as written.
 */
export function categoryPhrase(category: string | null | undefined): string {
  const words = (category ?? '').trim().replace(/[\s:;,.!?]+$/, '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'what is at stake';
  return words.map((w) => (/^[A-Z][a-z'-]*$/.test(w) ? w.toLowerCase() : w)).join(' ');
}

const endsSentence = (s: string) => /[.!?]["')\]]*$/.test(s);

/** Ends with a full stop unless it already ends a sentence; a trailing ':' ';' or ',' becomes one. */
export function asSentence(s: string): string {
  const t = s.trim();
  if (t === '' || endsSentence(t)) return t;
  return `${t.replace(/[:;,]+$/, '')}.`;
}

/**
 * An admin's talking point as prose inside one paragraph: bullets and line breaks become
 * sentences, each capitalised, and it ends as a sentence. Nothing else changes.
 */
export function pointProse(talkingPoints: string): string {
  const parts = talkingPoints
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:[-*\u2022]|\d+[.)])\s+/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((part) => asSentence(part.charAt(0).toUpperCase() + part.slice(1)));
  return parts.join(' ');
}

// Sentences a description addresses to supporters, not to the decision body.
const CALL_TO_ACTION = /\b(join us|sign (the|our|this)|petition|share this|click|donate|add your (name|voice)|help us|take action)\b/i;

/**
 * A campaign description's first sentences, up to about `max` characters, as they can stand in a
 * letter to the decision body: calls to action aimed at supporters ('Join us...') are left out.
 */
export function leadSentences(description: string, max = 280): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  const all = flat.split(/(?<=[.!?])\s+/);
  const sentences = all.filter((s) => !CALL_TO_ACTION.test(s));
  let out = '';
  for (const s of sentences.length ? sentences : all) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  if (out) return asSentence(out);
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:]+$/, '')}...`;
}

// Imperative openings of petition titles ('Save the Riverside Park'): the request can reuse them.
const TITLE_VERBS = new Set([
  'add', 'adopt', 'approve', 'ban', 'block', 'bring', 'build', 'choose', 'complete', 'create', 'defend', 'end',
  'expand', 'extend', 'fix', 'fund', 'halt', 'improve', 'increase', 'invest', 'keep', 'lower', 'make', 'oppose',
  'pass', 'plant', 'preserve', 'prevent', 'protect', 'reduce', 'reject', 'renovate', 'reopen', 'repair', 'restore',
  'revitalize', 'save', 'say', 'stop', 'support', 'upgrade',
]);
const OPPOSING = /\b(against|oppose[sd]?|opposition|reject|stop|halt|block|no)\b/i;

/**
 * What the letter asks the decision body to do, read from the campaign's title, since the letter
 * cannot know whether the campaign supports or opposes the item on the agenda:
 * 'Save the Riverside Park' -> 'save the Riverside Park'; 'No on Measure B' -> 'oppose Measure B';
 * 'Neighbors Against the Quarry' -> 'stand with the residents behind "Neighbors Against the
 * Quarry"'; any other name -> 'support Riverside Bike Lanes'.
 */
export function requestedAction(title: string): string {
  const t = title.trim().replace(/[.!?]+$/, '').replace(/^let'?s\s+/i, '');
  const yesNo = /^(yes|no)\s+on\s+(.+)$/i.exec(t);
  if (yesNo) return `${yesNo[1]!.toLowerCase() === 'yes' ? 'support' : 'oppose'} ${yesNo[2]}`;
  const words = t.split(/\s+/);
  if (TITLE_VERBS.has(words[0]!.toLowerCase())) {
    return words.map((w, i) => (i === 0 || SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w)).join(' ');
  }
  if (OPPOSING.test(t)) return `stand with the residents behind "${t}"`;
  return `support ${t}`;
}
