import { BOTTOM, INK, PAGE, type Flow } from './page';
import type { Tag } from './structure';
import type { PacketText, TextStyle } from './text';

export interface FlowColumn {
  head: string;
  width: number;
  align?: 'start' | 'end';
  style?: TextStyle;
  /** Its text's language, where it is not the document's (the organiser's words). */
  lang?: string;
  /** One line, cut with an ellipsis if wider (no wrapping to lay out): an id, a time, a digest. */
  oneLine?: true;
}

const HEAD: TextStyle = { size: 8, color: INK.muted, ltr: true, bold: true };
const CELL: TextStyle = { size: 9, color: INK.text };
const GAP = 8;

/**
 * A table that runs over as many pages as its rows take: a header row of TH cells (scope Column),
 * then a TR a row whose first cell is its row's header (TH, scope Row). A cell's text wraps in its
 * column. Each page's rows are a table of their own under the same header row: a reader who opens
 * page 120 of the appendix meets its header there, and each table is written out (and leaves
 * memory) with its page, however many rows there are.
 */
export function drawFlowTable(flow: Flow, text: PacketText, parent: Tag, columns: readonly FlowColumn[], rows: Iterable<string[]>, leading = 12): void {
  const lefts: number[] = [];
  let left = PAGE.margin;
  for (const c of columns) {
    lefts.push(left);
    left += c.width + GAP;
  }
  const startTable = () => {
    const table = parent.child('Table');
    const head = table.child('TR');
    columns.forEach((c, i) => head.leaf('TH', () => text.drawLine(c.head, lefts[i]!, flow.y, HEAD, c.width, c.align ?? 'start'), { scope: 'Column' }));
    head.end();
    flow.y += leading + 2;
    return table;
  };
  flow.room(leading * 3);
  let table = startTable();
  for (const cells of rows) {
    const wrapped = columns.map((c, i) => (c.oneLine ? null : text.wrap(cells[i] ?? '', c.width, c.style ?? CELL)));
    const height = Math.max(1, ...wrapped.map((w) => w?.length ?? 1)) * leading;
    // The row's first baseline is y; it needs its other lines below.
    if (flow.y + height - leading > BOTTOM) {
      table.end();
      flow.newPage();
      // Ids, times and digests are words drawn once: pdfkit would keep each one's layout.
      flow.forgetWordLayouts();
      table = startTable();
    }
    const row = table.child('TR');
    columns.forEach((c, i) => {
      const lines = wrapped[i];
      const style = c.style ?? CELL;
      const draw = lines
        ? () => lines.forEach((line, k) => text.draw(line, lefts[i]!, flow.y + k * leading, style, c.width, c.align ?? 'start'))
        : () => text.drawLine(cells[i] ?? '', lefts[i]!, flow.y, style, c.width, c.align ?? 'start');
      row.leaf(i === 0 ? 'TH' : 'TD', draw, i === 0 ? { scope: 'Row', ...(c.lang ? { lang: c.lang } : {}) } : c.lang ? { lang: c.lang } : {});
    });
    row.end();
    flow.y += height;
  }
  table.end();
}
