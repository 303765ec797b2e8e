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
  return ownWordCount(final, daisText(generated, note));
}

/** A letter is personal when its writer's own words reach PERSONAL_WORDS. */
export const isPersonal = (final: string, generated: string, note?: string | null) => personalWordCount(final, generated, note) >= PERSONAL_WORDS;

/** The text Dais wrote: `generated` without the writer's note, which it holds verbatim. */
const daisText = (generated: string, note?: string | null) => (note?.trim() ? generated.replace(note, '') : generated);

/**
 * The writer's own words in `final`, as the hearing packet prints them (issue 26): each sentence of
 * `final` that Dais did not write, whole (one word changed gives its sentence, so a reader sees it
 * in context), in the order written, a paragraph's joined by a space and paragraphs by a blank line;
 * '' when every sentence is Dais's. A sentence is Dais's when its words, case and punctuation aside,
 * are those of a sentence of Dais's text (a kept note is not: it is taken out of that text first).
 * Sentences only moved are Dais's still. Linear in the letter's length whatever is sent: one set of
 * Dais's sentences, one pass over the writer's.
 */
export function ownWords(final: string, generated: string, note?: string | null): string {
  const dais = new Set(paragraphs(daisText(generated, note)).flatMap((units) => units.map((u) => u.key)));
  return paragraphs(final)
    .map((units) => units.filter((u) => !dais.has(u.key)).map((u) => final.slice(u.from, u.to).trim()).join(' '))
    .filter(Boolean)
    .join('\n\n')
    .trim();
}

/** A sentence: where it is in its text, and its words for comparing. */
type Unit = { from: number; to: number; key: string };

/** What ends a sentence: a line break, or . ! ? … (and the quotes or brackets closing it) before a space or the end. */
const SENTENCE_END = /\r\n?|\n|[.!?…]['"’”»)\]]*(?=\s|$)/gu;
const LINE_BREAK = /^[\r\n]/;

/**
 * A text's paragraphs (split at blank lines, whatever the line endings) as their sentences. A line
 * break ends a sentence too, so each line of a signature block is one; sentences without words (a
 * dash, a row of dots) are left out, as they carry nothing of anyone's. One pass of one pattern.
 */
function paragraphs(text: string): Unit[][] {
  const found: Unit[][] = [];
  let paragraph: Unit[] = [];
  let from = 0;
  let lineStart = 0;
  const take = (to: number) => {
    const key = words(text.slice(from, to)).join(' ');
    if (key) paragraph.push({ from, to, key });
    from = to;
  };
  for (const end of text.matchAll(SENTENCE_END)) {
    const after = end.index + end[0].length;
    if (!LINE_BREAK.test(end[0])) {
      take(after);
      continue;
    }
    take(end.index);
    // A blank line ends the paragraph.
    if (!text.slice(lineStart, end.index).trim() && paragraph.length) {
      found.push(paragraph);
      paragraph = [];
    }
    from = lineStart = after;
  }
  take(text.length);
  if (paragraph.length) found.push(paragraph);
  return found;
}
