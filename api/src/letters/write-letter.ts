/**
 * Writes a supporter's letter to the decision body. Pure and deterministic: the same input (the
 * day it is written included) gives the same letter, so a supporter who goes back sees it unchanged.
 *
 * Written the way staff read letters that sway them: short, in the person's voice, the points said
 * once. The organiser's talking points are the substance, carried in their words, together, with
 * no sentence about the points; the supporter's own words, when given, come right after the one
 * sentence saying who writes and what they ask. Every other sentence is built from a perspective's
 * own part and a shared one, picked by a hash of who is writing and what they chose, so across a
 * campaign's letters no such sentence recurs often enough to mark a form letter
 * (writing-rules.test.ts holds that over a thousand letters, in each language).
 *
 * The letter is written in the campaign's language from that language's own phrasebook (English in
 * phrasebook.ts, Spanish in es/): the same picks by the same hashes, never a translation at run time.
 */
import { speaksForCampaign, type Perspective } from '../contract';
import { DEFAULT_LANGUAGE, type Language } from '../contract/languages';
import { layoutLetter, type MeasureText } from '../contract/letter-layout';
import type { Addressee } from './addressee';
import { SPANISH } from './es/phrasebook';
import { standardFontMeasure } from './font-metrics';
import { ENGLISH, type Phrasebook, type Stance } from './phrasebook';
import { carriedSentences, humanDate, leadSentences, pick, pointSentences } from './phrasing';
import type { PublicComment } from './public-comment';

/** Each language's own phrasing: the letter is written in the campaign's language, never translated. */
const PHRASEBOOKS: Record<Language, Phrasebook> = { en: ENGLISH, es: SPANISH };

export interface LetterPoint {
  id: number;
  category: string;
  talking_points: string;
}

export interface LetterInput {
  campaign: { title: string; description: string };
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
  /** The supporter's own words, printed verbatim right after the opening sentence. */
  personalNote: string | null;
  /** Where the writer stands, where the campaign asks: stated in the first paragraph, in the organiser's words. */
  position?: Stance | null;
  /** The campaign's language, which the letter is written in; English when absent. */
  language?: Language;
  /** The day it is written, 'YYYY-MM-DD' in the campaign's time zone: the letter's date line. */
  date: string;
  /** The writer's district, where the campaign has districts and they said it: under their city in the signature. */
  district?: string | null;
  /** Their representative, when the letter goes to them (the decision body in copy): its address line and greeting. */
  addressee?: Addressee | null;
}

export interface WrittenLetter {
  subject: string;
  letter_content: string;
}

export { CLOSINGS } from './perspectives';

export { ALL_CLOSINGS } from './closings';

/**
 * How many of the supporter's three reasons (motive, reflection, for whom they ask) a letter keeps,
 * from all of them to none, the last first. A long selection or note drops them before the letter
 * spills onto a second page; the opening, the organiser's points and the supporter's own words are
 * never cut.
 */
const REASONS_KEPT = [3, 2, 1, 0] as const;

/**
 * Other wordings tried with as many reasons before one is dropped. Section 9 sets a letter in
 * Times, Helvetica or Courier by a hash of its text, and Courier holds about a quarter fewer
 * characters a line: another wording is another font, and often fits where the first did not.
 */
const TAKES = 3;

export function writeLetter(input: LetterInput, measure: MeasureText = standardFontMeasure): WrittenLetter {
  let last: WrittenLetter | null = null;
  for (const kept of REASONS_KEPT) {
    for (let take = 0; take < TAKES; take++) {
      const parts = letterParts(input, kept, take);
      const spaced = parts.body.flatMap((p, i) => (i ? ['', p] : [p]));
      // From airiest to most compact: the first that fits one page wins. Blank lines between the body
      // paragraphs are the last spacing to go, since they matter most to a reader. Each candidate is
      // checked in its own font (section 9 picks it by a hash of the text), so a more compact one is
      // not always the one that fits.
      const layouts = [
        [parts.date, '', ...parts.header, '', parts.salutation, '', ...spaced, '', parts.closing, ...parts.signature],
        [parts.date, ...parts.header, parts.salutation, '', ...spaced, '', parts.closing, ...parts.signature],
        [parts.date, '', ...parts.header, '', parts.salutation, '', ...parts.body, '', parts.closing, ...parts.signature],
        [parts.date, ...parts.header, parts.salutation, '', ...parts.body, '', parts.closing, ...parts.signature],
        [parts.date, ...parts.header, parts.salutation, ...parts.body, parts.closing, ...parts.signature],
      ].map((lines) => lines.join('\n'));
      const fitting = layouts.find((text) => layoutLetter(text, measure).fitsOnePage);
      if (fitting) return { subject: parts.subject, letter_content: fitting };
      // Nothing fits (a very long note or point): the most compact letter, which the PDF may spill.
      last = { subject: parts.subject, letter_content: layouts[layouts.length - 1]! };
    }
  }
  return last!;
}

