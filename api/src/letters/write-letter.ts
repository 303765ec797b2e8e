/**
 * Writes a supporter's letter to the decision body. Pure and deterministic: the same input gives
 * the same letter (no randomness, no clock).
 *
 * The admin's talking points are the substance, carried in the organiser's own words as their own
 * sentences; everything around them is the supporter's voice (perspectives.ts), never a category
 * or title pasted into a template. Variants of every framing sentence are picked by a hash of who
 * is writing and what they chose, so letters from different perspectives share no framing sentence
 * and letters from one perspective rarely do: a clerk should not be able to file them as one form
 * letter (write-letter.test.ts measures how many sentences any two letters share).
 *
 * The letter is written in the campaign's language from that language's own phrasebook (English in
 * phrasebook.ts, Spanish in es/): the same picks by the same hashes, never a translation at run time.
 */
import type { Perspective } from '../contract';
import { DEFAULT_LANGUAGE, type Language } from '../contract/languages';
import { layoutLetter, type MeasureText } from '../contract/letter-layout';
import { SPANISH } from './es/phrasebook';
import { standardFontMeasure } from './font-metrics';
import { ENGLISH, type Phrasebook } from './phrasebook';
import { carriedSentences, leadSentences, pick, pointSentences, shuffled } from './phrasing';
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
  /** The supporter's own words, printed verbatim. */
  personalNote: string | null;
  /** The campaign's language, which the letter is written in; English when absent. */
  language?: Language;
}

export interface WrittenLetter {
  subject: string;
  letter_content: string;
}

export { CLOSINGS } from './perspectives';

/** The sign-offs of a letter in any language: what opens its signature block. */
export const ALL_CLOSINGS: readonly string[] = Object.values(PHRASEBOOKS).flatMap((book) => book.closings);

/**
 * How much of the supporter's framing a letter keeps, from all of it to the least that still reads
 * as a letter. A long selection or note drops framing before the letter spills onto a second page;
 * the organiser's points and the supporter's note are never cut. `framesPerPoint` is how many of
 * the supporter's sentences frame each point (a preface before it, a remark after it), as far as
 * the perspective's asides go: each aside is used at most once a letter.
 */
const RICHNESS = [
  { framesPerPoint: 2, reflection: true, motive: true },
  { framesPerPoint: 1, reflection: true, motive: true },
  { framesPerPoint: 0.5, reflection: true, motive: true },
  { framesPerPoint: 0, reflection: false, motive: true },
  { framesPerPoint: 0, reflection: false, motive: false },
] as const;
type Richness = (typeof RICHNESS)[number];

/**
 * Other wordings tried at one richness before framing is dropped. Section 9 sets a letter in
 * Times, Helvetica or Courier by a hash of its text, and Courier holds about a quarter fewer
 * characters a line: another wording is another font, and often fits where the first did not.
 */
const TAKES = 3;

export function writeLetter(input: LetterInput, measure: MeasureText = standardFontMeasure): WrittenLetter {
  let last: WrittenLetter | null = null;
  for (const richness of RICHNESS) {
    for (let take = 0; take < TAKES; take++) {
      const parts = letterParts(input, richness, take);
      const spaced = parts.body.flatMap((p, i) => (i ? ['', p] : [p]));
      // From airiest to most compact: the first that fits one page wins. Blank lines between the body
      // paragraphs are the last spacing to go, since they matter most to a reader. Each candidate is
      // checked in its own font (section 9 picks it by a hash of the text), so a more compact one is
      // not always the one that fits.
      const layouts = [
        [...parts.header, '', parts.salutation, '', ...spaced, '', parts.closing, ...parts.signature],
        [...parts.header, parts.salutation, '', ...spaced, '', parts.closing, ...parts.compactSignature],
        [...parts.header, '', parts.salutation, '', ...parts.body, '', parts.closing, ...parts.signature],
        [...parts.header, parts.salutation, '', ...parts.body, '', parts.closing, ...parts.compactSignature],
        [...parts.header, parts.salutation, ...parts.body, parts.closing, ...parts.compactSignature],
      ].map((lines) => lines.join('\n'));
      const fitting = layouts.find((text) => layoutLetter(text, measure).fitsOnePage);
      if (fitting) return { subject: parts.subject, letter_content: fitting };
      // Nothing fits (a very long note or point): the most compact letter, which the PDF may spill.
      last = { subject: parts.subject, letter_content: layouts[layouts.length - 1]! };
    }
  }
  return last!;
}

