import { jsPDF } from 'jspdf';
import { en, inStandardFonts, letterFont, letterPdfFilename, printLayout, type LetterLayout, type SupporterTexts } from '@dais/api/contract';
import { markMissing } from './letter-pdf/coverage';
import { standardFace, unicodeFace, type PrintFace } from './letter-pdf/faces';
import type { LoadedLetterFont, ReadFont } from './letter-pdf/fonts';

/**
 * The letter as a PDF, SPEC.md section 9 (layout in the contract's letter-layout). This module and
 * jsPDF form a chunk the widget imports only when Download is pressed.
 *
 * Fonts: section 9's choice (Times, Helvetica or Courier by a hash of the content) whenever every
 * character is in those standard fonts' encoding (WinAnsi: Western European); otherwise the whole
 * letter is set in Noto Sans with its Hebrew, Arabic and Chinese companions, embedded, each file
 * loaded from the Dais server only when the letter has a character in it (letter-pdf/fonts.ts, a
 * chunk of its own; the files and why: widget/build/letter-fonts.ts).
 */

/** The PDF's own words, in the supporter's language (contract/texts). */
export type PdfWords = Pick<SupporterTexts, 'pdfFileStem' | 'pdfTitle'>;
const ENGLISH: PdfWords = en;

export interface LetterPdf {
  doc: jsPDF;
  layout: LetterLayout;
  filename: string;
}

/** NFC (so 'é' typed as e + accent finds its glyph); a tab as four spaces; other control characters, which no font prints, dropped. */
export function printableText(content: string): string {
  return content
    .normalize('NFC')
    .replace(/\t/g, '    ')
    .replace(/[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g, '');
}

/** Whether the letter needs the embedded fonts (the standard PDF fonts cannot print it). */
export const needsEmbeddedFonts = (content: string) => !inStandardFonts(printableText(content));

/**
 * The PDF of a letter. A letter the standard fonts cannot print needs its fonts, loaded first by
 * loadLetterFonts (renderLetterPdf does both).
 */
export function letterPdf(content: string, campaignTitle: string, fonts?: readonly LoadedLetterFont[], words: PdfWords = ENGLISH): LetterPdf {
  // Only the fonts drawn with are listed in the file (jsPDF lists all fourteen standard ones otherwise).
  const doc = new jsPDF({ unit: 'mm', format: 'letter', putOnlyUsedFonts: true, compress: true });
  let text = printableText(content);
  let face: PrintFace;
  if (inStandardFonts(text)) {
    face = standardFace(doc, letterFont(content));
  } else {
    if (!fonts || fonts.length === 0) throw new Error('This letter needs the embedded fonts: load them with loadLetterFonts first.');
    text = markMissing(text, fonts);
    face = unicodeFace(doc, fonts);
  }
  const layout = printLayout(text, face);
  for (const line of layout.positioned) {
    while (doc.getNumberOfPages() <= line.page) doc.addPage('letter');
    doc.setPage(line.page + 1);
    face.draw(line, layout.fontSize);
  }
  doc.setProperties({ title: words.pdfTitle(campaignTitle) });
  return { doc, layout, filename: letterPdfFilename(campaignTitle, words.pdfFileStem) };
}

/** The PDF of any letter: loads the embedded fonts it needs first (`readFont` for tests outside a browser). */
export async function renderLetterPdf(content: string, campaignTitle: string, readFont?: ReadFont, words: PdfWords = ENGLISH): Promise<LetterPdf> {
  if (!needsEmbeddedFonts(content)) return letterPdf(content, campaignTitle, undefined, words);
  const { loadLetterFonts } = await import('./letter-pdf/fonts');
  return letterPdf(content, campaignTitle, await loadLetterFonts(printableText(content), readFont), words);
}

/**
 * Saves the PDF through a Blob URL and an anchor placed inside the widget's own shadow root, so
 * nothing is added to the host page's document (jsPDF's save() appends to document.body).
 */
export async function downloadLetterPdf(content: string, campaignTitle: string, container: Node, words: PdfWords = ENGLISH) {
  const { doc, filename } = await renderLetterPdf(content, campaignTitle, undefined, words);
  const url = URL.createObjectURL(doc.output('blob'));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  container.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
