/**
 * Whether a letter is personal: it carries at least PERSONAL_WORDS words of its writer's own, in
 * their note or in what they changed of the generated text (issue 24). Staff read such letters
 * and discount identical ones; the widget tells the writer as they review, the API stores it with
 * the letter, and the console and packet count them. One rule, here, for all three.
 */
export const PERSONAL_WORDS = 12;

/** A letter's words for comparing: letters and digits, case and punctuation aside. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * How many words of `final` the generated text does not hold: each word counted as often as
 * `final` holds it beyond the generated text's own count of it. Words added (a note, a sentence of
 * their own) count one each, a replaced word counts once, words only moved or deleted count
 * nothing. A count of words rather than an alignment: linear in the letter's length whatever is
 * sent, and exact for what writers do (add, replace); only a rewrite that reuses the generated
 * words in a new order counts less than it changed.
 */
export function ownWordCount(final: string, generated: string): number {
  const left = new Map<string, number>();
  for (const w of words(generated)) left.set(w, (left.get(w) ?? 0) + 1);
  let own = 0;
  for (const w of words(final)) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else own++;
  }
  return own;
}

/**
 * The writer's own words in `final`: what it holds beyond the text Dais wrote, `generated` without
 * the writer's `note` (which Dais set in it verbatim, and which is theirs).
 */
export function personalWordCount(final: string, generated: string, note?: string | null): number {
  const dais = note?.trim() ? generated.replace(note, '') : generated;
  return ownWordCount(final, dais);
}

/** A letter is personal when its writer's own words reach PERSONAL_WORDS. */
export const isPersonal = (final: string, generated: string, note?: string | null) => personalWordCount(final, generated, note) >= PERSONAL_WORDS;