function letterParts(input: LetterInput, richness: Richness, take: number) {
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
    ...(take > 0 ? [`take ${take}`] : []),
  ].join('\u0000');

  const prose = [campaign.description, ...input.points.map((p) => p.talking_points)].join('\n');
  const frame = book.frame(pc, pc.decision_body ?? book.fallbackBody, campaign.title, prose);

  const opening = [
    frame.introduction(pick(voice.introductions, seed, 'introduction')(city), pick(book.introductionEnds, seed, 'introduction end')),
    ...(richness.motive ? [frame.motive(pick(book.motiveLeads, seed, 'motive lead'), pick(voice.motives, seed, 'motive'))] : []),
  ];

  // No talking points at all: the campaign's own description is its core message.
  const carried =
    input.points.length > 0
      ? input.points.map((p) => carriedSentences(pointSentences(p.talking_points, language), `${seed}\u0000${p.id}`, language))
      : [[leadSentences(campaign.description, undefined, language)]];
  const asides = shuffled(voice.asides, seed, 'asides').map((aside) => aside(city));
  const remarks = shuffled(book.remarks, seed, 'remarks');
  const prefaces = shuffled(book.prefaces, seed, 'prefaces');
  // The first points get a preface and a remark while the asides last, the rest one of the two.
  const frames = Math.min(asides.length, Math.ceil(carried.length * richness.framesPerPoint));
  const framedPoints = carried.map((sentences, i) => {
    const point = sentences.join(' ');
    const preface = () => frame.aside(asides.shift()!, prefaces.shift()!);
    const remark = () => frame.aside(asides.shift()!, remarks.shift()!);
    if (i < frames - carried.length) return `${preface()} ${point} ${remark()}`;
    if (i >= frames) return point;
    // About one point in three is led into; the others are answered.
    return pick([true, false, false], seed, `shape${i}`) ? `${preface()} ${point}` : `${point} ${remark()}`;
  });
  // Four points or more go two to a paragraph: as many paragraphs would waste the page's last lines.
  const perParagraph = framedPoints.length >= 4 ? 2 : 1;
  const pointParagraphs = framedPoints
    .map((_, i) => framedPoints.slice(i, i + perParagraph).join(' '))
    .filter((_, i) => i % perParagraph === 0);

  const request = pick(frame.requests, seed, 'request')(pick(voice.stakes, seed, 'stake')(city));
  const thanks = frame.thanks(pick(book.thanks, seed, 'thanks'), pick(book.hearingVerbs, seed, 'hearing'), pick(voice.listeners, seed, 'listener'));
  const reflection = frame.reflection(pick(book.reflectionLeads, seed, 'reflection lead'), pick(voice.reflections, seed, 'reflection'));
  const closingParagraph = [...(richness.reflection ? [reflection] : []), request, thanks];

  const note = input.personalNote?.trim() ? [input.personalNote] : [];
  const cityLine = `${s.city}, ${s.state} ${s.zip_code}`;
  const contact = s.phone_number ? [s.email, s.phone_number] : [s.email];
  return {
    subject: frame.subject,
    header: frame.header,
    salutation: frame.salutation,
    body: [opening.join(' '), ...pointParagraphs, ...note, closingParagraph.join(' ')],
    closing: pick(book.closings, seed, 'closing'),
    signature: [s.name, s.street_address, cityLine, ...contact],
    compactSignature: [s.name, `${s.street_address}, ${cityLine}`, contact.join(' | ')],
  };
}
