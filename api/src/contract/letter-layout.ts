/**
 * The letter PDF's page layout, SPEC.md section 9, as pure functions. The widget renders its PDF
 * from `printLayout` (measuring with jsPDF in the font it prints with); the API's writer uses
 * `layoutLetter` to keep generated letters on one page at section 9's own size (passing a
 * conservative estimate); the tests check both with jsPDF's real metrics.
 */

export const PDF_FONTS = ['times', 'helvetica', 'courier'] as const;
export type PdfFont = (typeof PDF_FONTS)[number];

/** US Letter in jsPDF's default unit (mm), and the margin of section 9 on every side. */
export const LETTER_PAGE = { width: 215.9, height: 279.4, margin: 20 } as const;

/** Width of `text` in mm when set in `font` at `size` points (jsPDF: setFont, setFontSize, getTextWidth). */
export type MeasureText = (text: string, font: PdfFont, size: number) => number;

/** A typeface a letter is set in: a name, and the width of a text in mm at `size` points. */
export interface LetterFace<F extends string = string> {
  name: F;
  width(text: string, size: number): number;
}

/**
 * Below section 9's sizes the PDF steps down half a point at a time to keep a letter on one page,
 * to no less than 7 pt: about the fine print of a medicine leaflet, the smallest a reader can still
 * be asked to read. A letter that does not fit one page at 7 pt is set at section 9's size over as
 * many pages as it needs: once it takes two pages, shrinking it only makes it harder to read.
 */
export const MIN_PRINT_SIZE = 7;
export const PRINT_SIZE_STEP = 0.5;
/** Body lines that go over to a new page with the closing, so the signature never stands alone. */
export const LINES_KEPT_WITH_CLOSING = 2;
/** The closing and signature block: the letter's last short lines ('Sincerely,', name, address...). */
const MAX_CLOSING_LINES = 8;

export interface PositionedLine {
  text: string;
  /** 0-based page index. */
  page: number;
  /** Left edge and baseline in mm, ready for jsPDF's doc.text(text, x, y). */
  x: number;
  y: number;
  /**
   * The line's base direction for display (Unicode's bidi algorithm): its first strong letter's
   * (rule P2, as plain text and dir="auto" go), else the letter's. Alignment is the letter's (x).
   */
  rtl: boolean;
}

export interface LetterLayout<F extends string = string> {
  font: F;
  /** Points, as printed. */
  fontSize: number;
  /** The size section 9 picks from the effective line count, where printing starts. */
  specFontSize: number;
  /** mm between baselines. */
  lineHeight: number;
  effectiveLineCount: number;
  /** Written mostly in right-to-left letters: every line is flush right. */
  rtl: boolean;
  /** Every line as printed: the text split by newline, each line wrapped to the page width. */
  lines: string[];
  /** The lines drawn, each on its page (a blank line that would open a page is left out). */
  positioned: PositionedLine[];
  linesPerPage: number;
  pageCount: number;
  fitsOnePage: boolean;
}

/** FNV-1a over UTF-16 code units: tiny, identical in every JavaScript engine. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const splitLines = (content: string) => content.split(/\r?\n/);

export function letterFont(content: string): PdfFont {
  return PDF_FONTS[fnv1a(content) % PDF_FONTS.length]!;
}

/**
 * Whether the 14 standard PDF fonts can print every character: they know WinAnsiEncoding only
 * (Latin-1 and Windows-1252's dashes, quotes, euro and a few letters). Anything else ('Ł', 'ễ',
 * Greek, Cyrillic, Hebrew, Arabic, Chinese) needs an embedded font, or it prints as garbage.
 */
export function inStandardFonts(text: string): boolean {
  return /^[\n\r\x20-\x7e\xa0-\xff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]*$/.test(
    text,
  );
}

/** Lines plus half a line for each line longer than 80 characters (a rough allowance for wrapping). */
export function effectiveLineCount(content: string): number {
  return splitLines(content).reduce((n, line) => n + (line.length > 80 ? 1.5 : 1), 0);
}

export function letterFontSize(effective: number): number {
  if (effective > 65) return 8;
  if (effective > 55) return 9;
  if (effective > 45) return 10;
  return 12;
}

