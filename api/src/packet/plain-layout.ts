import type * as fontkit from 'fontkit';

/**
 * Glyph runs for the packet's numbers, laid out without shaping. Most words a packet draws are
 * laid out once and reused (pdfkit keeps each word's glyph run), but its numbers are nearly all
 * different: letter numbers and ids, times, and the appendix's 10,000 SHA-256 digests of 64
 * characters. fontkit shapes each (OpenType script, feature and lookup tables), about a third of
 * a packet's time, to arrive where a character map and advance widths arrive alone: in Noto Sans
 * no digit, hex letter or the punctuation of numbers and times is substituted or kerned beside
 * another, except 'f' before 'f', ',' or '.' (a ligature, and kerning). plain-layout.test.ts holds
 * this, pair by pair, to fontkit's own layout for both weights, so a font that changes it fails.
 */

/** The characters whose runs need no shaping, apart from the pairs below. */
export const PLAIN_CHARACTERS = '0123456789abcdef,.:- ';
/** Pairs of them that Noto Sans does shape: such a string goes to fontkit. */
export const SHAPED_PAIRS = ['ff', 'f,', 'f.'] as const;

const PLAIN = /^[0-9a-f,.:\- ]+$/;
const SHAPED = /f[f,.]/;

/** Whether `text` (a number, a time, a digest) lays out the same without shaping. */
export const isPlain = (text: string): boolean => PLAIN.test(text) && !SHAPED.test(text);

/** What pdfkit reads of a fontkit glyph run: glyphs, positions (it scales them in place), the run's advance. */
export interface PlainRun {
  glyphs: fontkit.Glyph[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  readonly advanceWidth: number;
}

/** One glyph a character from the font's character map, advanced by its own width: what shaping would give a plain string. */
export function plainRun(font: fontkit.Font, text: string): PlainRun {
  const glyphs = [...text].map((c) => font.glyphForCodePoint(c.codePointAt(0)!));
  return {
    glyphs,
    positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
    // A getter, as fontkit's: pdfkit scales the positions after it has the run.
    get advanceWidth() {
      let width = 0;
      for (const p of this.positions) width += p.xAdvance;
      return width;
    },
  };
}

/**
 * Makes `font` (the fontkit font pdfkit opened for one of the Noto Sans faces) lay plain strings
 * out without shaping; a string given features, or any other, goes to fontkit as before.
 */
export function layOutPlainWithoutShaping(font: fontkit.Font): void {
  const shape = font.layout.bind(font);
  font.layout = ((text: string, ...rest: unknown[]) =>
    rest[0] === undefined && isPlain(text) ? plainRun(font, text) : (shape as (...a: unknown[]) => fontkit.GlyphRun)(text, ...rest)) as typeof font.layout;
}
