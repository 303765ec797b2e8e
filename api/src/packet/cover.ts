import type { CampaignRow } from '../db/types';
import { BOTTOM, CONTENT_WIDTH, count, INK, PAGE, rule } from './page';
import type { PacketScope } from './render';
import type { PacketSummary, Tally } from './summary';
import type { PacketText, TextStyle } from './text';
import { formatDay, formatTime } from './times';

export interface CoverContext {
  campaign: Pick<CampaignRow, 'title' | 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name'>;
  scope: PacketScope;
  summary: Omit<PacketSummary, 'ids'>;
  madeAt: Date;
  offset: number;
}

const LABEL: TextStyle = { size: 9, color: INK.muted, ltr: true };
const VALUE: TextStyle = { size: 10, color: INK.text };
const ROW: TextStyle = { size: 9, color: INK.text };
const ROW_HEIGHT = 13;
const GUTTER = 24;
const COLUMN = (CONTENT_WIDTH - GUTTER) / 2;

/**
 * The cover: what the packet is for (only the Public Comment fields the organiser set), how many
 * letters and signatures, when they came, and how they divide by perspective, place and talking
 * point. One page by construction: each table shows as many rows as fit, then "and N more".
 */
export function drawCover(doc: PDFKit.PDFDocument, text: PacketText, c: CoverContext): void {
  const { campaign, scope, summary } = c;
  const x = PAGE.margin;
  const at = (d: Date) => formatTime(d, c.offset);
  doc.addPage();
  let y = PAGE.margin + 9;
  text.drawLine('PUBLIC COMMENT LETTERS', x, y, { ...LABEL, bold: true }, CONTENT_WIDTH);
  y += 26;
  const titleStyle: TextStyle = { size: 20, bold: true, color: INK.text };
  for (const line of text.wrap(campaign.title, CONTENT_WIDTH, titleStyle).slice(0, 3)) {
    text.draw(line, x, y, titleStyle, CONTENT_WIDTH);
    y += 25;
  }

  const details: [string, string | null][] = [
    ['Decision body', campaign.decision_body],
    ['Jurisdiction', campaign.jurisdiction],
    ['Meeting date', campaign.meeting_date ? formatDay(campaign.meeting_date) : null],
    ['Agenda item', campaign.agenda_item_number],
    ['Project', campaign.project_name],
  ];
  y += 2;
  for (const [label, value] of details) {
    if (!value?.trim()) continue;
    field(label, value);
  }

  y += 8;
  const boxes: [string, string][] = [
    [count(summary.letters), summary.letters === 1 ? 'letter in this packet' : 'letters in this packet'],
    [count(summary.signatures), summary.signatures === 1 ? 'signature, same period' : 'signatures, same period'],
    scope.lateAfter ? [count(summary.late), 'late: after the deadline'] : ['-', 'late: no deadline set'],
  ];
  const boxWidth = (CONTENT_WIDTH - 2 * 12) / 3;
  boxes.forEach(([figure, caption], i) => {
    const bx = x + i * (boxWidth + 12);
    doc.save().roundedRect(bx, y, boxWidth, 52, 4).fill(INK.fill).restore();
    text.drawLine(figure, bx + 10, y + 27, { size: 20, bold: true, color: i === 2 && summary.late > 0 ? INK.late : INK.text, ltr: true }, boxWidth - 20);
    text.drawLine(caption, bx + 10, y + 42, LABEL, boxWidth - 20);
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
  y += 4;
  rule(doc, y);
  y += 20;

  // Talking points across the page (each is a sentence), at most a third of what is left; then
  // perspective and ZIP code beside city.
  const of = summary.letters;
  const third = Math.floor((BOTTOM - y) / 3 / ROW_HEIGHT);
  y = table(text, x, y, CONTENT_WIDTH, ['Talking points chosen', summary.points], Math.max(1, Math.min(summary.points.length, third)), of) + GAP;
  twoTables(text, x, y, ['Letters by perspective', summary.perspectives], ['Letters by ZIP code', summary.zips], of);
  table(text, x + COLUMN + GUTTER, y, COLUMN, ['Letters by city', summary.cities], rowsBelow(y), of);

  function field(label: string, value: string) {
    text.drawLine(label, x, y, LABEL, 110);
    text.drawLine(value, x + 115, y, VALUE, CONTENT_WIDTH - 115);
    y += 15;
  }
}

type Table = [heading: string, rows: Tally[]];
const HEADING = 18;
const GAP = 14;

/** Table rows that fit between y (a heading first) and the page's bottom. */
const rowsBelow = (y: number, headings = 1, gaps = 0) => Math.floor((BOTTOM - y - headings * HEADING - gaps * GAP) / ROW_HEIGHT);

/** Two tables one above the other in a column, sharing the rows that fit down to the page's bottom. */
function twoTables(text: PacketText, x: number, top: number, a: Table, b: Table, of: number): void {
  const need = (t: Table) => Math.max(1, t[1].length);
  const [ra, rb] = share(rowsBelow(top, 2, 1), need(a), need(b));
  const y = table(text, x, top, COLUMN, a, ra, of) + GAP;
  table(text, x, y, COLUMN, b, rb, of);
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
 * A heading and at most `rows` lines of label, count and share of the letters; when the tally is
 * longer, the last line says how many more and how many letters they hold. Returns the y below it.
 */
function table(text: PacketText, x: number, top: number, width: number, [heading, tallies]: Table, rows: number, of: number): number {
  let y = top + 9;
  text.drawLine(heading, x, y, { size: 10, bold: true, color: INK.text, ltr: true }, width);
  y += HEADING;
  if (tallies.length === 0) {
    text.drawLine('None', x, y, { ...ROW, color: INK.muted }, width);
    return y + ROW_HEIGHT - 9;
  }
  const shown = tallies.length <= rows ? tallies : tallies.slice(0, Math.max(0, rows - 1));
  for (const t of shown) {
    text.drawLine(t.label, x, y, ROW, width - 82);
    text.drawLine(count(t.count), x + width - 78, y, { ...ROW, ltr: true }, 44, 'end');
    text.drawLine(`${of ? Math.round((t.count / of) * 100) : 0}%`, x + width - 30, y, { ...ROW, color: INK.muted, ltr: true }, 30, 'end');
    y += ROW_HEIGHT;
  }
  const rest = tallies.slice(shown.length);
  if (rest.length > 0) {
    const letters = rest.reduce((n, t) => n + t.count, 0);
    text.drawLine(`and ${count(rest.length)} more (${count(letters)} ${letters === 1 ? 'letter' : 'letters'})`, x, y, { ...ROW, color: INK.muted, ltr: true }, width);
    y += ROW_HEIGHT;
  }
  return y - 9;
}
