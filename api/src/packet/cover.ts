import type { CampaignRow } from '../db/types';
import { BOTTOM, CONTENT_WIDTH, count, INK, PAGE, rule } from './page';
import type { PacketScope } from './render';
import { artifact, type Tag } from './structure';
import type { PacketSummary, Tally } from './summary';
import type { PacketText, TextStyle } from './text';
import { formatDay, formatTime } from './times';

export interface CoverContext {
  campaign: Pick<CampaignRow, 'title' | 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name' | 'language'>;
  scope: PacketScope;
  summary: Omit<PacketSummary, 'ids'>;
  madeAt: Date;
  offset: number;
}

const LABEL: TextStyle = { size: 9, color: INK.muted, ltr: true };
const VALUE: TextStyle = { size: 10, color: INK.text };
const ROW: TextStyle = { size: 9, color: INK.text };
const COLUMN_HEAD: TextStyle = { size: 8, color: INK.muted, ltr: true };
const ROW_HEIGHT = 13;
const GUTTER = 24;
const COLUMN = (CONTENT_WIDTH - GUTTER) / 2;

/**
 * The cover: what the packet is for (only the Public Comment fields the organiser set), how many
 * letters and signatures, when they came, and how they divide by perspective, place and talking
 * point. One page by construction: each table shows as many rows as fit, then "and N more".
 * Tagged as the document's first section: its title the H1, the labelled fields tables of row
 * headers, each tally an H2 over a table with a header row.
 */
export function drawCover(doc: PDFKit.PDFDocument, text: PacketText, root: Tag, c: CoverContext): void {
  const { campaign, scope, summary } = c;
  const x = PAGE.margin;
  const at = (d: Date) => formatTime(d, c.offset);
  doc.addPage();
  const sect = root.child('Sect');
  let y = PAGE.margin + 9;
  sect.leaf('P', () => text.drawLine('PUBLIC COMMENT LETTERS', x, y, { ...LABEL, bold: true }, CONTENT_WIDTH));
  y += 26;
  const titleStyle: TextStyle = { size: 20, bold: true, color: INK.text };
  // The organiser's words (the title, the talking points) are in the campaign's language; the
  // packet's own are English.
  const lang = campaign.language;
  sect.leaf(
    'H1',
    () => {
      for (const line of text.wrap(campaign.title, CONTENT_WIDTH, titleStyle).slice(0, 3)) {
        text.draw(line, x, y, titleStyle, CONTENT_WIDTH);
        y += 25;
      }
    },
    { lang },
  );

  const details: [string, string | null][] = [
    ['Decision body', campaign.decision_body],
    ['Jurisdiction', campaign.jurisdiction],
    ['Meeting date', campaign.meeting_date ? formatDay(campaign.meeting_date) : null],
    ['Agenda item', campaign.agenda_item_number],
    ['Project', campaign.project_name],
  ];
  y += 2;
  let fields: Tag | null = null;
  for (const [label, value] of details) {
    if (!value?.trim()) continue;
    field(label, value);
  }
  endFields();

  y += 8;
  const boxes: [string, string][] = [
    [count(summary.letters), summary.letters === 1 ? 'letter in this packet' : 'letters in this packet'],
    [count(summary.signatures), summary.signatures === 1 ? 'signature, same period' : 'signatures, same period'],
    scope.lateAfter ? [count(summary.late), 'late: after the deadline'] : ['-', 'late: no deadline set'],
  ];
  const boxWidth = (CONTENT_WIDTH - 2 * 12) / 3;
  boxes.forEach(([figure, caption], i) => {
    const bx = x + i * (boxWidth + 12);
    artifact(doc, () => doc.save().roundedRect(bx, y, boxWidth, 52, 4).fill(INK.fill).restore());
    // Figure and caption read as one sentence, "6 / letters in this packet": two sequences of one
    // paragraph, so a reader keeps them apart.
    sect
      .child('P')
      .draw(() => text.drawLine(figure, bx + 10, y + 27, { size: 20, bold: true, color: i === 2 && summary.late > 0 ? INK.late : INK.text, ltr: true }, boxWidth - 20))
      .draw(() => text.drawLine(caption, bx + 10, y + 42, LABEL, boxWidth - 20))
      .end();
  });
  y += 52 + 20;

  const window = scope.since
    ? `Submitted after ${at(new Date(scope.since))}, up to ${at(new Date(scope.until))}`
    : `All submitted up to ${at(new Date(scope.until))}`;
  field('Letters included', window);
  field('First submission', summary.first ? at(summary.first) : 'None');
  field('Last submission', summary.last ? at(summary.last) : 'None');
  if (scope.lateAfter) field('Comment deadline', `${at(new Date(scope.lateAfter))}; letters after it are marked LATE`);
  // What makes the count trustworthy, said where the count is: writers who proved the address theirs.
  if (summary.confirmedByEmail > 0) {
    const all = summary.confirmedByEmail === summary.letters;
    field('Confirmed by e-mail', `${all ? 'Every letter' : `${count(summary.confirmedByEmail)} of ${count(summary.letters)} letters`}: the writer followed a link sent to their own address`);
  }
  field('Packet made', at(c.madeAt));
  endFields();
  y += 4;
  rule(doc, y);
  y += 20;

  // Talking points across the page (each is a sentence), at most a third of what is left; then
  // perspective and ZIP code beside city.
  const of = summary.letters;
  const third = Math.floor((BOTTOM - y) / 3 / ROW_HEIGHT);
  y = table(text, sect, x, y, CONTENT_WIDTH, ['Talking points chosen', 'Talking point', summary.points, lang], Math.max(1, Math.min(summary.points.length, third)), of) + GAP;
  twoTables(text, sect, x, y, ['Letters by perspective', 'Perspective', summary.perspectives], ['Letters by ZIP code', 'ZIP code', summary.zips], of);
  table(text, sect, x + COLUMN + GUTTER, y, COLUMN, ['Letters by city', 'City', summary.cities], rowsBelow(y), of);
  sect.end();

  /** A labelled value, a row of a table whose header cells are the labels. */
  function field(label: string, value: string) {
    fields ??= sect.child('Table');
    const row = fields.child('TR');
    row.leaf('TH', () => text.drawLine(label, x, y, LABEL, 110), { scope: 'Row' });
    row.leaf('TD', () => text.drawLine(value, x + 115, y, VALUE, CONTENT_WIDTH - 115));
    row.end();
    y += 15;
  }
  function endFields() {
    fields?.end();
    fields = null;
  }
}

