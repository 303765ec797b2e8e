import type { PacketDocument } from './pdf-document';
import { artifact } from './structure';
import type { PacketText, TextStyle } from './text';

/** US Letter in points, 0.75 inch margins: the paper a US clerk's office prints on. */
export const PAGE = { width: 612, height: 792, margin: 54 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lowest baseline text may take; the footer sits below it. */
export const BOTTOM = PAGE.height - PAGE.margin;
/** The first baseline of a page's text at 9 pt. */
export const TOP = PAGE.margin + 9;
const FOOTER_BASELINE = PAGE.height - 30;

export const INK = { text: '#111827', muted: '#4b5563', rule: '#d1d5db', late: '#b91c1c', lateFill: '#fef2f2', fill: '#f3f4f6' } as const;
const FOOTER: TextStyle = { size: 8, color: INK.muted, ltr: true };

/**
 * The packet's pages, filled top to bottom. Pages stay buffered while an element runs across
 * them (a long letter); between elements each buffered page behind the current one gets its footer,
 * "<campaign> - page n", as a pagination artifact (a screen reader does not read it out on every
 * page), and is written out and let go of, so memory holds a page or two whatever the packet's
 * length. The total is not printed: the packet is streamed before it is known.
 */
export class Flow {
  /** The next baseline on the current page. */
  y = TOP;
  private readonly title: string;

  constructor(
    private readonly out: PacketDocument,
    private readonly text: PacketText,
    title: string,
  ) {
    // A point spare: a joined line must not measure a hair over and lose its number to the ellipsis.
    const room = CONTENT_WIDTH - text.width(' - page 99999', FOOTER) - 1;
    this.title = text.fit(title, room, FOOTER);
  }

  get doc(): PDFKit.PDFDocument {
    return this.out.doc;
  }

  /** A new page, outside any element's content: the pages before it are footed and written. */
  newPage(): void {
    if (this.doc.bufferedPageRange().count > 0) this.writePages();
    this.doc.addPage();
    this.y = TOP;
  }

  /** A new page unless `height` fits below y (outside content). */
  room(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  /** Inside content: a line at y that is past the bottom goes to a new page, carrying the content's marking over. */
  lineBreakIfFull(top = TOP): void {
    if (this.y > BOTTOM) {
      this.doc.continueOnNewPage();
      this.y = top;
    }
  }

  /** Feet on every buffered page, then written out. */
  writePages(): void {
    this.foot(this.doc.bufferedPageRange().count);
    this.doc.flushPages();
    this.out.releaseWrittenPages();
  }

  /**
   * Between two elements (outside any content): the pages a long element ran over, behind the
   * current one, are footed and written out; the current page stays open for what comes next.
   */
  writePagesBehind(): void {
    const { start, count } = this.doc.bufferedPageRange();
    if (count < 2) return;
    this.foot(count - 1);
    this.doc.switchToPage(start + count - 1);
    this.out.writePagesBehind();
    this.out.releaseWrittenPages();
  }

  /** See PacketDocument.forgetWordLayouts: for a long run of words each drawn once (the appendix's digests). */
  forgetWordLayouts(): void {
    this.out.forgetWordLayouts();
  }

  /** A footer on the first `pages` buffered pages. */
  private foot(pages: number): void {
    const { start } = this.doc.bufferedPageRange();
    for (let i = 0; i < pages; i++) {
      this.doc.switchToPage(start + i);
      const at = `${this.title} - page ${start + i + 1}`;
      artifact(this.doc, () => this.text.drawLine(at, PAGE.margin, FOOTER_BASELINE, FOOTER, CONTENT_WIDTH, 'center'), 'Pagination');
    }
  }
}

/** A hairline across the page: decoration, so an artifact. */
export function rule(doc: PDFKit.PDFDocument, y: number): void {
  artifact(doc, () => doc.save().moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).lineWidth(0.75).strokeColor(INK.rule).stroke().restore());
}

