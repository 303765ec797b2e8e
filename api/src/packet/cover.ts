import { count } from '../contract/counted';
import { coverFields, coverFigures, coverTallies, type CoverContext } from './cover-content';
import { drawFlowTable } from './flow-table';
import { CONTENT_WIDTH, INK, PAGE, rule, type Flow } from './page';
import { drawProse } from './prose';
import { artifact, type Tag } from './structure';
import type { PacketText, TextStyle } from './text';
import { countingNotes, HEADINGS } from './words';

const LABEL: TextStyle = { size: 9, color: INK.muted, ltr: true };
const VALUE: TextStyle = { size: 10, color: INK.text };
const NOTE: TextStyle = { size: 9, color: INK.text };
const LABEL_WIDTH = 110;

/**
 * The cover: what the packet is for, its three figures, how they were counted (confirmation, what
 * was left out and why, repeats), then the letters by position, residency and district (or city).
 * Runs onto a second page when its tables need it. Tagged as the document's first section: the
 * campaign's title the H1, the labelled facts a table of row headers, each tally an H2 over a table
 * with a header row.
 */
export function drawCover(flow: Flow, text: PacketText, root: Tag, c: CoverContext): void {
  const { doc } = flow;
  const { campaign, summary } = c;
  const x = PAGE.margin;
  const sect = root.child('Sect');
  sect.leaf('P', () => text.drawLine('PUBLIC COMMENT LETTERS', x, flow.y, { ...LABEL, bold: true }, CONTENT_WIDTH));
  flow.y += 26;
  const titleStyle: TextStyle = { size: 20, bold: true, color: INK.text };
  // The organiser's words (the title, the ask) are in the campaign's language; the packet's own are English.
  const lang = campaign.language;
  sect.leaf('H1', () => {
    for (const line of text.wrap(campaign.title, CONTENT_WIDTH, titleStyle).slice(0, 3)) {
      text.draw(line, x, flow.y, titleStyle, CONTENT_WIDTH);
      flow.y += 25;
    }
  }, { lang });

  // What the packet is for, its three figures, then what it holds.
  const fields = coverFields(c);
  const split = fields.findIndex(([label]) => label === 'Letters included');
  fieldTable(fields.slice(0, split));
  figures();
  fieldTable(fields.slice(split));
  flow.y += 6;
  rule(doc, flow.y);
  flow.y += 22;

  sect.leaf('H2', () => text.drawLine(HEADINGS.counting, x, flow.y, { size: 10, bold: true, color: INK.text, ltr: true }, CONTENT_WIDTH));
  flow.y += 16;
  for (const note of countingNotes(summary)) {
    drawProse(flow, text, sect, note, NOTE, { container: 'Div', leading: 12.5 });
    flow.y += 4;
  }
  flow.y += 10;

  for (const t of coverTallies(summary)) {
    flow.room(60);
    sect.leaf('H2', () => text.drawLine(t.heading, x, flow.y, { size: 10, bold: true, color: INK.text, ltr: true }, CONTENT_WIDTH));
    flow.y += 16;
    const of = summary.letters;
    const rows = [...t.rows, ...(t.more ? [t.more] : [])].map((r) => [r.label, count(r.count), `${of ? Math.round((r.count / of) * 100) : 0}%`]);
    if (rows.length === 0) rows.push(['None', '0', '0%']);
    drawFlowTable(flow, text, sect, [
      { head: t.column, width: CONTENT_WIDTH - 60 - 40 - 16 },
      { head: 'Letters', width: 60, align: 'end' },
      { head: 'Share', width: 40, align: 'end' },
    ], rows, 13);
    flow.y += 14;
  }
  sect.end();

  /** Labelled values: a table whose rows' header cells are the labels. */
  function fieldTable(rows: [string, string][]) {
    if (rows.length === 0) return;
    const table = sect.child('Table');
    for (const [label, value] of rows) {
      const row = table.child('TR');
      row.leaf('TH', () => text.drawLine(label, x, flow.y, LABEL, LABEL_WIDTH), { scope: 'Row' });
      const lines = text.wrap(value, CONTENT_WIDTH - LABEL_WIDTH - 5, VALUE).slice(0, 3);
      row.leaf('TD', () => lines.forEach((line, k) => text.draw(line, x + LABEL_WIDTH + 5, flow.y + k * 13, VALUE, CONTENT_WIDTH - LABEL_WIDTH - 5)), label === 'The ask' ? { lang } : {});
      row.end();
      flow.y += 2 + lines.length * 13;
    }
    table.end();
  }

  /** The three figures in boxes, between what the packet is for and what it holds. */
  function figures() {
    flow.y += 6;
    const boxWidth = (CONTENT_WIDTH - 2 * 12) / 3;
    const top = flow.y;
    coverFigures(summary).forEach(([figure, caption], i) => {
      const bx = x + i * (boxWidth + 12);
      artifact(doc, () => doc.save().roundedRect(bx, top, boxWidth, 52, 4).fill(INK.fill).restore());
      // Figure and caption read as one sentence, "6 / letters in this packet": two sequences of one
      // paragraph, so a reader keeps them apart.
      sect
        .child('P')
        .draw(() => text.drawLine(figure, bx + 10, top + 27, { size: 20, bold: true, color: INK.text, ltr: true }, boxWidth - 20))
        .draw(() => text.drawLine(caption, bx + 10, top + 42, LABEL, boxWidth - 20))
        .end();
    });
    flow.y += 52 + 20;
  }
}
