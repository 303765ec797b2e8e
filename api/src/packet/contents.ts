import { perspectiveLabel } from '../contract/perspectives';
import { positionWording, type PositionLabels } from '../contract/position';
import type { LetterRow } from '../db/types';
import { letterForPublication, placeOf, type Writer } from '../privacy/for-publication';
import { letterDigest } from './letter-digest';

/**
 * What the packet says of each letter, the same in the PDF and the HTML: plain data, so it is made
 * on either side of the PDF worker. Never a writer's e-mail, street, ZIP code or phone: the
 * packet is published with the agenda (the CSV gives the clerk those).
 */

/** The words of a quote in "In their own words", at most: the whole stays in the letter below. */
export const VOICE_WORDS = 120;

/** One personal letter's own words, quoted with who wrote them and where from. */
export interface Voice {
  /** The letter's number in the packet (personal letters come first: its place among them). */
  n: number;
  /** 'Maria G.': first name and last initial. */
  who: string;
  /** Their district where known, else their city. */
  where: string;
  position: Position;
  text: string;
}
type Position = string | null;

/** 'Ana María Núñez' -> 'Ana N.'; one name stays whole. */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  const last = parts[parts.length - 1]!;
  return `${parts[0]} ${[...last][0]!.toLocaleUpperCase('en-US')}.`;
}

/** What the packet's privacy needs of a letter: its writer's details, to strip them from the text. */
type WriterColumns = Pick<LetterRow, 'supporter_name' | 'supporter_email' | 'street_address' | 'zip_code' | 'phone_number' | 'city' | 'state'>;

const writerOf = (l: WriterColumns): Writer => ({
  name: l.supporter_name,
  email: l.supporter_email,
  street_address: l.street_address,
  zip_code: l.zip_code,
  phone_number: l.phone_number,
  city: l.city,
  state: l.state,
});

/** Text for publication: the writer's contact details (and any e-mail address or phone typed in) removed. */
const published = (text: string, l: WriterColumns) => letterForPublication(text, writerOf(l));

/** At most `words` words, cut at a word with an ellipsis; paragraphs kept. */
export function firstWords(text: string, words: number): string {
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  let seen = 0;
  while ((m = re.exec(text))) {
    if (++seen > words) return `${text.slice(0, m.index).trimEnd()} …`;
  }
  return text;
}

/** The columns a quote is made from: the own words and the writer's details, not the whole letter. */
export const VOICE_COLUMNS = ['id', 'own_words', 'district_name', 'position', 'supporter_name', 'supporter_email', 'street_address', 'zip_code', 'phone_number', 'city', 'state'] as const;
export type VoiceSource = Pick<LetterRow, (typeof VOICE_COLUMNS)[number]>;

/** A personal letter's quote, or null where it has no own words known (stored before they were kept). */
export function voiceOf(l: VoiceSource, n: number, labels: PositionLabels): Voice | null {
  if (!l.own_words?.trim()) return null;
  const text = published(l.own_words, l).trim();
  if (!text) return null;
  return {
    n,
    who: shortName(l.supporter_name),
    where: l.district_name ?? placeOf(l),
    position: l.position ? positionWording(l.position, labels) : null,
    text: firstWords(text, VOICE_WORDS),
  };
}

/** One letter as the packet prints it. */
export interface PacketLetter {
  n: number;
  id: number;
  name: string;
  /** 'Springdale, IL' */
  place: string;
  /** 'Ward 2', 'Ward 2 (self-reported)', or null where the campaign places no one. */
  district: string | null;
  position: Position;
  perspective: string;
  /** When it entered the record (submitted, or confirmed by its writer). */
  at: Date;
  /** When its writer sent it, where that was before it entered the record (confirmed later by e-mail). */
  sent: Date | null;
  late: boolean;
  personal: boolean;
  /** The numbers (in the packet) of the shared talking points it carries. */
  points: number[];
  /** Its writer's own words for publication: '' for none, null where not known. */
  ownWords: string | null;
  /** Its whole text for publication. */
  text: string;
  /** SHA-256 of its text as stored (integrity.ts). */
  digest: string;
  /** Its text's language, a BCP 47 tag. */
  lang: string;
}

export interface LetterContext {
  n: number;
  late: boolean;
  /** Talking point id -> its number in the packet. */
  pointNumbers: ReadonlyMap<number, number>;
  labels: PositionLabels;
  lang: string;
}

export function packetLetter(l: LetterRow, c: LetterContext): PacketLetter {
  const district = l.district_name === null ? null : l.district_source === 'self_reported' ? `${l.district_name} (self-reported)` : l.district_name;
  return {
    n: c.n,
    id: l.id,
    name: l.supporter_name,
    place: placeOf(l),
    district,
    position: l.position ? positionWording(l.position, c.labels) : null,
    perspective: perspectiveLabel(l.perspective),
    at: l.created_at,
    sent: l.submitted_at,
    late: c.late,
    personal: l.personal,
    points: [...new Set(l.message_point_ids)].map((id) => c.pointNumbers.get(id)).filter((n): n is number => n !== undefined).sort((a, b) => a - b),
    ownWords: l.own_words === null ? null : published(l.own_words, l).trim(),
    text: published(l.letter_content, l),
    digest: letterDigest(l.letter_content),
    lang: c.lang,
  };
}
