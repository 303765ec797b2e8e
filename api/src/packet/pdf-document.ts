import PDFDocument from 'pdfkit';
import { PACKET_PROGRESS_MARK } from '../contract';

/**
 * A pdfkit document with the three things a long packet needs that pdfkit has no public API for.
 * Each reaches one pdfkit internal, named where it is used; the packet's tests read the result
 * back with poppler and the bench measures its memory, so a pdfkit change that breaks one shows.
 */
export interface PacketDocument {
  doc: PDFKit.PDFDocument;
  /**
   * A progress mark, one PDF comment per letter (PACKET_PROGRESS_MARK): the admin's download reads
   * them as the bytes arrive to show how far the packet is. Comments are PDF syntax every reader
   * skips; they go through pdfkit's own writer (`_write`) so the byte offsets in its
   * cross-reference table stay right.
   */
  progress(done: number, total: number): void;
  /**
   * Drops pdfkit's layouts of the words drawn so far. pdfkit keeps every distinct word's glyph
   * run for the document's whole life (each embedded font's `layoutCache`), and a packet of
   * letters has an unbounded vocabulary (names, numbers, every supporter's own words). Dropped
   * every few hundred letters, the common words are shaped again once and memory stays flat.
   */
  forgetWordLayouts(): void;
  /**
   * Lets go of the pages written so far. pdfkit keeps every page's dictionary (its page tree lists
   * them all at the end) and with it the page's content and resources objects, about 4 KB a page.
   * Once a page is written only the dictionary's object number is needed, so its `data` is emptied.
   */
  releaseWrittenPages(): void;
}

export function packetDocument(options: PDFKit.PDFDocumentOptions): PacketDocument {
  const doc = new PDFDocument(options);
  const internals = doc as unknown as { _write(data: string): void; _fontFamilies?: Record<string, { layoutCache?: object }> };
  const pages: { data: unknown }[] = [];
  doc.on('pageAdded', () => pages.push(doc.page.dictionary as unknown as { data: unknown }));
  return {
    doc,
    progress(done, total) {
      internals._write(`${PACKET_PROGRESS_MARK} ${done} of ${total}`);
    },
    forgetWordLayouts() {
      for (const font of Object.values(internals._fontFamilies ?? {})) {
        if (font.layoutCache) font.layoutCache = Object.create(null) as object;
      }
    },
    releaseWrittenPages() {
      // The pages still buffered (the last `count` added) are not written yet.
      const { count } = doc.bufferedPageRange();
      for (const dictionary of pages.splice(0, pages.length - count)) dictionary.data = {};
    },
  };
}
