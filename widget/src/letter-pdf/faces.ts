import type { jsPDF } from 'jspdf';
import type { LetterFace, PdfFont, PositionedLine } from '@dais/api/contract';
import { fontFor } from './coverage';
import type { LoadedLetterFont } from './fonts';
import { AS_DRAWN, shapeArabic, visualOrder, type VisualChar } from './shaping';

/** A typeface the PDF is set in: how wide a text is (for the layout) and how a laid-out line is drawn. */
export interface PrintFace extends LetterFace {
  draw(line: PositionedLine, size: number): void;
}

/** Section 9's own: one of the standard PDF fonts, measured and drawn by jsPDF as it is. */
export function standardFace(doc: jsPDF, font: PdfFont): PrintFace {
  return {
    name: font,
    width(text, size) {
      doc.setFont(font, 'normal');
      doc.setFontSize(size);
      return doc.getTextWidth(text);
    },
    draw(line, size) {
      doc.setFont(font, 'normal');
      doc.setFontSize(size);
      doc.text(line.text, line.x, line.y);
    },
  };
}

const MM_PER_POINT = 25.4 / 72;

/**
 * The embedded Unicode fonts, each character in the first of `fonts` that has it (the text holds
 * no other: see markMissing). A line is shaped (Arabic), put in display order (bidi), and drawn run
 * by run; a right-to-left run is drawn one glyph at a time from its right end, so the PDF holds it
 * in reading order and text extraction (pdftotext, copy and paste, screen readers) reads it right.
 */
export function unicodeFace(doc: jsPDF, fonts: readonly LoadedLetterFont[]): PrintFace {
  for (const font of fonts) {
    doc.addFileToVFS(`${font.id}.ttf`, font.binary);
    doc.addFont(`${font.id}.ttf`, font.id, 'normal', 'normal', 'Identity-H');
  }
  const fontOf = (ch: string) => (fontFor(fonts, ch.charCodeAt(0)) ?? fonts[0]!).id;
  /** Advance widths in em, per character: the layout measures every candidate line. */
  const ems = new Map<string, number>();
  const em = (ch: string) => {
    let w = ems.get(ch);
    if (w === undefined) {
      doc.setFont(fontOf(ch), 'normal');
      w = doc.getStringUnitWidth(ch);
      ems.set(ch, w);
    }
    return w;
  };
  const shapedWidth = (shaped: string, size: number) => {
    let sum = 0;
    for (const ch of shaped) sum += em(ch);
    return sum * size * MM_PER_POINT;
  };
  const put = (text: string, x: number, y: number, size: number) => {
    doc.setFont(fontOf(text), 'normal');
    doc.setFontSize(size);
    doc.text(text, x, y, AS_DRAWN);
  };

  return {
    name: 'noto-sans',
    width: (text, size) => shapedWidth(shapeArabic(text), size),
    draw(line, size) {
      const chars = visualOrder(shapeArabic(line.text), line.rtl);
      let x = line.x;
      for (const run of directionRuns(chars)) {
        const text = run.map((c) => c.ch).join('');
        const runWidth = shapedWidth(text, size);
        if (run[0]!.rtl) {
          let right = x + runWidth;
          for (const { ch } of [...run].reverse()) {
            right -= shapedWidth(ch, size);
            put(ch, right, line.y, size);
          }
        } else {
          let left = x;
          for (const part of fontRuns(text, fontOf)) {
            put(part, left, line.y, size);
            left += shapedWidth(part, size);
          }
        }
        x += runWidth;
      }
    },
  };
}

function directionRuns(chars: VisualChar[]): VisualChar[][] {
  const runs: VisualChar[][] = [];
  for (const c of chars) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.rtl === c.rtl) last.push(c);
    else runs.push([c]);
  }
  return runs;
}

function fontRuns(text: string, fontOf: (ch: string) => string): string[] {
  const runs: string[] = [];
  let font = '';
  for (const ch of text) {
    const f = fontOf(ch);
    if (runs.length > 0 && f === font) runs[runs.length - 1] += ch;
    else runs.push(ch);
    font = f;
  }
  return runs;
}
