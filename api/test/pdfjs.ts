/**
 * A PDF read back by pdf.js (pdfjs-dist), the reader in Firefox and in many web viewers: its
 * structure tree page by page, with the text of each element's content, the text drawn outside
 * any tag, the outline and the metadata. A second, independent reading beside poppler's.
 */

/** A structure element of one page, with the text of its content on that page. */
export interface PdfjsElement {
  role: string;
  lang?: string;
  /** Its own content's text and its children's, in order. */
  text: string;
  children: PdfjsElement[];
}

export interface PdfjsReading {
  /** Each page's structure tree (its root's children). */
  pages: PdfjsElement[][];
  /** Text drawn in neither a tagged element nor an artifact, page by page: must be none. */
  untagged: string[][];
  /** Text drawn as artifacts, page by page. */
  artifacts: string[][];
  outline: { title: string; items: { title: string }[] }[];
  marked: boolean;
  /** XMP metadata, as pdf.js parsed it (null if it could not). */
  metadata: { get(name: string): unknown } | null;
  lang: string | null;
}

interface Node {
  role?: string;
  lang?: string;
  type?: string;
  id?: string;
  children?: Node[];
}

interface MarkedItem {
  type?: string;
  tag?: string;
  id?: string | null;
  str?: string;
  /** The line ends after it (pdf.js trims the space a line was broken at). */
  hasEOL?: boolean;
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();

export async function readWithPdfjs(pdf: Uint8Array): Promise<PdfjsReading> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const reading: PdfjsReading = { pages: [], untagged: [], artifacts: [], outline: [], marked: false, metadata: null, lang: null };
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent({ includeMarkedContent: true });
      // What each marked-content sequence holds, by the id the structure tree names it by.
      const byId = new Map<string, string>();
      const stack: MarkedItem[] = [];
      const untagged: string[] = [];
      const artifacts: string[] = [];
      for (const item of content.items as MarkedItem[]) {
        if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') stack.push(item);
        else if (item.type === 'endMarkedContent') stack.pop();
        else if (item.str !== undefined && item.str.trim()) {
          const str = item.hasEOL ? `${item.str}\n` : item.str;
          const owner = stack.findLast((m) => m.id || m.tag === 'Artifact');
          if (!owner) untagged.push(str);
          else if (owner.tag === 'Artifact') artifacts.push(str);
          else byId.set(owner.id!, `${byId.get(owner.id!) ?? ''}${str}`);
        }
      }
      const element = (node: Node): PdfjsElement => {
        const children: PdfjsElement[] = [];
        const texts: string[] = [];
        for (const c of node.children ?? []) {
          if (c.role) {
            const child = element(c);
            children.push(child);
            texts.push(child.text);
          } else {
            texts.push(byId.get(c.id ?? '') ?? '');
          }
        }
        return { role: node.role!, ...(node.lang ? { lang: node.lang } : {}), text: squeeze(texts.join(' ')), children };
      };
      const tree = (await page.getStructTree()) as Node | null;
      reading.pages.push((tree?.children ?? []).map(element));
      reading.untagged.push(untagged);
      reading.artifacts.push(artifacts);
    }
    const outline = (await doc.getOutline()) ?? [];
    reading.outline = outline.map((o) => ({ title: o.title, items: o.items.map((i) => ({ title: i.title })) }));
    const markInfo = await doc.getMarkInfo();
    reading.marked = markInfo?.Marked === true;
    const { metadata, info } = await doc.getMetadata();
    reading.metadata = metadata;
    reading.lang = ((info as Record<string, unknown>).Language as string | undefined) ?? null;
  } finally {
    await doc.destroy();
  }
  return reading;
}

/** Every element of a tree, depth first (reading order). */
export function* everyElement(elements: PdfjsElement[]): Generator<PdfjsElement> {
  for (const e of elements) {
    yield e;
    yield* everyElement(e.children);
  }
}
