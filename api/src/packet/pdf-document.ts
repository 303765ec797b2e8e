import type * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { PACKET_PROGRESS_MARK } from '../contract/packet-text';

/**
 * A pdfkit document with the things a long tagged packet needs that pdfkit has no public API for.
 * Each reaches pdfkit internals, named where they are used; the packet's tests read the result
 * back with poppler and pdf.js and the bench measures its memory, so a pdfkit change that breaks
 * one shows.
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
   * In a tagged document each page also has an entry in the structure tree's parent tree (which
   * element each of its marked-content sequences belongs to): pdfkit keeps them all, an array of
   * element references a page, until doc.end(). Each written page's array is written out here as
   * an object of its own and the tree keeps only a reference to it (a number tree's value may be
   * an indirect object), so the elements it named can go.
   */
  releaseWrittenPages(): void;
  /**
   * Writes out every buffered page but the current one. pdfkit's flushPages writes them all, the
   * page still being drawn on too; a packet's letters run on from page to page, so the pages
   * behind the current one are finished while it is not. The same steps as flushPages
   * (`_pageBuffer`, `_pageBufferStart`), for all but the last page.
   */
  writePagesBehind(): void;
  /**
   * An outline entry (bookmark) over a run of entries added one by one, as the letters are drawn.
   * pdfkit's outline keeps every entry, its title and destination, until doc.end() links them;
   * these are linked and written as they come (an entry once the next is known: it names it as
   * Next), and the group's entry, closed, gets its first, last and count at end().
   */
  bookmarks(title: string, page: PDFKit.PDFPage): Bookmarks;
}

export interface Bookmarks {
  /** The next entry, opening `page` whole. */
  add(title: string, page: PDFKit.PDFPage): void;
  /** Before doc.end(). */
  end(): void;
}

/**
 * The fontkit font pdfkit opened for a registered face (selecting it): pdfkit keeps it as its
 * embedded font's `font`. plain-layout.ts changes how it lays out numbers.
 */
export function openedFont(doc: PDFKit.PDFDocument, face: string): fontkit.Font {
  doc.font(face);
  return (doc as unknown as { _font: { font: fontkit.Font } })._font.font;
}

/** pdfkit's internals that these reach, as pdfkit 0.20 names them. */
interface Internals {
  _write(data: string): void;
  _pageBuffer: { end(): void }[];
  _pageBufferStart: number;
  endPageMarkings(page: unknown): void;
  _fontFamilies?: Record<string, { layoutCache?: object }>;
  _addInfo(): void;
  getStructParentTree(): { _items: Record<number, unknown> };
}
interface Reference {
  data: Record<string, unknown>;
  end(): void;
}

/** '&', '<' and '>' as XML text. */
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page's whole view: the destination of a bookmark. */
const whole = (page: PDFKit.PDFPage) => [page.dictionary, 'Fit'];

export function packetDocument(options: PDFKit.PDFDocumentOptions): PacketDocument {
  const doc = new PDFDocument(options);
  const internals = doc as unknown as Internals;
  const ref = (data: object) => doc.ref(data) as unknown as Reference;

  // pdfkit copies the document's title, author and subject into its XMP metadata as they are, and
  // a campaign called "Parks & Trails" would make that XML unreadable; PDF/UA needs the title there.
  const addInfo = internals._addInfo.bind(doc);
  internals._addInfo = () => {
    const info = doc.info as Record<string, unknown>;
    const kept = { ...info };
    for (const [key, value] of Object.entries(info)) if (typeof value === 'string') info[key] = xmlText(value);
    addInfo();
    Object.assign(info, kept);
  };

  const pages: { data: Record<string, unknown> }[] = [];
  doc.on('pageAdded', () => pages.push(doc.page.dictionary as unknown as { data: Record<string, unknown> }));
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
      for (const dictionary of pages.splice(0, pages.length - count)) {
        // Only a page with tagged content has a key in the parent tree.
        const key = dictionary.data.StructParents;
        if (typeof key === 'number') {
          const entries = internals.getStructParentTree()._items;
          const elements = entries[key];
          if (Array.isArray(elements)) {
            const written = ref(elements);
            written.end();
            // Written: only its object number is needed now, not the elements it names.
            written.data = {};
            entries[key] = written;
          }
        }
        dictionary.data = {};
      }
    },
    writePagesBehind() {
      const behind = internals._pageBuffer.splice(0, internals._pageBuffer.length - 1);
      internals._pageBufferStart += behind.length;
      for (const page of behind) {
        internals.endPageMarkings(page);
        page.end();
      }
    },
    bookmarks(title, page) {
      // pdfkit's own entry for the group (so pdfkit writes the outline's root), closed (Count < 0).
      const group = doc.outline.addItem(title) as unknown as { outlineData: Record<string, unknown>; dictionary: unknown };
      group.outlineData.Dest = whole(page);
      let first: Reference | undefined;
      let last: Reference | undefined;
      let count = 0;
      // Once written, an entry is only its object number to the others (its Prev would otherwise
      // hold every entry before it).
      const written = (entry: Reference) => {
        entry.end();
        entry.data = {};
      };
      return {
        add(title, page) {
          const entry = ref({ Title: new String(title), Parent: group.dictionary, Dest: whole(page) });
          if (last) {
            entry.data.Prev = last;
            last.data.Next = entry;
            written(last);
          } else {
            first = entry;
          }
          last = entry;
          count++;
        },
        end() {
          if (!last) return;
          written(last);
          Object.assign(group.outlineData, { First: first, Last: last, Count: -count });
          last = undefined;
        },
      };
    },
  };
}
