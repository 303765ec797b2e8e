import { perspectiveLabel } from '../contract';
import type { LetterRow } from '../db/types';
import { letterForPublication, placeOf } from '../privacy/for-publication';
import { BOTTOM, CONTENT_WIDTH, INK, PAGE, rule } from './page';
import type { PacketText, TextStyle } from './text';
import { formatTime } from './times';

export interface LetterPlace {
  n: number;
  total: number;
  late: boolean;
  /** The written-comment deadline, when the scope has one. */
  deadline: Date | null;
  offset: number;
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

/**
 * One letter from its own first page: who sent it and from where, and when (what a clerk files it
 * by), whether its writer confirmed it by e-mail, a LATE mark when it came after the deadline,
 * then the letter as submitted (less its writer's contact details), on as many pages as it takes.
 */
export function drawLetter(doc: PDFKit.PDFDocument, text: PacketText, letter: PrintedLetter, at: LetterPlace): void {
  doc.addPage();
  let y = PAGE.margin + 9;
  const x = PAGE.margin;
  const label = `Letter ${at.n} of ${at.total}`;
  const labelWidth = text.drawLine(label, x, y, { size: 9, bold: true, color: INK.text, ltr: true }, CONTENT_WIDTH);
  // A letter its writer confirmed from their own mailbox says so: the decision body can tell it
  // from a name typed by anyone.
  const confirmed = letter.submitted_at ? `  ·  Confirmed by its writer by e-mail ${formatTime(letter.created_at, at.offset)}` : '';
  text.drawLine(`·  Submitted ${formatTime(letter.submitted_at ?? letter.created_at, at.offset)}${confirmed}`, x + labelWidth + 6, y, META, CONTENT_WIDTH - labelWidth - 6);
  y += 18;
  text.drawLine(letter.supporter_name, x, y, { size: 12, bold: true, color: INK.text }, CONTENT_WIDTH);
  y += 15;
  text.drawLine([letter.place, perspectiveLabel(letter.perspective)].filter(Boolean).join('  ·  '), x, y, META, CONTENT_WIDTH);
  y += 10;
  if (at.late) {
    const deadline = at.deadline ? `, ${formatTime(at.deadline, at.offset)}` : '';
    doc.save().rect(x, y, CONTENT_WIDTH, 20).fill(INK.lateFill).restore();
    doc.save().rect(x, y, 3, 20).fill(INK.late).restore();
    text.drawLine(`LATE: submitted after the written-comment deadline${deadline}`, x + 10, y + 13.5, { size: 9, bold: true, color: INK.late, ltr: true }, CONTENT_WIDTH - 14);
    y += 26;
  } else {
    y += 4;
  }
  rule(doc, y);
  y += 12 + BODY.size;

  const lines = text.wrap(letter.letter_content.trim(), CONTENT_WIDTH, BODY);
  for (const line of lines) {
    if (y > BOTTOM) {
      doc.addPage();
      y = PAGE.margin + BODY.size;
    }
    text.draw(line, x, y, BODY, CONTENT_WIDTH);
    y += LEADING;
  }
}