/** SPEC.md's file name; `stem` is its first words in the supporter's language. */
export function letterPdfFilename(campaignTitle: string, stem = 'support-letter'): string {
  return `${stem}-${campaignTitle.toLowerCase().replace(/\s+/g, '-')}.pdf`;
}

const LETTER = /\p{L}/gu;
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/** A line's base direction by its first strong letter (Unicode's bidi rule P2), else `fallback`. */
export function isRtlLine(line: string, fallback: boolean): boolean {
  const first = /\p{L}/u.exec(line);
  return first ? RTL_LETTER.test(first[0]) : fallback;
}

/**
 * A letter is aligned as a document is, to one side: the right when most of its letters are
 * Hebrew, Arabic or another right-to-left script. Each line keeps its own base direction (an
 * English closing in an Arabic letter still reads 'Sincerely,'), but not its own margin: an
 * Arabic signature in an English letter stays under the closing.
 */
export function isRtlLetter(content: string): boolean {
  if (!RTL_LETTER.test(content)) return false;
  let rtl = 0;
  let ltr = 0;
  for (const [letter] of content.matchAll(LETTER)) {
    if (RTL_LETTER.test(letter)) rtl++;
    else ltr++;
  }
  return rtl > ltr;
}

/** Chinese and Japanese text breaks between any two characters, not only at spaces. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** ...except before closing punctuation or after opening punctuation (kinsoku shori, simplified). */
const NO_BREAK_BEFORE = /[、。，．・：；？！）］｝〕〉》」』】〙〗〟…‥ー々ゝゞヽヾ\u3000]/u;
const NO_BREAK_AFTER = /[（［｛〔〈《「『【〘〖〝]/u;

interface Piece {
  text: string;
  /** What joins it to the piece before on one line: a space (dropped at a break) or nothing. */
  joiner: ' ' | '';
}

/** A source line as pieces between break opportunities: words, and CJK characters one by one. */
function pieces(line: string): Piece[] {
  if (!CJK.test(line)) return line.split(' ').map((text) => ({ text, joiner: ' ' }));
  const out: Piece[] = [];
  for (const word of line.split(' ')) {
    let joiner: Piece['joiner'] = ' ';
    let current = '';
    let previous = '';
    for (const ch of word) {
      const breakHere =
        current !== '' && (CJK.test(previous) || CJK.test(ch)) && !NO_BREAK_BEFORE.test(ch) && !NO_BREAK_AFTER.test(previous);
      if (breakHere) {
        out.push({ text: current, joiner });
        joiner = '';
        current = '';
      }
      current += ch;
      previous = ch;
    }
    out.push({ text: current, joiner });
  }
  return out;
}

/**
 * Greedy line breaking, like jsPDF's splitTextToSize for words between spaces: runs of spaces
 * inside a line are kept, the space at a break is dropped, and a word wider than the page is cut
 * where it overflows (between code points, never inside one). Chinese and Japanese may also break
 * between characters.
 */
