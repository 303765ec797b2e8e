/**
 * The Spanish letter's frame: 'Para:' and 'Asunto:' lines, the greeting, how picked parts join into
 * sentences, and the request. The wordings are es/perspectives.ts's and es/voices.ts's.
 */
import type { Phrasebook } from '../phrasebook';
import { humanDate } from '../phrasing';
import { DECISION_BODY_FALLBACKS, type PublicComment } from '../public-comment';
import { decisionBody, subject as asSubject, to, type DecisionBody } from './decision-body';
import { CLOSINGS, HEARING_VERBS, INTRODUCTION_ENDS, MOTIVE_LEADS, PREFACES, REFLECTION_LEADS, REMARKS, THANKS } from './perspectives';
import { requestedActionEs, type SpanishAction } from './request-action';
import { VOICES } from './voices';

/**
 * A part's marks for the reader's number resolved: 'le{s} pido que tome{n}' is 'les pido que
 * tomen' to a council, 'le pido que tome' to one person.
 */
export function addressed(text: string, youPlural: boolean): string {
  return text.replace(/\{(n|s|es)\}/g, (_, ending: string) => (youPlural ? ending : ''));
}

/**
 * The request: the body, what the title asks, the perspective's stake. A body whose article is
 * known is named ('Insto al Concejo Municipal a que apruebe...', the verb agreeing with it); one
 * that is not ('Springfield City Council', or two addressees) is spoken to ('Les insto a que
 * aprueben...'), so no wording guesses a gender.
 */
type Request = (b: DecisionBody, act: SpanishAction, stake: string) => string;
const REQUESTS: readonly Request[] = [
  (b, act, stake) =>
    b.article ? `Solicito respetuosamente ${to(b)} que ${agreeing(b, act)}, ${stake}.` : `Le{s} solicito respetuosamente que ${yours(b, act)}, ${stake}.`,
  (b, act, stake) => (b.article ? `Insto ${to(b)} a que ${agreeing(b, act)}, ${stake}.` : `Le{s} insto a que ${yours(b, act)}, ${stake}.`),
  (b, act, stake) => `Le{s} pido que ${yours(b, act)}, ${stake}.`,
  (b, act, stake) => `Por favor, ${yours(b, act)}, ${stake}.`,
  (b, act, stake) =>
    b.article ? `Hago un llamado ${to(b)} para que ${agreeing(b, act)}, ${stake}.` : `Le{s} hago un llamado para que ${yours(b, act)}, ${stake}.`,
  (b, act, stake) => (b.article ? `Espero que ${asSubject(b)} ${agreeing(b, act)}, ${stake}.` : `Espero que usted{es} ${yours(b, act)}, ${stake}.`),
  (b, act, stake) =>
    b.article ? `${b.plural ? 'Les' : 'Le'} pediría ${to(b)} que ${agreeing(b, act)}, ${stake}.` : `Le{s} pediría que ${yours(b, act)}, ${stake}.`,
  (b, act, stake) => (b.article ? `Animo ${to(b)} a que ${agreeing(b, act)}, ${stake}.` : `Le{s} animo a que ${yours(b, act)}, ${stake}.`),
];

/** The verb agreeing with the body as its subject: 'que el Concejo apruebe', 'que los comisionados aprueben'. */
const agreeing = (b: DecisionBody, act: SpanishAction) => (b.plural ? act.phrase : act.singular);
/** The verb agreeing with the reader: 'que (ustedes) aprueben', 'que (usted) apruebe'. */
const yours = (b: DecisionBody, act: SpanishAction) => (b.youPlural ? act.phrase : act.singular);

export const SPANISH: Phrasebook = {
  voices: VOICES,
  introductionEnds: INTRODUCTION_ENDS,
  motiveLeads: MOTIVE_LEADS,
  remarks: REMARKS,
  prefaces: PREFACES,
  reflectionLeads: REFLECTION_LEADS,
  hearingVerbs: HEARING_VERBS,
  thanks: THANKS,
  closings: CLOSINGS,
  fallbackBody: DECISION_BODY_FALLBACKS.es,
  frame(pc, typedBody, title, prose) {
    const body = decisionBody(typedBody);
    const you = (sentence: string) => addressed(sentence, body.youPlural);
    const subject = subjectLine(pc, title);
    const addressee =
      pc.jurisdiction && !typedBody.toLowerCase().includes(pc.jurisdiction.toLowerCase()) ? `${typedBody}, ${pc.jurisdiction}` : typedBody;
    const act = requestedActionEs(title, prose);
    return {
      subject,
      header: [`Para: ${addressee}`, `Asunto: ${subject}`],
      salutation: body.salutation,
      requests: REQUESTS.map((request) => (stake: string) => you(request(body, act, stake))),
      // 'Tengo tierras en Springfield y sigo de cerca esta decisión.' After a clause that already
      // holds a comma, a comma before 'y' marks where the second clause starts.
      introduction: (intro, end) => you(`${intro}${intro.includes(',') ? ',' : ''} y ${end}.`),
      motive: (lead, motive) => you(`${lead} ${motive}.`),
      aside: (aside, clause) => you(`${aside}, ${clause}.`),
      reflection: (lead, reflection) => you(`${lead} ${reflection}.`),
      thanks: (thanks, hearing, listener) => you(`${thanks} y por ${hearing} ${listener}.`),
    };
  },
};

/**
 * What the letter is about, with only what someone set: 'Plan de Riverside, punto 7B del orden del
 * día, sesión del 14 de enero de 2027', or just the campaign's title. The parts after the first are
 * common nouns after a comma, so in lower case (RAE, Ortografía 2010).
 */
function subjectLine(pc: PublicComment, title: string): string {
  const item = pc.agenda_item_number ? `punto ${agendaItem(pc.agenda_item_number)} del orden del día` : null;
  const date = pc.meeting_date ? `sesión del ${humanDate(pc.meeting_date, 'es')}` : null;
  return [pc.project_name ?? title, item, date].filter(Boolean).join(', ');
}

/** 'Punto 7B', 'punto n.º 4' or 'Item 12' as typed by an admin reads '7B' after our own 'punto'. */
function agendaItem(value: string): string {
  return (
    value
      .replace(/^(?:punto|ítem|item|asunto)(?![\p{L}\p{N}])\s*(?:del\s+orden\s+del\s+día|de\s+la\s+agenda)?\s*(?:n\.?\s*[º°]\.?|nº|núm\.?|número|no\.?|#)?\s*/iu, '')
      .trim() || value
  );
}
