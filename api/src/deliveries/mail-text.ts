/**
 * The e-mails that carry letters to a decision body: written for the clerk who files them, in
 * plain text (every value in them was typed by someone, and plain text shows it as typed). Times
 * are shown in the campaign's time zone, where the deadline means something.
 */
import { counted, formatInZone, perspectiveLabel } from '../contract';
import type { CampaignRow, LetterRow } from '../db/types';
import type { MailToQueue } from './outbox';

type CampaignForMail = Pick<
  CampaignRow,
  'id' | 'title' | 'decision_body' | 'agenda_item_number' | 'project_name' | 'meeting_date' | 'comment_deadline' | 'time_zone'
>;

const zoneOf = (c: CampaignForMail) => c.time_zone ?? 'UTC';
const when = (c: CampaignForMail, d: Date) => formatInZone(d, zoneOf(c));

/** 'Riverside Park rezoning, agenda item 7B': what the comments are about, as the clerk files them. */
function topic(c: CampaignForMail): string {
  const name = c.project_name ?? c.title;
  return c.agenda_item_number ? `${name}, agenda item ${c.agenda_item_number}` : name;
}

function meeting(c: CampaignForMail): string {
  if (!c.meeting_date) return '';
  const [y, m, d] = c.meeting_date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  return `, for the meeting on ${day}`;
}

const greeting = (c: CampaignForMail) => (c.decision_body ? `To the clerk of the ${c.decision_body},` : 'Hello,');
const signOff = (c: CampaignForMail) => `Sent by Dais on behalf of the organisers of the campaign "${c.title}".`;

export interface PacketScope {
  since: Date | null;
  until: Date;
  letterCount: number;
  lateCount: number;
}

/**
 * One e-mail with the hearing packet: the PDF and the CSV, rendered from the database when sent.
 * Its text names no writer (a clerk may forward it with the PDF); it says which file may be published.
 */
export function packetMail(c: CampaignForMail & Pick<CampaignRow, 'packet_csv_contacts'>, to: string[], s: PacketScope): MailToQueue {
  const range = s.since
    ? `They are the letters submitted between ${when(c, s.since)} and ${when(c, s.until)}.`
    : `They are every letter submitted through the campaign up to ${when(c, s.until)}.`;
  const late =
    s.lateCount > 0 && c.comment_deadline
      ? `\n\n${counted(s.lateCount, 'letter')} of them ${s.lateCount === 1 ? 'was' : 'were'} submitted after the written-comment deadline (${when(c, c.comment_deadline)}) and ${s.lateCount === 1 ? 'is' : 'are'} marked late.`
      : '';
  const text =
    `${greeting(c)}\n\n` +
    `Attached ${s.letterCount === 1 ? 'is 1 written public comment' : `are ${counted(s.letterCount, 'written public comment')}`} on ${topic(c)}${meeting(c)}. ${range}${late}\n\n` +
    // The PDF is what gets published with the agenda; the clerk must know the CSV is not.
    'The PDF opens with the figures and how they were counted, quotes the writers\' own words, prints each talking point the letters share once, ' +
    'then every letter, personal ones first and then by district, and ends with the SHA-256 of each letter and of the CSV, for checking. ' +
    'It names each writer with their city only, as it is often published with the agenda.\n\n' +
    csvSentence(c.packet_csv_contacts) +
    `${signOff(c)}\n`;
  const until = s.until.toISOString();
  const since = s.since ? s.since.toISOString() : null;
  return {
    to,
    subject: `Public comment packet: ${topic(c)} (${counted(s.letterCount, 'letter')})`,
    text,
    attachments: [
      { kind: 'packet-pdf', campaign_id: c.id, since, until },
      { kind: 'packet-csv', campaign_id: c.id, since, until },
    ],
  };
}

/**
 * What the CSV holds and that it is not for publication. The organiser's choice is read as the
 * e-mail is queued; the CSV itself is made when it is sent and its own first line says what it holds.
 */
const csvSentence = (contacts: boolean) =>
  contacts
    ? "The CSV has one row per letter for your comment records, with each writer's e-mail, street address and phone " +
      'for verifying the comments: it is not for publication.\n\n'
    : "The CSV has one row per letter for your comment records, for verifying the comments; the organisers left out each writer's " +
      'e-mail, street address and phone. It is not for publication: the letters in it are as their writers sent them.\n\n';

type LetterForMail = Pick<
  LetterRow,
  'letter_content' | 'supporter_name' | 'supporter_email' | 'street_address' | 'city' | 'state' | 'zip_code' | 'phone_number' | 'perspective' | 'district_name' | 'residency'
>;

/** Where the writer lives, where the campaign has districts: a representative reads their own first. */
function districtLine(l: LetterForMail): string[] {
  if (l.residency === 'non_resident') return ['District: none (the address is outside every district)'];
  return l.district_name ? [`District: ${l.district_name}`] : [];
}

/** `each` mode: one letter, as its writer submitted it, with who sent it beneath. */
export function letterMail(c: CampaignForMail, to: string[], l: LetterForMail, submittedAt: Date, late: boolean): MailToQueue {
  const lateNote = late && c.comment_deadline ? `Submitted after the written-comment deadline (${when(c, c.comment_deadline)}).\n\n` : '';
  const details = [
    `From: ${l.supporter_name} <${l.supporter_email}>`,
    `Address: ${l.street_address}, ${l.city}, ${l.state} ${l.zip_code}`,
    ...(l.phone_number ? [`Phone: ${l.phone_number}`] : []),
    ...districtLine(l),
    `Perspective: ${perspectiveLabel(l.perspective)}`,
    `Submitted: ${when(c, submittedAt)}`,
  ].join('\n');
  return {
    to,
    subject: `Public comment${late ? ' (late)' : ''} from ${l.supporter_name}: ${topic(c)}`,
    text: `${lateNote}${l.letter_content}\n\n-- \n${details}\n\n${signOff(c)}\n`,
  };
}