function wrapLine(line: string, fits: (s: string) => boolean): string[] {
  if (fits(line)) return [line];
  const out: string[] = [];
  let current = '';
  for (const piece of pieces(line)) {
    const candidate = current === '' ? piece.text : `${current}${piece.joiner}${piece.text}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current !== '') out.push(current);
    current = piece.text;
    let chars = Array.from(current);
    while (chars.length > 1 && !fits(current)) {
      // The longest prefix that fits, by bisection: widths grow with every character added.
      let lo = 1;
      let hi = chars.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits(chars.slice(0, mid).join(''))) lo = mid;
        else hi = mid - 1;
      }
      out.push(chars.slice(0, lo).join(''));
      chars = chars.slice(lo);
      current = chars.join('');
    }
  }
  out.push(current);
  return out;
}

interface PrintedLine {
  text: string;
  /** Index of the source line (between newlines) it comes from. */
  source: number;
  /** How many printed lines that source line takes. */
  sourceLines: number;
}

/**
 * Where the page holding the closing must start at the latest: the closing and signature block
 * (the letter's last source lines that each print as one short line, at most MAX_CLOSING_LINES)
 * and the LINES_KEPT_WITH_CLOSING non-blank lines before it.
 */
function keepWithClosingFrom(lines: PrintedLine[]): number {
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.text.trim() === '') end--;
  let start = end;
  while (start > 0 && end - start < MAX_CLOSING_LINES) {
    const line = lines[start - 1]!;
    if (line.text.trim() === '' || line.sourceLines !== 1) break;
    start--;
  }
  let kept = 0;
  while (start > 0 && kept < LINES_KEPT_WITH_CLOSING) {
    start--;
    if (lines[start]!.text.trim() !== '') kept++;
  }
  return start;
}

/**
 * Pages of at most `perPage` lines. A blank line that would open a page is dropped, and a page
 * breaks early rather than leave the closing and signature block without body lines before it.
 */
function paginate(lines: PrintedLine[], perPage: number): number[][] {
  const keepFrom = keepWithClosingFrom(lines);
  const keepTogether = lines.length - keepFrom <= perPage;
  const pages: number[][] = [];
  let i = 0;
  while (i < lines.length) {
    if (pages.length > 0) while (i < lines.length && lines[i]!.text.trim() === '') i++;
    if (i >= lines.length) break;
    let end = Math.min(lines.length, i + perPage);
    if (keepTogether && end < lines.length && keepFrom > i && keepFrom < end) end = keepFrom;
    pages.push(Array.from({ length: end - i }, (_, k) => i + k));
    i = end;
  }
  return pages.length > 0 ? pages : [[]];
}

/** The layout at one size: wrapped in `face`, paginated, every line placed. */
export function layoutAt<F extends string>(content: string, face: LetterFace<F>, fontSize: number): LetterLayout<F> {
  const { width, height, margin } = LETTER_PAGE;
  const effective = effectiveLineCount(content);
  const lineHeight = 0.6 * fontSize;
  const textWidth = width - 2 * margin;
  // Tolerance for floating-point widths that land exactly on the edge.
  const fits = (s: string) => face.width(s, fontSize) <= textWidth + 1e-6;
  const printed: PrintedLine[] = splitLines(content).flatMap((line, source) => {
    const wrapped = wrapLine(line, fits);
    return wrapped.map((text) => ({ text, source, sourceLines: wrapped.length }));
  });
  const rtl = isRtlLetter(content);
  const anyRtl = rtl || RTL_LETTER.test(content);
  const lineRtl = splitLines(content).map((line) => anyRtl && isRtlLine(line, rtl));

  // Each line owns a band of lineHeight; a page holds as many whole bands as fit between the
  // margins, and the baseline sits at the band's cap height so the ink stays inside them.
  const linesPerPage = Math.max(1, Math.floor((height - 2 * margin) / lineHeight + 1e-9));
  const ascent = 0.75 * fontSize * (25.4 / 72);
  const pages = paginate(printed, linesPerPage);
  const positioned = pages.flatMap((indexes, page) =>
    indexes.map((index, row) => {
      const { text, source } = printed[index]!;
      return {
        text,
        page,
        x: rtl ? margin + textWidth - face.width(text, fontSize) : margin,
        y: margin + row * lineHeight + ascent,
        rtl: lineRtl[source]!,
      };
    }),
  );
  return {
    font: face.name,
    fontSize,
    specFontSize: letterFontSize(effective),
    lineHeight,
    effectiveLineCount: effective,
    rtl,
    lines: printed.map((l) => l.text),
    positioned,
    linesPerPage,
    pageCount: pages.length,
    fitsOnePage: pages.length === 1,
  };
}

/**
 * Section 9's layout at section 9's own size and font (by the hash of the content). The writer
 * asks it whether a letter fits one page without the PDF having to step its type down.
 */
export function layoutLetter(content: string, measure: MeasureText): LetterLayout<PdfFont> {
  const font = letterFont(content);
  return layoutAt(content, { name: font, width: (text, size) => measure(text, font, size) }, letterFontSize(effectiveLineCount(content)));
}

/**
 * What the PDF prints: section 9's size when the letter fits one page at it; else the largest
 * size, half a point at a time down to MIN_PRINT_SIZE, at which it does; else section 9's size
 * over several pages, the closing never alone on its page.
 */
export function printLayout<F extends string>(content: string, face: LetterFace<F>): LetterLayout<F> {
  const start = letterFontSize(effectiveLineCount(content));
  for (let size = start; size >= MIN_PRINT_SIZE - 1e-9; size -= PRINT_SIZE_STEP) {
    const layout = layoutAt(content, face, size);
    if (layout.fitsOnePage) return layout;
  }
  return layoutAt(content, face, start);
}