/** A tally's heading, the header of its label column, its rows, and its labels' language when they are the organiser's words. */
type Table = [heading: string, column: string, rows: Tally[], lang?: string];
const TITLE = 18;
/** The row of column headers under a table's heading. */
const COLUMN_HEADS = 12;
/** What a table takes above its rows. */
const HEADING = TITLE + COLUMN_HEADS;
const GAP = 14;

/** Table rows that fit between y (a heading first) and the page's bottom. */
const rowsBelow = (y: number, headings = 1, gaps = 0) => Math.floor((BOTTOM - y - headings * HEADING - gaps * GAP) / ROW_HEIGHT);

/** Two tables one above the other in a column, sharing the rows that fit down to the page's bottom. */
function twoTables(text: PacketText, parent: Tag, x: number, top: number, a: Table, b: Table, of: number): void {
  const need = (t: Table) => Math.max(1, t[2].length);
  const [ra, rb] = share(rowsBelow(top, 2, 1), need(a), need(b));
  const y = table(text, parent, x, top, COLUMN, a, ra, of) + GAP;
  table(text, parent, x, y, COLUMN, b, rb, of);
}

/** Rows for two tables: each what it needs when both fit, else the space split between them. */
function share(available: number, a: number, b: number): [number, number] {
  if (a + b <= available) return [a, b];
  const half = Math.floor(available / 2);
  if (a <= half) return [a, available - a];
  if (b <= half) return [available - b, b];
  return [half, available - half];
}

/**
 * A heading, a row of column headers and at most `rows` lines of label, count and share of the
 * letters; when the tally is longer, a line below says how many more and how many letters they
 * hold. Tagged as an H2 and a table whose labels are row headers. Returns the y below it.
 */
function table(text: PacketText, parent: Tag, x: number, top: number, width: number, [heading, column, tallies, lang]: Table, rows: number, of: number): number {
  let y = top + 9;
  parent.leaf('H2', () => text.drawLine(heading, x, y, { size: 10, bold: true, color: INK.text, ltr: true }, width));
  y += TITLE;
  if (tallies.length === 0) {
    parent.leaf('P', () => text.drawLine('None', x, y, { ...ROW, color: INK.muted }, width));
    return y + ROW_HEIGHT - 9;
  }
  const shown = tallies.length <= rows ? tallies : tallies.slice(0, Math.max(0, rows - 1));
  // With room for no row, only the line below: a table of headers alone says nothing.
  if (shown.length > 0) {
    const t = parent.child('Table');
    const head = t.child('TR');
    head.leaf('TH', () => text.drawLine(column, x, y, COLUMN_HEAD, width - 82), { scope: 'Column' });
    head.leaf('TH', () => text.drawLine('Letters', x + width - 78, y, COLUMN_HEAD, 44, 'end'), { scope: 'Column' });
    head.leaf('TH', () => text.drawLine('Share', x + width - 30, y, COLUMN_HEAD, 30, 'end'), { scope: 'Column' });
    head.end();
    y += COLUMN_HEADS;
    for (const tally of shown) {
      const row = t.child('TR');
      row.leaf('TH', () => text.drawLine(tally.label, x, y, ROW, width - 82), { scope: 'Row', lang });
      row.leaf('TD', () => text.drawLine(count(tally.count), x + width - 78, y, { ...ROW, ltr: true }, 44, 'end'));
      row.leaf('TD', () => text.drawLine(`${of ? Math.round((tally.count / of) * 100) : 0}%`, x + width - 30, y, { ...ROW, color: INK.muted, ltr: true }, 30, 'end'));
      row.end();
      y += ROW_HEIGHT;
    }
    t.end();
  }
  const rest = tallies.slice(shown.length);
  if (rest.length > 0) {
    const letters = rest.reduce((n, t) => n + t.count, 0);
    parent.leaf('P', () => text.drawLine(`and ${count(rest.length)} more (${count(letters)} ${letters === 1 ? 'letter' : 'letters'})`, x, y, { ...ROW, color: INK.muted, ltr: true }, width));
    y += ROW_HEIGHT;
  }
  return y - 9;
}
