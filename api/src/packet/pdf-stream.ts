import PDFDocument from 'pdfkit';
import { PACKET_PROGRESS_MARK } from '../contract';

/**
 * pdfkit writes each page out when it is flushed, but pushes into its stream whether or not anyone
 * is reading (its _read does nothing): a packet drawn faster than a slow client downloads it would
 * pile up in memory. This document lets its producer wait for the reader instead: `room()`
 * resolves at once while less than HIGH_WATER bytes wait to be read, else once the reader has
 * taken them (Node calls _read when the buffer has drained).
 */
const HIGH_WATER = 1 << 20;

export interface StreamedPdf {
  doc: PDFKit.PDFDocument;
  /** Waits while the reader is behind; false once the reader has gone (stop drawing). */
  room(): Promise<boolean>;
  /**
   * A progress mark, one PDF comment per letter (PACKET_PROGRESS_MARK): the admin's download reads
   * them as the bytes arrive to show how far the packet is. Comments are PDF syntax every reader
   * skips; they go through pdfkit's own writer (`_write`, the one internal method used here) so
   * the byte offsets in its cross-reference table stay right.
   */
  progress(done: number, total: number): void;
  /**
   * Drops pdfkit's layouts of the words drawn so far. pdfkit keeps every distinct word's glyph
   * run for the document's whole life (each embedded font's layoutCache, a private field: the
   * second internal used here), and a packet of letters has an unbounded vocabulary (names,
   * numbers, every supporter's own words): about a megabyte per thousand letters. Dropped every
   * few hundred letters, the common words are shaped again once and memory stays flat.
   */
  forgetWordLayouts(): void;
}

export function streamedPdf(options: PDFKit.PDFDocumentOptions): StreamedPdf {
  const doc = new PDFDocument(options);
  let wake: (() => void) | undefined;
  const resume = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  doc._read = resume;
  doc.once('close', resume);
  const internals = doc as unknown as { _write(data: string): void; _fontFamilies?: Record<string, { layoutCache?: object }> };
  return {
    doc,
    async room() {
      while (!doc.destroyed && doc.readableLength >= HIGH_WATER) await new Promise<void>((r) => (wake = r));
      return !doc.destroyed;
    },
    progress(done, total) {
      internals._write(`${PACKET_PROGRESS_MARK} ${done} of ${total}`);
    },
    forgetWordLayouts() {
      for (const font of Object.values(internals._fontFamilies ?? {})) {
        if (font.layoutCache) font.layoutCache = Object.create(null) as object;
      }
    },
  };
}
