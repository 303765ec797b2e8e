import { perspectiveLabel } from '../contract';
import type { LetterRow } from '../db/types';
import { letterForPublication, placeOf } from '../privacy/for-publication';
import { BOTTOM, CONTENT_WIDTH, INK, PAGE, rule } from './page';
import { artifact, type Tag } from './structure';
import type { PacketText, TextStyle } from './text';
import { formatTime } from './times';

export interface LetterPlace {
  n: number;
  total: number;
  late: boolean;
  /** The written-comment deadline, when the scope has one. */
  deadline: Date | null;
  offset: number;
  /** The language its text is written in (its campaign's, a BCP 47 tag): a Spanish letter is read out in Spanish. */
  lang: string;
  /** A heading for the section this letter opens, drawn above it ('The letters', over the first). */
  opens?: string;
}

const BODY: TextStyle = { size: 10.5, color: INK.text };
const LEADING = 14.5;
const META: TextStyle = { size: 9, color: INK.muted, ltr: true };

/**
 * What a letter's pages print, and all they can: its writer's name and city, never their e-mail,
 * street, ZIP code or phone. The packet is often published with the agenda; the CSV gives the
 * clerk those.
 */
export interface PrintedLetter extends Pick<LetterRow, 'supporter_name' | 'perspective' | 'created_at' | 'submitted_at' | 'letter_content'> {
  /** 'Springdale, IL' */
  place: string;
}

/** A letter as the packet prints it: the text without its writer's contact details (privacy/for-publication.ts). */
export function printedLetter(l: LetterRow): PrintedLetter {
  const writer = { name: l.supporter_name, email: l.supporter_email, street_address: l.street_address, zip_code: l.zip_code, phone_number: l.phone_number, city: l.city, state: l.state };
  return {
    supporter_name: l.supporter_name,
    perspective: l.perspective,
    created_at: l.created_at,
    submitted_at: l.submitted_at,
    letter_content: letterForPublication(l.letter_content, writer),
    place: placeOf(l),
  };
}

/** 'Letter 3 of 40': how the packet numbers a letter, on its page and in the bookmarks. */
export const letterLabel = (n: number, total: number) => `Letter ${n} of ${total}`;

/**
 * One letter from its own first page: who sent it and from where, and when (what a clerk files it
 * by), whether its writer confirmed it by e-mail, a LATE mark when it came after the deadline,
 * then the letter as submitted (less its writer's contact details), on as many pages as it takes.
 * Tagged as a section of `section`: an H3 of its number and writer, its facts as paragraphs, then
 * its text in its own language, a P for each paragraph. Returns its first page (for a bookmark).
 */
export function drawLetter(doc: PDFKit.PDFDocument, text: PacketText, section: Tag, letter: PrintedLetter, at: LetterPlace): PDFKit.PDFPage {
  doc.addPage();
  const firstPage = doc.page;
  let y = PAGE.margin + 9;
  const x = PAGE.margin;
  if (at.opens) {
    const opens = at.opens;
    section.leaf('H2', () => text.drawLine(opens, x, y, { size: 10, bold: true, color: INK.text, ltr: true }, CONTENT_WIDTH));
    y += 22;
  }
  const sect = section.child('Sect');
  // Read as one heading, "Letter 3 of 40, <name>", though the submission time is drawn between.
  const heading = sect.child('H3');
  let labelWidth = 0;
  heading.draw(() => (labelWidth = text.drawLine(letterLabel(at.n, at.total), x, y, { size: 9, bold: true, color: INK.text, ltr: true }, CONTENT_WIDTH)));
  const facts = sect.child('P');
  heading.draw(() => text.drawLine(letter.supporter_name, x, y + 18, { size: 12, bold: true, color: INK.text }, CONTENT_WIDTH)).end();
  // A letter its writer confirmed from their own mailbox says so: the decision body can tell it
  // from a name typed by anyone.
  const confirmed = letter.submitted_at ? `  ·  Confirmed by its writer by e-mail ${formatTime(letter.created_at, at.offset)}` : '';
  facts.draw(() => text.drawLine(`·  Submitted ${formatTime(letter.submitted_at ?? letter.created_at, at.offset)}${confirmed}`, x + labelWidth + 6, y, META, CONTENT_WIDTH - labelWidth - 6)).end();
  y += 18 + 15;
  const where = [letter.place, perspectiveLabel(letter.perspective)].filter(Boolean).join('  ·  ');
  if (where) sect.leaf('P', () => text.drawLine(where, x, y, META, CONTENT_WIDTH));
  y += 10;
  if (at.late) {
    const deadline = at.deadline ? `, ${formatTime(at.deadline, at.offset)}` : '';
    const top = y;
    artifact(doc, () => {
      doc.save().rect(x, top, CONTENT_WIDTH, 20).fill(INK.lateFill).restore();
      doc.save().rect(x, top, 3, 20).fill(INK.late).restore();
    });
    sect.leaf('P', () => text.drawLine(`LATE: submitted after the written-comment deadline${deadline}`, x + 10, top + 13.5, { size: 9, bold: true, color: INK.late, ltr: true }, CONTENT_WIDTH - 14));
    y += 26;
  } else {
    y += 4;
  }
  rule(doc, y);
  y += 12 + BODY.size;

  // Made with its first paragraph: a letter of blank lines has no text to hold.
  let body: Tag | undefined;
  const lines = text.wrap(letter.letter_content.trim(), CONTENT_WIDTH, BODY);
  for (let i = 0; i < lines.length; ) {
    // One paragraph's lines (wrap keeps them together); an empty one is only space between others.
    let end = i + 1;
    while (end < lines.length && lines[end]!.paragraph === lines[i]!.paragraph) end++;
    const paragraph = lines.slice(i, end);
    const empty = paragraph.every((l) => l.end <= l.start);
    const drawLines = () => {
      for (const line of paragraph) {
        // A new page carries an open paragraph's marked content over (pdfkit's continueOnNewPage).
        if (y > BOTTOM) {
          doc.continueOnNewPage();
          y = PAGE.margin + BODY.size;
        }
        if (!empty) text.draw(line, x, y, BODY, CONTENT_WIDTH);
        y += LEADING;
      }
    };
    if (empty) drawLines();
    else (body ??= sect.child('Div', { lang: at.lang })).leaf('P', drawLines);
    i = end;
  }
  sect.end();
  return firstPage;
}
