import { INK, PAGE, type Flow } from './page';
import { artifact, type Tag } from './structure';
import type { PacketText, TextStyle } from './text';

export interface FlowColumn {
  head: string;
  width: number;
  align?: 'start' | 'end';
  style?: TextStyle;
  /** Its text's language, where it is not the document's (the organiser's words). */
  lang?: string;
}

const HEAD: TextStyle = { size: 8, color: INK.muted, ltr: true, bold: true };
const CELL: TextStyle = { size: 9, color: INK.text };
const GAP = 8;

/**
 * A table that runs over as many pages as its rows take: a header row of TH cells (scope Column),
 * then a TR a row whose first cell is its row's header (TH, scope Row). A cell's text wraps in its
 * column. On each further page the header row is drawn again as an artifact: it is the same
 * header, which a reader has already met.
 */
export function drawFlowTable(flow: Flow, text: PacketText, parent: Tag, columns: readonly FlowColumn[], rows: Iterable<string[]>, leading = 12): void {
  const lefts: number[] = [];
  let left = PAGE.margin;
  for (const c of columns) {
    lefts.push(left);
    left += c.width + GAP;
  }
  const table = parent.child('Table');
  const drawHead = () =>
    columns.forEach((c, i) => text.drawLine(c.head, lefts[i]!, flow.y, HEAD, c.width, c.align ?? 'start'));
  flow.room(leading * 3);
  const head = table.child('TR');
  columns.forEach((c, i) => head.leaf('TH', () => text.drawLine(c.head, lefts[i]!, flow.y, HEAD, c.width, c.align ?? 'start'), { scope: 'Column' }));
  head.end();
  flow.y += leading + 2;
  for (const cells of rows) {
    const wrapped = columns.map((c, i) => text.wrap(cells[i] ?? '', c.width, c.style ?? CELL));
    const height = Math.max(1, ...wrapped.map((w) => w.length)) * leading;
    // The row's first baseline is y; it needs its other lines below.
    const before = flow.y;
    flow.room(height - leading);
    if (flow.y < before) {
      artifact(flow.doc, drawHead, 'Pagination');
      flow.y += leading + 2;
    }
    const row = table.child('TR');
    columns.forEach((c, i) => {
      const lines = wrapped[i]!;
      const draw = () => lines.forEach((line, k) => text.draw(line, lefts[i]!, flow.y + k * leading, c.style ?? CELL, c.width, c.align ?? 'start'));
      row.leaf(i === 0 ? 'TH' : 'TD', draw, i === 0 ? { scope: 'Row', ...(c.lang ? { lang: c.lang } : {}) } : c.lang ? { lang: c.lang } : {});
    });
    row.end();
    flow.y += height;
  }
  table.end();
}
