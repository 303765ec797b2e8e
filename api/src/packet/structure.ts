/**
 * The packet's structure tree (PDF/UA-1): what a screen reader, a search index or a reflowing
 * reader takes the packet to be, beside what it looks like. Every piece of text is drawn inside an
 * element (H1, P, TD, ...) and everything else (rules, fills, page footers) as an artifact, which
 * PDF/UA requires of every mark on a page.
 *
 * Built on pdfkit's own structure elements. An element is written to the file as soon as it and
 * all its children are ended (pdfkit flushes it then), so each letter's elements leave memory with
 * the letter; only the letter's own element stays, as a reference in its section's list of kids.
 */

/** Standard structure types the packet uses (ISO 32000-1, 14.8.4). */
export type TagType = 'Document' | 'Sect' | 'Div' | 'BlockQuote' | 'H1' | 'H2' | 'H3' | 'P' | 'Table' | 'TR' | 'TH' | 'TD';

export interface TagOptions {
  /** A BCP 47 language tag for the element's text, where it is not the document's. */
  lang?: string;
  /** Which cells a header cell (TH) heads. */
  scope?: 'Row' | 'Column';
}

export class Tag {
  private constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly type: TagType,
    private readonly element: PDFKit.PDFStructureElement,
  ) {}

  /** The document's one top element, directly under the structure tree's root. */
  static root(doc: PDFKit.PDFDocument): Tag {
    const element = doc.struct('Document');
    doc.addStructure(element);
    return new Tag(doc, 'Document', element);
  }

  /** A new element, the last of this one's children (children are read in the order they are added). */
  child(type: TagType, options: TagOptions = {}): Tag {
    // pdfkit reads `scope` (a TH's Scope attribute) though its types do not list it.
    const element = this.doc.struct(type, options as PDFKit.Mixins.StructureElementOptions);
    this.element.add(element);
    return new Tag(this.doc, type, element);
  }

  /**
   * What `draw` draws is this element's content (one marked-content sequence; an element may have
   * several, read in order). Drawing may go on to a new page through doc.continueOnNewPage(), which
   * carries the sequence over. Content is added to the element once drawn, so the pages it
   * landed on are known to the structure tree.
   */
  draw(draw: () => void): this {
    const content = this.doc.markStructureContent(this.type);
    draw();
    this.doc.endMarkedContent();
    this.element.add(content);
    return this;
  }

  /** A child that holds what `draw` draws, ended at once: a heading, a paragraph, a cell. */
  leaf(type: TagType, draw: () => void, options?: TagOptions): void {
    this.child(type, options).draw(draw).end();
  }

  /** No more children or content: the element (and its children, if not yet) is written out. */
  end(): void {
    this.element.end();
  }
}

/**
 * Drawing that is not content: a rule, a fill behind text, a page's footer (`Pagination`, which
 * repeats on every page and a reader skips). It must not fall inside an element's content.
 */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
  doc.markContent('Artifact', type === 'Pagination' ? { type, attached: ['Bottom'] } : { type });
  draw();
  doc.endMarkedContent();
}
