import { count } from '../contract/counted';
import type { PacketLetter } from './contents';
import { BOTTOM, CONTENT_WIDTH, INK, PAGE, rule, type Flow } from './page';
import { drawProse } from './prose';
import { artifact, type Tag } from './structure';
import type { PacketText, TextStyle } from './text';
import { formatTime } from './times';
import { letterBody, pointsLine } from './words';

export interface EntryContext {
  total: number;
  /** The written-comment deadline, when the scope has one. */
  deadline: Date | null;
  zone: string;
}

const BODY: TextStyle = { size: 10.5, color: INK.text };
const LEADING = 14.5;
const META: TextStyle = { size: 9, color: INK.muted, ltr: true };
const META_LEADING = 13;
/** What an entry needs below y to start on this page: its heading, facts and a line of text. */
const ENTRY_START = 95;

/** 'Letter 3 of 40': how the packet numbers a letter, on its entry and in the bookmarks. */
export const letterLabel = (n: number, total: number) => `Letter ${count(n)} of ${count(total)}`;

/**
 * One letter's entry, from y (a new page when its start does not fit): who sent it and from where,
 * their position, when (what a clerk files it by), whether its writer confirmed it by e-mail, a
 * LATE mark after the deadline, the shared talking points it carries by number, then its text: in
 * full for a personal letter, else only its writer's own words (the rest is the text Dais
 * suggested; the CSV and the HTML hold it whole). Tagged as a section of `section`: an H3 of its
 * number and writer, its facts as paragraphs, its text in its own language. Returns the page it
 * starts on (for its bookmark).
 */
export function drawLetter(flow: Flow, doc: PDFKit.PDFDocument, text: PacketText, section: Tag, l: PacketLetter, at: EntryContext): PDFKit.PDFPage {
  flow.room(ENTRY_START);
  const firstPage = doc.page;
  const x = PAGE.margin;
  const sect = section.child('Sect');
  sect.leaf('H3', () => text.drawLine(`${letterLabel(l.n, at.total)}: ${l.name}`, x, flow.y, { size: 11, bold: true, color: INK.text }, CONTENT_WIDTH));
  flow.y += 16;
  const where = [l.place, l.district, l.position, l.perspective].filter(Boolean).join('  ·  ');
  if (where) {
    sect.leaf('P', () => text.drawLine(where, x, flow.y, META, CONTENT_WIDTH));
    flow.y += META_LEADING;
  }
  // A letter its writer confirmed from their own mailbox says so: the decision body can tell it
  // from a name typed by anyone.
  const when = l.sent ? `Submitted ${formatTime(l.sent, at.zone)}  ·  Confirmed by its writer by e-mail ${formatTime(l.at, at.zone)}` : `Submitted ${formatTime(l.at, at.zone)}`;
  sect.leaf('P', () => text.drawLine(`${when}  ·  Letter ID ${l.id}`, x, flow.y, META, CONTENT_WIDTH));
  flow.y += META_LEADING;
  if (l.late) {
    const deadline = at.deadline ? `, ${formatTime(at.deadline, at.zone)}` : '';
    const top = flow.y - 9;
    artifact(doc, () => {
      doc.save().rect(x, top, CONTENT_WIDTH, 18).fill(INK.lateFill).restore();
      doc.save().rect(x, top, 3, 18).fill(INK.late).restore();
    });
    sect.leaf('P', () => text.drawLine(`LATE: submitted after the written-comment deadline${deadline}`, x + 10, top + 12.5, { size: 9, bold: true, color: INK.late, ltr: true }, CONTENT_WIDTH - 14));
    flow.y += 20;
  }
  sect.leaf('P', () => text.drawLine(pointsLine(l), x, flow.y, META, CONTENT_WIDTH));
  flow.y += META_LEADING + 6;
  const body = letterBody(l);
  if (body.lead) {
    const lead = body.lead;
    drawProse(flow, text, sect, lead, { ...META, ltr: false }, { container: 'Div', leading: META_LEADING });
  }
  if (body.text) drawProse(flow, text, sect, body.text, BODY, { container: 'Div', lang: l.lang, leading: LEADING });
  sect.end();
  flow.y += 4;
  // Between two entries on one page; a page break parts them well enough.
  if (flow.y <= BOTTOM) rule(doc, flow.y - 8);
  flow.y += 14;
  return firstPage;
}
