import { artifact } from './structure';
import type { PacketText, TextStyle } from './text';

/** US Letter in points, 0.75 inch margins: the paper a US clerk's office prints on. */
export const PAGE = { width: 612, height: 792, margin: 54 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest baseline text may take; the footer sits below it. */
export const BOTTOM = PAGE.height - PAGE.margin;
const FOOTER_BASELINE = PAGE.height - 30;

export const INK = { text: '#111827', muted: '#4b5563', rule: '#d1d5db', late: '#b91c1c', lateFill: '#fef2f2', fill: '#f3f4f6' } as const;
const FOOTER: TextStyle = { size: 8, color: INK.muted, ltr: true };

/**
 * "<campaign> - <what> - page x of y" at the foot of every page still buffered (one letter's, or
 * the cover's), as pagination artifacts: a screen reader does not read it out on every page. The
 * campaign's title is cut to make room, never the numbers: cut once per packet (it is the same on
 * every page), to leave room for the longest `what` (e.g. "letter 10000 of 10000").
 */
export class Footers {
  private readonly title: string;

  constructor(
    private readonly text: PacketText,
    title: string,
    longestWhat: string,
  ) {
    // A point spare: a joined line must not measure a hair over and lose its numbers to the ellipsis.
    const room = CONTENT_WIDTH - text.width(` - ${longestWhat} - page 99 of 99`, FOOTER) - 1;
    this.title = text.fit(title, room, FOOTER);
  }

  draw(doc: PDFKit.PDFDocument, what: string): void {
    const { start, count } = doc.bufferedPageRange();
    for (let i = 0; i < count; i++) {
      doc.switchToPage(start + i);
      artifact(doc, () => this.text.drawLine(`${this.title} - ${what} - page ${i + 1} of ${count}`, PAGE.margin, FOOTER_BASELINE, FOOTER, CONTENT_WIDTH, 'center'), 'Pagination');
    }
  }
}

/** A hairline across the page: decoration, so an artifact. */
export function rule(doc: PDFKit.PDFDocument, y: number): void {
  artifact(doc, () => doc.save().moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).lineWidth(0.75).strokeColor(INK.rule).stroke().restore());
}

export const count = (n: number) => n.toLocaleString('en-US');
