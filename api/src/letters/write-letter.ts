/**
 * Writes a supporter's letter to the decision body. Pure and deterministic: the same input gives
 * the same letter (no randomness, no clock), while the variant of every sentence is picked by a
 * hash of who is writing and what they chose, so two supporters rarely send identical words;
 * decision makers discount identical form letters.
 */
import type { Perspective } from '../contract';
import { layoutLetter, type MeasureText } from '../contract/letter-layout';
import { standardFontMeasure } from './font-metrics';
import { VOICES } from './perspectives';
import {
  asSentence,
  categoryPhrase,
  humanDate,
  leadSentences,
  pick,
  pointProse,
  requestedAction,
  startIndex,
} from './phrasing';
import type { PublicComment } from './public-comment';

export interface LetterPoint {
  id: number;
  category: string;
  talking_points: string;
}

export interface LetterInput {
  campaign: { title: string; description: string; category: string | null };
  publicComment: PublicComment;
  perspective: Perspective;
  supporter: {
    name: string;
    email: string;
    street_address: string;
    city: string;
    state: string;
    zip_code: string;
    phone_number: string | null;
  };
  /** The talking points in letter order, hidden ones included. */
  points: LetterPoint[];
  /** The supporter's own words, printed verbatim. */
  personalNote: string | null;
}

export interface WrittenLetter {
  subject: string;
  letter_content: string;
}

export function writeLetter(input: LetterInput, measure: MeasureText = standardFontMeasure): WrittenLetter {
  const parts = letterParts(input);
  const spaced = parts.body.flatMap((p, i) => (i ? ['', p] : [p]));
  // From airiest to most compact: the first that fits one page wins. Blank lines between the body
  // paragraphs are the last spacing to go, since they matter most to a reader; a long letter
  // loses them before it spills onto a second page. Each candidate is checked in its own font
  // (section 9 picks it by a hash of the text), so a more compact one is not always the one that fits.
  const layouts = [
    [...parts.header, '', parts.salutation, '', ...spaced, '', parts.closing, ...parts.signature],
    [...parts.header, parts.salutation, '', ...spaced, '', parts.closing, ...parts.compactSignature],
    [...parts.header, '', parts.salutation, '', ...parts.body, '', parts.closing, ...parts.signature],
    [...parts.header, parts.salutation, '', ...parts.body, '', parts.closing, ...parts.compactSignature],
    [...parts.header, parts.salutation, ...parts.body, parts.closing, ...parts.compactSignature],
  ].map((lines) => lines.join('\n'));
  const letter = layouts.find((text) => layoutLetter(text, measure).fitsOnePage) ?? layouts[layouts.length - 1]!;
  return { subject: parts.subject, letter_content: letter };
}

function letterParts(input: LetterInput) {
  const { campaign, publicComment: pc, perspective, supporter: s } = input;
  const voice = VOICES[perspective];
  const seed = [
    perspective,
    s.name.toLowerCase(),
    s.email.toLowerCase(),
    s.city.toLowerCase(),
    campaign.title,
    input.points.map((p) => p.id).join(','),
  ].join('\u0000');

  const subject = `${pc.project_name}, Agenda Item ${agendaItem(pc.agenda_item_number)}, ${humanDate(pc.meeting_date)}`;
  const bodyName = pc.decision_body.replace(/^the\s+/i, '');
  const addressee = pc.decision_body.toLowerCase().includes(pc.jurisdiction.toLowerCase())
    ? pc.decision_body
    : `${pc.decision_body}, ${pc.jurisdiction}`;
  // A body named after a person or office is greeted directly ('Dear Mayor and Council,').
  const salutation = /^(mayor|honorable|hon\.|chair|commissioner|supervisor|councilmember|director)\b/i.test(bodyName)
    ? `Dear ${bodyName},`
    : `Dear Members of the ${bodyName},`;

  const opening = pick(voice.openings, seed, 'opening')(s.city);
  const lead = startIndex(voice.leadIns.length, seed, 'lead');
  const leadIn = (i: number, category: string | null) =>
    voice.leadIns[(lead + i) % voice.leadIns.length]!(categoryPhrase(category), s.city);
  // No talking points at all: the campaign's own description is its core message.
  const pointParagraphs =
    input.points.length > 0
      ? input.points.map((p, i) => `${leadIn(i, p.category)} ${pointProse(p.talking_points)}`)
      : [`${leadIn(0, campaign.category)} ${leadSentences(campaign.description)}`];

  const stake = pick(voice.stakes, seed, 'stake')(s.city);
  const thanks = pick(
    [
      'Thank you for your time and for considering my comments.',
      'Thank you for your service and for taking my views into account.',
      'Thank you for reading my letter and for your work on this item.',
    ],
    seed,
    'thanks',
  );
  const request = `I respectfully ask the ${bodyName} to ${requestedAction(campaign.title)}, ${stake}. ${thanks}`;

  const note = input.personalNote?.trim() ? [input.personalNote] : [];
  const cityLine = `${s.city}, ${s.state} ${s.zip_code}`;
  const contact = s.phone_number ? [s.email, s.phone_number] : [s.email];
  return {
    subject,
    header: [`To: ${addressee}`, `Re: ${subject}`],
    salutation,
    body: [asSentence(opening), ...pointParagraphs, ...note, request],
    closing: pick(['Sincerely,', 'Respectfully,'], seed, 'closing'),
    signature: [s.name, s.street_address, cityLine, ...contact],
    compactSignature: [s.name, `${s.street_address}, ${cityLine}`, contact.join(' | ')],
  };
}

/** 'Item 7B' or 'Agenda Item #7B' as typed by an admin reads '7B' after our own 'Agenda Item'. */
function agendaItem(value: string): string {
  return value.replace(/^(agenda\s+)?item\b\s*(no\.?|#)?\s*/i, '').trim() || value;
}
