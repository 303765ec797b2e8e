import type { MeasureText, PdfFont } from '../contract/letter-layout';

/**
 * Advance widths of jsPDF's built-in Times and Helvetica (hundredths of an em) for printable ASCII
 * (32-126) then Latin-1 (160-255), as jsPDF itself reports them; Courier is 0.6 em throughout.
 * They let the server check, without jsPDF, that a letter fits the one page the widget will print
 * (letter-layout.test.ts compares every entry with jsPDF's own metrics).
 */
const WIDTHS: Record<'times' | 'helvetica', readonly number[]> = {
  times: [
    25, 33, 41, 50, 50, 83, 78, 18, 33, 33, 50, 56, 25, 33, 25, 28, 50, 50, 50, 50, 50, 50, 50, 50,
    50, 50, 28, 28, 56, 56, 56, 44, 92, 72, 66, 66, 72, 61, 55, 72, 72, 33, 39, 72, 61, 89, 72, 72,
    55, 72, 66, 55, 61, 72, 72, 94, 72, 72, 61, 33, 28, 33, 47, 50, 33, 44, 50, 44, 50, 44, 33, 50,
    50, 28, 28, 50, 28, 78, 50, 50, 50, 50, 33, 39, 28, 50, 50, 72, 50, 50, 44, 48, 20, 48, 54, 51,
    33, 50, 50, 50, 50, 51, 50, 33, 76, 27, 50, 56, 51, 76, 33, 40, 56, 51, 51, 33, 50, 45, 25, 33,
    51, 31, 50, 51, 51, 51, 44, 72, 72, 72, 72, 72, 72, 89, 66, 61, 61, 61, 61, 33, 33, 33, 33, 51,
    72, 72, 72, 72, 72, 72, 51, 72, 72, 72, 72, 72, 51, 51, 50, 44, 44, 44, 44, 44, 44, 66, 44, 44,
    44, 44, 44, 28, 28, 28, 28, 51, 50, 50, 50, 50, 50, 50, 56, 50, 50, 50, 50, 50, 51, 51, 50,
  ],
  helvetica: [
    28, 28, 35, 55, 55, 89, 66, 19, 33, 33, 39, 58, 28, 33, 28, 28, 55, 55, 55, 55, 55, 55, 55, 55,
    55, 55, 28, 28, 58, 58, 58, 55, 101, 66, 66, 72, 72, 66, 61, 78, 72, 28, 50, 66, 55, 83, 72, 78,
    66, 78, 72, 66, 61, 72, 66, 94, 66, 66, 61, 28, 28, 28, 47, 55, 33, 55, 55, 50, 55, 55, 28, 55,
    55, 22, 22, 50, 22, 83, 55, 55, 55, 55, 33, 50, 28, 55, 50, 72, 50, 50, 50, 33, 26, 33, 58, 53,
    33, 55, 55, 55, 55, 53, 55, 33, 73, 37, 55, 58, 53, 73, 33, 40, 58, 53, 53, 33, 55, 53, 28, 33,
    53, 36, 55, 53, 53, 53, 61, 66, 66, 66, 66, 66, 66, 100, 72, 66, 66, 66, 66, 28, 28, 28, 28, 53,
    72, 78, 78, 78, 78, 78, 53, 78, 72, 72, 72, 72, 53, 53, 61, 55, 55, 55, 55, 55, 55, 89, 50, 55,
    55, 55, 55, 28, 28, 28, 28, 53, 55, 55, 55, 55, 55, 55, 58, 61, 55, 55, 55, 55, 53, 53, 50,
  ],
};

// Characters outside the tables (dashes, curly quotes, other scripts) count as a full em:
// never narrower than jsPDF will print them, so the check errs towards a second page, not a clipped one.
const UNKNOWN_EM = 1;

function charEm(font: PdfFont, code: number): number {
  if (font === 'courier') return 0.6;
  const index = code >= 32 && code <= 126 ? code - 32 : code >= 160 && code <= 255 ? code - 160 + 95 : -1;
  const hundredths = index >= 0 ? WIDTHS[font][index] : undefined;
  return hundredths === undefined ? UNKNOWN_EM : hundredths / 100;
}

/**
 * Text width in mm without kerning, which only ever narrows text: at least as wide as jsPDF's
 * getTextWidth for the same text, font and size.
 */
export const standardFontMeasure: MeasureText = (text, font, size) => {
  let em = 0;
  for (let i = 0; i < text.length; i++) em += charEm(font, text.charCodeAt(i));
  return em * size * (25.4 / 72);
};
