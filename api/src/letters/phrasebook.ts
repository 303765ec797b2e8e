/**
 * What the writer takes from a language: the voices and shared lists its framing sentences are
 * picked from, and the frame of a letter to one meeting (address, subject, greeting, how sentences
 * join). write-letter.ts does the picking, by the same hashes for every language; a phrasebook
 * only says how its language puts the picked parts together.
 *
 * English is here; Spanish is es/phrasebook.ts, written in its own words (no translation at run
 * time), list for list as long as English's.
 */
import { speaksForCampaign, type Perspective, type Position } from '../contract';
import { addressedTo, type Addressee } from './addressee';
import { humanDate } from './phrasing';
import { ASKS, CLOSINGS, HEARING_VERBS, MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, THANKS, VOICES, type Voice } from './perspectives';
import { DECISION_BODY_FALLBACKS, type PublicComment } from './public-comment';
import { GENERAL_ACTION, requestedAction } from './request-action';

export interface Phrasebook {
  voices: Record<Perspective, Voice>;
  motiveLeads: readonly string[];
  reflectionLeads: readonly string[];
  stakeLeads: readonly string[];
  hearingVerbs: readonly string[];
  thanks: readonly string[];
  /** The sign-offs a letter may close with (the line after the body). */
  closings: readonly string[];
  /** The decision body a letter addresses when nobody set one. */
  fallbackBody: string;
  /** A position's plain name, stated when the organiser's wording for it went missing. */
  positionNames: Record<Position, string>;
  /**
   * The frame of a letter to this decision body about this campaign. `body` is the decision body
   * as set (or the fallback); `prose` is the campaign's own text, which the request's casing is
   * learned from. `person`: the writer's representative, when the letter is written to them (the
   * body in copy).
   */
  frame(pc: PublicComment, body: string, title: string, prose: string, stance?: Stance, person?: Addressee): LetterFrame;
}

/**
 * The position a writer took, where the campaign asks one, with the organiser's words for it
 * ('Keep the park public'). Only `support` takes up what the campaign's title asks; a writer who
 * opposes or stands neutral asks in general words, and their choice says where they stand.
 */
export interface Stance {
  position: Position;
  label: string;
}

export interface LetterFrame {
  subject: string;
  /** The address lines (To, and Cc where the letter goes to a representative) and the subject line that head the letter. */
  header: string[];
  salutation: string;
  /** The ask's wordings, each naming the body and what the campaign asks of it. */
  asks: readonly string[];
  /** Who writes and what they ask, one sentence: 'I am a parent in Springfield' + ', and ' + an ask. */
  opening(intro: string, ask: string): string;
  motive(lead: string, motive: string): string;
  reflection(lead: string, reflection: string): string;
  stake(lead: string, stake: string): string;
  thanks(thanks: string, hearing: string, listener: string): string;
  /** Where the writer stands, in the organiser's words for their choice: 'My position: Keep the park public.' */
  stance(label: string): string;
}

export const ENGLISH: Phrasebook = {
  voices: VOICES,
  motiveLeads: MOTIVE_LEADS,
  reflectionLeads: REFLECTION_LEADS,
  stakeLeads: STAKE_LEADS,
  hearingVerbs: HEARING_VERBS,
  thanks: THANKS,
  closings: CLOSINGS,
  fallbackBody: DECISION_BODY_FALLBACKS.en,
  positionNames: { support: 'In favour', oppose: 'Opposed', neutral: 'Neutral' },
  frame(pc, body, title, prose, stance, person) {
    const bodyName = body.replace(/^the\s+/i, '');
    const subject = subjectLine(pc, title);
    const addressee = pc.jurisdiction && !body.toLowerCase().includes(pc.jurisdiction.toLowerCase()) ? `${body}, ${pc.jurisdiction}` : body;
    // A body named after a person or office is greeted directly ('Dear Mayor and Council,'). 'Hon.'
    // stands outside the \b: no word boundary follows its full stop.
    const salutation = /^((mayor|honorable|chair|commissioner|supervisor|councilmember|director)\b|hon\.)/i.test(bodyName)
      ? `Dear ${bodyName},`
      : `Dear Members of the ${bodyName},`;
    const action = !speaksForCampaign(stance?.position) ? GENERAL_ACTION : requestedAction(title, prose).phrase;
    const toPerson = person && addressedTo('en', person);
    return {
      subject,
      header: toPerson ? [toPerson.to, `Cc: ${addressee}`, `Re: ${subject}`] : [`To: ${addressee}`, `Re: ${subject}`],
      salutation: toPerson ? toPerson.salutation : salutation,
      asks: ASKS.map((ask) => ask(bodyName, action)),
      opening: (intro, ask) => `${intro}, and ${ask}.`,
      motive: (lead, motive) => `${lead} ${motive}.`,
      reflection: (lead, reflection) => `${lead} ${reflection}.`,
      stake: (lead, stake) => `${lead} ${stake}.`,
      thanks: (thanks, hearing, listener) => `${thanks}, and for ${hearing} ${listener}.`,
      stance: (label) => `My position: ${endSentence(label)}`,
    };
  },
};

/**
 * What the letter is about, with only what someone set: 'Riverside Park Rezoning, Agenda Item 7B,
 * January 14, 2027', or just the campaign's title when the campaign has no Public Comment fields.
 */
function subjectLine(pc: PublicComment, title: string): string {
  const item = pc.agenda_item_number ? `Agenda Item ${agendaItem(pc.agenda_item_number)}` : null;
  const date = pc.meeting_date ? humanDate(pc.meeting_date) : null;
  return [pc.project_name ?? title, item, date && (item ? date : `Meeting of ${date}`)].filter(Boolean).join(', ');
}

/** 'Item 7B' or 'Agenda Item #7B' as typed by an admin reads '7B' after our own 'Agenda Item'. */
function agendaItem(value: string): string {
  return value.replace(/^(agenda\s+)?item\b\s*(no\.?|#)?\s*/i, '').trim() || value;
}

/** The organiser's words as a sentence of the letter: its own full stop, or one added. */
export const endSentence = (words: string) => (/[.!?]["'”»)]*$/.test(words.trim()) ? words.trim() : `${words.trim()}.`);
