import { count, counted } from '../contract';
import type { CampaignRow } from '../db/types';
import { firstWords } from './contents';
import { drawFlowTable } from './flow-table';
import { CONTENT_WIDTH, INK, PAGE, rule, type Flow } from './page';
import { drawProse } from './prose';
import type { PacketScope } from './render';
import { artifact, type Tag } from './structure';
import type { PacketSummary, Tally } from './summary';
import type { PacketText, TextStyle } from './text';
import { formatDay, formatTime } from './times';
import { countingNotes, HEADINGS } from './words';

export type CoverCampaign = Pick<CampaignRow, 'title' | 'description' | 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name' | 'language'>;

export interface CoverContext {
  campaign: CoverCampaign;
  scope: PacketScope;
  summary: Omit<PacketSummary, 'ids'>;
  madeAt: Date;
  zone: string;
}

const LABEL: TextStyle = { size: 9, color: INK.muted, ltr: true };
const VALUE: TextStyle = { size: 10, color: INK.text };
const NOTE: TextStyle = { size: 9, color: INK.text };
const LABEL_WIDTH = 110;
/** The campaign's description, at most: three lines of the cover. */
const ASK_WORDS = 45;
/** Cities listed where the campaign places no one in districts; the rest are summed in a line. */
const CITIES_SHOWN = 12;

/** The cover's figures, in order: what the cover's tables and the HTML's show. */
export function coverTallies(s: Omit<PacketSummary, 'ids'>): { heading: string; column: string; rows: Tally[]; more?: Tally }[] {
  const tables: { heading: string; column: string; rows: Tally[]; more?: Tally }[] = [];
  if (s.positions) tables.push({ heading: 'Letters by position', column: 'Position', rows: s.positions });
  if (s.residency) tables.push({ heading: 'Letters by residency', column: 'Residency', rows: s.residency });
  if (s.districts) tables.push({ heading: 'Letters by district', column: 'District', rows: s.districts });
  else {
    const rest = s.cities.slice(CITIES_SHOWN);
    const more = rest.length ? { label: `and ${count(rest.length)} more`, count: rest.reduce((n, t) => n + t.count, 0) } : undefined;
    tables.push({ heading: 'Letters by city', column: 'City', rows: s.cities.slice(0, CITIES_SHOWN), more });
  }
  return tables;
}

/** The labelled facts of the cover: what the packet is for (only the fields the organiser set), then what it holds. */
export function coverFields(c: CoverContext): [string, string][] {
  const { campaign, scope, summary } = c;
  const at = (d: Date) => formatTime(d, c.zone);
  const fields: [string, string | null][] = [
    ['The ask', campaign.description?.trim() ? firstWords(campaign.description.trim(), ASK_WORDS) : null],
    ['Decision body', campaign.decision_body],
    ['Jurisdiction', campaign.jurisdiction],
    ['Meeting date', campaign.meeting_date ? formatDay(campaign.meeting_date) : null],
    ['Agenda item', campaign.agenda_item_number],
    ['Project', campaign.project_name],
    ['Comment deadline', scope.lateAfter ? `${at(new Date(scope.lateAfter))}; ${lateWords(summary.late)}` : null],
    ['Letters included', scope.since ? `Submitted after ${at(new Date(scope.since))}, up to ${at(new Date(scope.until))}` : `All submitted up to ${at(new Date(scope.until))}`],
    ['First submission', summary.first ? at(summary.first) : 'None'],
    ['Last submission', summary.last ? at(summary.last) : 'None'],
    ['Packet made', at(c.madeAt)],
  ];
  return fields.filter((f): f is [string, string] => Boolean(f[1]?.trim()));
}

const lateWords = (late: number) => (late === 0 ? 'no letter came after it' : `${counted(late, 'letter came after it and is', 'letters came after it and are')} marked LATE`);

/** The cover's three figures, with their captions. */
export function coverFigures(s: Omit<PacketSummary, 'ids'>): [string, string][] {
  return [
    [count(s.letters), s.letters === 1 ? 'letter in this packet' : 'letters in this packet'],
    [count(s.signatures), s.signatures === 1 ? 'signature, same period' : 'signatures, same period'],
    [count(s.personal), s.personal === 1 ? 'personal letter' : 'personal letters'],
  ];
}

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
