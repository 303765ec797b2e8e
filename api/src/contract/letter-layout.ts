/**
 * The letter PDF's page layout, SPEC.md section 9, as one pure function. The widget renders its
 * PDF from it (passing jsPDF's text measurement); the API uses it to keep generated letters on one
 * page (passing a conservative estimate); the tests check it with jsPDF's real metrics.
 */

export const PDF_FONTS = ['times', 'helvetica', 'courier'] as const;
export type PdfFont = (typeof PDF_FONTS)[number];

/** US Letter in jsPDF's default unit (mm), and the margin of section 9 on every side. */
export const LETTER_PAGE = { width: 215.9, height: 279.4, margin: 20 } as const;

/** Width of `text` in mm when set in `font` at `size` points (jsPDF: setFont, setFontSize, getTextWidth). */
export type MeasureText = (text: string, font: PdfFont, size: number) => number;

export interface PositionedLine {
  text: string;
  /** 0-based page index. */
  page: number;
  /** Left edge and baseline in mm, ready for jsPDF's doc.text(text, x, y). */
  x: number;
  y: number;
}

export interface LetterLayout {
  font: PdfFont;
  /** Points. */
  fontSize: number;
  /** mm between baselines. */
  lineHeight: number;
  effectiveLineCount: number;
  /** Every line as printed: the text split by newline, each line wrapped to the page width. */
  lines: string[];
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

export function letterPdfFilename(campaignTitle: string): string {
  return `support-letter-${campaignTitle.toLowerCase().replace(/\s+/g, '-')}.pdf`;
}

/**
 * Greedy word wrap on spaces, like jsPDF's splitTextToSize: a word wider than the page is cut
 * where it overflows. Runs of spaces inside a line are kept; the space at a break is dropped.
 */
function wrapLine(line: string, fits: (s: string) => boolean): string[] {
  if (fits(line)) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current !== '') out.push(current);
    current = word;
    while (current.length > 1 && !fits(current)) {
      // The longest prefix that fits, by bisection: widths grow with every character added.
      let lo = 1;
      let hi = current.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits(current.slice(0, mid))) lo = mid;
        else hi = mid - 1;
      }
      out.push(current.slice(0, lo));
      current = current.slice(lo);
    }
  }
  out.push(current);
  return out;
}

export function layoutLetter(content: string, measure: MeasureText): LetterLayout {
  const { width, height, margin } = LETTER_PAGE;
  const font = letterFont(content);
  const effective = effectiveLineCount(content);
  const fontSize = letterFontSize(effective);
  const lineHeight = 0.6 * fontSize;
  const textWidth = width - 2 * margin;
  // Tolerance for floating-point widths that land exactly on the edge.
  const fits = (s: string) => measure(s, font, fontSize) <= textWidth + 1e-6;
  const lines = splitLines(content).flatMap((line) => wrapLine(line, fits));

  // Each line owns a band of lineHeight; a page holds as many whole bands as fit between the
  // margins, and the baseline sits at the band's cap height so the ink stays inside them.
  const linesPerPage = Math.max(1, Math.floor((height - 2 * margin) / lineHeight + 1e-9));
  const ascent = 0.75 * fontSize * (25.4 / 72);
  const positioned = lines.map((text, i) => ({
    text,
    page: Math.floor(i / linesPerPage),
    x: margin,
    y: margin + (i % linesPerPage) * lineHeight + ascent,
  }));
  const pageCount = Math.max(1, Math.ceil(lines.length / linesPerPage));
  return {
    font,
    fontSize,
    lineHeight,
    effectiveLineCount: effective,
    lines,
    positioned,
    linesPerPage,
    pageCount,
    fitsOnePage: pageCount === 1,
  };
}