/**
 * The letter as a person would write it: who they are and what they ask in one sentence; their own
 * words next, unedited; the organiser's points together in one paragraph, each said once as the
 * organiser wrote it, with no sentence about the points themselves; then why it matters to them
 * and their thanks. The perspective is named by the opening (and at most once more, by the thanks).
 */
function letterParts(input: LetterInput, reasonsKept: number, take: number) {
  const { campaign, publicComment: pc, perspective, supporter: s } = input;
  const language = input.language ?? DEFAULT_LANGUAGE;
  const book = PHRASEBOOKS[language];
  const voice = book.voices[perspective];
  const city = s.city;
  const seed = [
    perspective,
    s.name.toLowerCase(),
    s.email.toLowerCase(),
    city.toLowerCase(),
    campaign.title,
    input.points.map((p) => p.id).join(','),
    ...(input.position ? [input.position.position] : []),
    ...(take > 0 ? [`take ${take}`] : []),
  ].join('\u0000');

  const prose = [campaign.description, ...input.points.map((p) => p.talking_points)].join('\n');
  // The organiser words every offered choice (contract/position.ts); the plain name only if a wording went missing.
  const stance = input.position && { position: input.position.position, label: input.position.label.trim() || book.positionNames[input.position.position] };
  const frame = book.frame(pc, pc.decision_body ?? book.fallbackBody, campaign.title, prose, stance ?? undefined, input.addressee ?? undefined);

  // Who writes and what they ask; then, where the campaign asks one, where they stand.
  const ask = frame.opening(pick(voice.introductions, seed, 'introduction')(city), pick(frame.asks, seed, 'ask'));
  const opening = stance ? `${ask} ${frame.stance(stance.label)}` : ask;
  const note = input.personalNote?.trim() ? [input.personalNote] : [];
  // No talking points at all: the campaign's own description is its core message, for a writer in
  // favour; one against or neutral says nothing of the campaign's case they did not choose.
  const points =
    input.points.length > 0
      ? input.points.flatMap((p) => carriedSentences(pointSentences(p.talking_points, language), `${seed}\u0000${p.id}`, language))
      : speaksForCampaign(stance?.position)
        ? [leadSentences(campaign.description, undefined, language)]
        : [];
  const reasons = [
    frame.motive(pick(book.motiveLeads, seed, 'motive lead'), pick(voice.motives, seed, 'motive')),
    frame.reflection(pick(book.reflectionLeads, seed, 'reflection lead'), pick(voice.reflections, seed, 'reflection')),
    frame.stake(pick(book.stakeLeads, seed, 'stake lead'), pick(voice.stakes, seed, 'stake')(city)),
  ].slice(0, reasonsKept);
  const thanks = frame.thanks(pick(book.thanks, seed, 'thanks'), pick(book.hearingVerbs, seed, 'hearing'), pick(voice.listeners, seed, 'listener'));

  const place = [s.city, s.state].filter((part) => part.trim()).join(', ');
  return {
    subject: frame.subject,
    date: humanDate(input.date, language),
    header: frame.header,
    salutation: frame.salutation,
    body: [opening, ...note, ...(points.length ? [points.join(' ')] : []), [...reasons, thanks].join(' ')],
    closing: pick(book.closings, seed, 'closing'),
    // Name, city and district only: street, e-mail and phone travel with the letter as fields (the
    // clerk's CSV has them), never in a text the decision body may publish.
    signature: [s.name, place, ...(input.district ? [input.district] : [])],
  };
}
