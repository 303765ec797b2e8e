/** Which font prints which character: the lists of widget/build/letter-fonts.ts, in lookup order. */
export interface LetterFontFile {
  /** The font's name in the PDF. */
  id: string;
  url: string;
  /** Sorted [first, last] code point pairs, flattened. */
  ranges: readonly number[];
}

/** What a character no letter font has prints as: visibly missing, never as some other letter. */
export const MISSING = '\uFFFD';

export function covers(ranges: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[2 * mid]!) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * The first font that has the character. jsPDF writes text as UTF-16 code units, so a character
 * beyond them (emoji, rare Chinese of Extension B) has none whatever the fonts hold.
 */
export function fontFor<F extends { ranges: readonly number[] }>(fonts: readonly F[], cp: number): F | undefined {
  if (cp > 0xffff) return undefined;
  return fonts.find((f) => covers(f.ranges, cp));
}

/** The text with every character the fonts lack replaced by MISSING. */
export function markMissing(text: string, fonts: readonly { ranges: readonly number[] }[]): string {
  let out = '';
  for (const ch of text) out += ch === '\n' || ch === '\r' || fontFor(fonts, ch.codePointAt(0)!) ? ch : MISSING;
  return out;
}

/**
 * The fonts that print these code points, in lookup order: for each, the first of `fonts` that
 * has it; and the first font (which has MISSING) when one is in none.
 */
export function fontsFor<F extends { ranges: readonly number[] }>(codePoints: Iterable<number>, fonts: readonly F[]): F[] {
  const chosen = new Set<F>();
  for (const cp of codePoints) {
    const font = fontFor(fonts, cp) ?? fontFor(fonts, MISSING.codePointAt(0)!);
    if (font) chosen.add(font);
  }
  return fonts.filter((f) => chosen.has(f));
}
