import { CONTENT_WIDTH, PAGE, type Flow } from './page';
import type { Tag, TagOptions, TagType } from './structure';
import type { PacketText, TextStyle } from './text';

export interface ProseOptions {
  /** The element that holds the paragraphs ('Div' for a letter's text, 'BlockQuote' for a quote), made with the first. */
  container: TagType;
  /** Its text's language, where it is not the document's. */
  lang?: string;
  x?: number;
  width?: number;
  leading: number;
}

/**
 * Text a person wrote, from y down: a P for each of its paragraphs, wrapped (text.ts keeps a
 * paragraph's lines together), going on to new pages as it needs (the open paragraph's marking
 * carried over). Blank lines are space between paragraphs, not elements. Returns whether
 * anything was drawn.
 */
export function drawProse(flow: Flow, text: PacketText, parent: Tag, content: string, style: TextStyle, o: ProseOptions): boolean {
  const x = o.x ?? PAGE.margin;
  const width = o.width ?? CONTENT_WIDTH;
  const lines = text.wrap(content.trim(), width, style);
  let container: Tag | undefined;
  for (let i = 0; i < lines.length; ) {
    // One paragraph's lines; an empty one is only space between others.
    let end = i + 1;
    while (end < lines.length && lines[end]!.paragraph === lines[i]!.paragraph) end++;
    const paragraph = lines.slice(i, end);
    const empty = paragraph.every((l) => l.end <= l.start);
    const drawLines = () => {
      for (const line of paragraph) {
        flow.lineBreakIfFull(PAGE.margin + style.size);
        if (!empty) text.draw(line, x, flow.y, style, width);
        flow.y += o.leading;
      }
    };
    if (empty) drawLines();
    else {
      const options: TagOptions = o.lang ? { lang: o.lang } : {};
      (container ??= parent.child(o.container, options)).leaf('P', drawLines);
    }
    i = end;
  }
  container?.end();
  return container !== undefined;
}
