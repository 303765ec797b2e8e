import { count } from '../contract/counted';
import { drawFlowTable } from './flow-table';
import { CONTENT_WIDTH, INK, PAGE, type Flow } from './page';
import { drawProse } from './prose';
import type { Tag } from './structure';
import type { PacketText, TextStyle } from './text';
import { formatTime } from './times';
import { HEADINGS, INTEGRITY_HOW_TO_CHECK, pointsIntro } from './words';
import type { PointTally } from './summary';

const NOTE: TextStyle = { size: 9, color: INK.text };
const DIGEST: TextStyle = { size: 6.5, color: INK.text, ltr: true };

/** A letter as the integrity appendix lists it. */
export interface LetterMark {
  n: number;
  id: number;
  at: Date;
  digest: string;
}

const heading = (flow: Flow, text: PacketText, sect: Tag, title: string) => {
  sect.leaf('H2', () => text.drawLine(title, PAGE.margin, flow.y, { size: 14, bold: true, color: INK.text }, CONTENT_WIDTH));
  flow.y += 22;
};

/**
 * The talking points the letters share, each printed once with how many letters carry it, in
 * the organiser's words (the campaign's language), numbered as the letters' entries name them.
 */
export function drawSharedPoints(flow: Flow, text: PacketText, root: Tag, points: readonly PointTally[], letters: number, lang: string): void {
  const sect = root.child('Sect');
  heading(flow, text, sect, HEADINGS.points);
  drawProse(flow, text, sect, pointsIntro(letters), NOTE, { container: 'Div', leading: 13 });
  flow.y += 10;
  if (points.length === 0) {
    sect.leaf('P', () => text.drawLine('The letters carry no talking points.', PAGE.margin, flow.y, NOTE, CONTENT_WIDTH));
    flow.y += 20;
  } else {
    const rows = points.map((p, i) => [String(i + 1), p.label, count(p.count), `${letters ? Math.round((p.count / letters) * 100) : 0}%`]);
    drawFlowTable(flow, text, sect, [
      { head: 'No.', width: 24 },
      { head: 'Talking point', width: CONTENT_WIDTH - 24 - 50 - 34 - 24, lang },
      { head: 'Letters', width: 50, align: 'end' },
      { head: 'Share', width: 34, align: 'end' },
    ], rows, 12);
    flow.y += 10;
  }
  sect.end();
}

/**
 * What lets anyone check the packet: how, the CSV's SHA-256, and each letter's number, id, time
 * and SHA-256 of its text as stored.
 */
export function drawIntegrity(flow: Flow, text: PacketText, root: Tag, marks: readonly LetterMark[], csvDigest: string, zone: string): void {
  const sect = root.child('Sect');
  heading(flow, text, sect, HEADINGS.integrity);
  drawProse(flow, text, sect, INTEGRITY_HOW_TO_CHECK, NOTE, { container: 'Div', leading: 13 });
  flow.y += 6;
  sect.leaf('P', () => text.drawLine(`SHA-256 of this packet's CSV: ${csvDigest}`, PAGE.margin, flow.y, { ...NOTE, bold: true, ltr: true }, CONTENT_WIDTH));
  flow.y += 20;
  drawFlowTable(
    flow,
    text,
    sect,
    [
      { head: 'Letter', width: 40, oneLine: true },
      { head: 'ID', width: 44, oneLine: true },
      { head: 'Submitted', width: 130, style: { size: 7.5, color: INK.text, ltr: true }, oneLine: true },
      { head: 'SHA-256 of its text', width: CONTENT_WIDTH - 40 - 44 - 130 - 24, style: DIGEST, oneLine: true },
    ],
    (function* () {
      for (const m of marks) yield [count(m.n), String(m.id), formatTime(m.at, zone), m.digest];
    })(),
    10.5,
  );
  sect.end();
}
