/**
 * The Spanish letter's frame: 'Para:' and 'Asunto:' lines, the greeting, how picked parts join into
 * sentences, and the ask. The wordings are es/perspectives.ts's and es/voices.ts's.
 */
import { speaksForCampaign } from '../../contract/position';
import { addressedTo } from '../addressee';
import { endSentence, type Phrasebook } from '../phrasebook';
import { humanDate } from '../phrasing';
import { DECISION_BODY_FALLBACKS, type PublicComment } from '../public-comment';
import { decisionBody, subject as asSubject, to, type DecisionBody } from './decision-body';
import { CLOSINGS, HEARING_VERBS, MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, THANKS } from './perspectives';
import { generalActionEs, requestedActionEs, type SpanishAction } from './request-action';
import { VOICES } from './voices';

/**
 * A part's marks for the reader's number resolved: 'le{s} pido que tome{n}' is 'les pido que
 * tomen' to a council, 'le pido que tome' to one person.
 */
export function addressed(text: string, youPlural: boolean): string {
  return text.replace(/\{(n|s|es)\}/g, (_, ending: string) => (youPlural ? ending : ''));
}

/**
 * The ask, completing an introduction after ' y ': the body, what the title asks. A body whose
 * article is known is named ('insto al Concejo Municipal a que apruebe...', the verb agreeing with
 * it); one that is not ('Springfield City Council', or two addressees) is spoken to ('les insto a
 * que aprueben...'), so no wording guesses a gender.
 */
type Ask = (b: DecisionBody, act: SpanishAction) => string;
const ASKS: readonly Ask[] = [
  (b, act) => (b.article ? `solicito respetuosamente ${to(b)} que ${agreeing(b, act)}` : `le{s} solicito respetuosamente que ${yours(b, act)}`),
  (b, act) => (b.article ? `insto ${to(b)} a que ${agreeing(b, act)}` : `le{s} insto a que ${yours(b, act)}`),
  (b, act) => `le{s} pido que ${yours(b, act)}`,
  (b, act) => `le{s} escribo para pedirle{s} que ${yours(b, act)}`,
  (b, act) => (b.article ? `hago un llamado ${to(b)} para que ${agreeing(b, act)}` : `le{s} hago un llamado para que ${yours(b, act)}`),
  (b, act) => (b.article ? `espero que ${asSubject(b)} ${agreeing(b, act)}` : `espero que usted{es} ${yours(b, act)}`),
  (b, act) => (b.article ? `${b.plural ? 'les' : 'le'} pediría ${to(b)} que ${agreeing(b, act)}` : `le{s} pediría que ${yours(b, act)}`),
  (b, act) => (b.article ? `animo ${to(b)} a que ${agreeing(b, act)}` : `le{s} animo a que ${yours(b, act)}`),
];

/** 'y', or 'e' before a word that opens with the sound i ('e insto', but 'y hielo' keeps its y). */
const and = (next: string) => (/^h?i(?![aeiouáéó])/i.test(next) ? 'e' : 'y');

/** The verb agreeing with the body as its subject: 'que el Concejo apruebe', 'que los comisionados aprueben'. */
const agreeing = (b: DecisionBody, act: SpanishAction) => (b.plural ? act.phrase : act.singular);
/** The verb agreeing with the reader: 'que (ustedes) aprueben', 'que (usted) apruebe'. */
const yours = (b: DecisionBody, act: SpanishAction) => (b.youPlural ? act.phrase : act.singular);

export const SPANISH: Phrasebook = {
  voices: VOICES,
  motiveLeads: MOTIVE_LEADS,
  reflectionLeads: REFLECTION_LEADS,
  stakeLeads: STAKE_LEADS,
  hearingVerbs: HEARING_VERBS,
  thanks: THANKS,
  closings: CLOSINGS,
  fallbackBody: DECISION_BODY_FALLBACKS.es,
  positionNames: { support: 'A favor', oppose: 'En contra', neutral: 'Neutral' },
  frame(pc, typedBody, title, prose, stance, person) {
    const body = decisionBody(typedBody);
    // A letter to one representative speaks to them (usted), whatever the body is.
    const you = (sentence: string) => addressed(sentence, person ? false : body.youPlural);
    const subject = subjectLine(pc, title);
    const addressee =
      pc.jurisdiction && !typedBody.toLowerCase().includes(pc.jurisdiction.toLowerCase()) ? `${typedBody}, ${pc.jurisdiction}` : typedBody;
    // Only a writer in favour takes up what the title asks; one against or neutral asks in general words.
    const act = !speaksForCampaign(stance?.position) ? generalActionEs() : requestedActionEs(title, prose);
    const toPerson = person && addressedTo('es', person);
    return {
      subject,
      header: toPerson ? [toPerson.to, `CC: ${addressee}`, `Asunto: ${subject}`] : [`Para: ${addressee}`, `Asunto: ${subject}`],
      salutation: toPerson ? toPerson.salutation : body.salutation,
      asks: ASKS.map((ask) => you(ask(body, act))),
      // 'Crío a mis hijos en Springfield y les pido que...'. After a clause that already holds a
      // comma, a comma before 'y' marks where the second clause starts.
      opening: (intro, ask) => you(`${intro}${intro.includes(',') ? ',' : ''} ${and(ask)} ${ask}.`),
      motive: (lead, motive) => you(`${lead} ${motive}.`),
      reflection: (lead, reflection) => you(`${lead} ${reflection}.`),
      stake: (lead, stake) => you(`${lead} ${stake}.`),
      thanks: (thanks, hearing, listener) => you(`${thanks} y por ${hearing} ${listener}.`),
      stance: (label) => `Mi posición: ${endSentence(label)}`,
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
