/**
 * The admin's letter download (SPEC.md section 2, Letters): a text file named
 * letter-{id}-{supporter name with hyphens}.txt holding the letter, a divider, then who sent it.
 */
import { perspectiveLabel, type AdminLetter } from '@dais/api/contract';
import { formatDateTime } from '../../../lib/format';
import { zoneName } from '../../../lib/time-zone';

const LETTER_DIVIDER = '-'.repeat(40);

// Characters no file system accepts in a name (and control characters).
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** letter-12-Jane-Doe.txt: spaces become hyphens; characters a file name cannot hold are dropped. */
export function letterFileName(letter: Pick<AdminLetter, 'id' | 'supporter_name'>): string {
  const name = letter.supporter_name.replace(UNSAFE_IN_FILE_NAMES, '').trim().replace(/\s+/g, '-').replace(/-+/g, '-');
  return `letter-${letter.id}-${name || 'supporter'}.txt`;
}

/** 'Springfield, IL 62701' */
export function cityStateZip(letter: Pick<AdminLetter, 'city' | 'state' | 'zip_code'>): string {
  return `${letter.city}, ${letter.state} ${letter.zip_code}`.trim();
}

/**
 * The file's text. The time is the screen's, named, since the file is read away from the screen
 * ('May 14, 2026, 3:07 PM (America/Chicago (CST))'); without a zone, the reader's own, unnamed.
 */
export function letterText(letter: AdminLetter, timeZone?: string): string {
  const submitted = `${formatDateTime(letter.created_at, timeZone)}${timeZone ? ` (${zoneName(timeZone, new Date(letter.created_at))})` : ''}`;
  const details = [
    'Submitted by',
    `Name: ${letter.supporter_name}`,
    `Email: ${letter.supporter_email}`,
    `Address: ${letter.street_address}`,
    `City/State/ZIP: ${cityStateZip(letter)}`,
    ...(letter.phone_number ? [`Phone: ${letter.phone_number}`] : []),
    `Perspective: ${perspectiveLabel(letter.perspective)}`,
    `Campaign: ${letter.campaign_title}`,
    `Submitted: ${submitted}${letter.is_late ? ' (late: after the written-comment deadline)' : ''}`,
  ];
  return `${letter.letter_content.replace(/\s+$/, '')}\n\n${LETTER_DIVIDER}\n\n${details.join('\n')}\n`;
}
