/**
 * The rules a letter is written by (issue 24), held in each language by one suite: over every
 * perspective and every selection of one to three points on every demo campaign in that language,
 * and over a thousand letters of random writers to one campaign.
 */
import { describe, expect, it } from 'vitest';
import { PERSPECTIVES, POSITIONS, type Perspective, type Position } from '../contract';
import type { Language } from '../contract/languages';
import { DEMO_CAMPAIGNS, type DemoCampaignData } from '../db/demo-data';
import * as ES from './es/perspectives';
import * as EN from './perspectives';
import { humanDate, pointSentences, splitSentences } from './phrasing';
import { resolvePublicComment } from './public-comment';
import { ALL_CLOSINGS, writeLetter, type LetterInput, type LetterPoint } from './write-letter';

const DATE = '2026-11-27';

/** Words that name who the writer is, per perspective: a letter names its writer's at most twice. */
const NAMING: Record<Language, Record<Perspective, RegExp>> = {
  en: {
    landowner: /\blandowners?\b|\bown(?:s)? land\b|\bowner of land\b/gi,
    educator: /\beducators?\b|\bteachers?\b/gi,
    homeowner: /\bhomeowners?\b/gi,
    parent: /\bparents?\b/gi,
    business_owner: /\bbusiness owners?\b|\bsmall business\b/gi,
    student: /\bstudents?\b/gi,
    retiree: /\bretirees?\b/gi,
    healthcare_worker: /\bhealth ?care workers?\b|\bnurses?\b/gi,
    veteran: /\bveterans?\b/gi,
    community_member: /\bcommunity members?\b/gi,
  },
  es: {
    landowner: /titular de tierras/gi,
    educator: /\bdocentes?\b/gi,
    homeowner: /vivienda propia|casa propia/gi,
    parent: /\bmis hijos\b/gi,
    business_owner: /\bmi negocio\b|\b(?:tengo|llevo|dirijo) un negocio\b/gi,
    student: /\bestudiantes?\b/gi,
    retiree: /\bjubil\p{L}*/giu,
    healthcare_worker: /profesional(?:es)? de la salud/gi,
    veteran: /\bveteran\p{L}*|fuerzas armadas/giu,
    community_member: /integrante de la comunidad|residente/gi,
  },
};

/** Sentences about the points themselves, the mark of a template: none may remain. */
const ABOUT_POINTS: Record<Language, RegExp> = {
  en: /\bpoints?\b|add my (?:support|voice) to|stands out to me/i,
  es: /\bpuntos?\b(?! de vista)|sumo mi apoyo a|destaca para mí/i,
};

const AS_A: Record<Language, RegExp> = { en: /^As (?:a|an|the|someone)\b/, es: /^Como\b/ };

interface Case {
  campaign: DemoCampaignData;
  points: LetterPoint[];
}

const campaignsIn = (language: Language) => DEMO_CAMPAIGNS.filter((c) => (c.campaign.language ?? 'en') === language);
const pointsOf = (c: DemoCampaignData): LetterPoint[] =>
  c.points.filter((p) => p.is_active !== false).map((p, i) => ({ id: i + 1, category: p.category, talking_points: p.talking_points }));

/** Every selection of one to three of the points, in their order. */
function selections(points: LetterPoint[]): LetterPoint[][] {
  const out: LetterPoint[][] = [];
  const pickFrom = (start: number, chosen: LetterPoint[]) => {
    if (chosen.length) out.push(chosen);
    if (chosen.length === 3) return;
    for (let i = start; i < points.length; i++) pickFrom(i + 1, [...chosen, points[i]!]);
  };
  pickFrom(0, []);
  return out;
}

/** Organisers' words for the positions, as Basic Info takes them. */
const STANCES: Record<Language, Record<Position, string>> = {
  en: { support: 'Keep the park public', oppose: 'Allow the rezoning', neutral: 'Study other sites before deciding' },
  es: { support: 'Mantener el parque público', oppose: 'Permitir el cambio de zonificación', neutral: 'Estudiar otros sitios antes de decidir' },
};
const STANCE_LEAD: Record<Language, string> = { en: 'My position: ', es: 'Mi posición: ' };

function letterFor(
  language: Language,
  { campaign, points }: Case,
  perspective: Perspective,
  name = 'Ana Ruiz',
  personalNote: string | null = null,
  position: Position | null = null,
) {
  const input: LetterInput = {
    campaign: campaign.campaign,
    publicComment: resolvePublicComment(campaign.campaign, {}, DATE),
    perspective,
    supporter: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
      street_address: '12 Oak Ave',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62704',
      phone_number: '(217) 555-0142',
    },
    points,
    personalNote,
    position: position && { position, label: STANCES[language][position] },
    language,
    date: DATE,
  };
  return { input, text: writeLetter(input).letter_content };
}

/** The body's paragraphs: the lines between the greeting and the closing. */
function paragraphs(text: string): string[] {
  const lines = text.split('\n');
  // English greets 'Dear ...,'; Spanish ends its greeting with a colon, as no header line does.
  const greeting = lines.findIndex((l) => l.startsWith('Dear ') || (l.endsWith(':') && !/^(Para|Asunto):/.test(l)));
  const closing = lines.findIndex((l) => ALL_CLOSINGS.includes(l));
  return lines.slice(greeting + 1, closing).filter(Boolean);
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe.each(['en', 'es'] as const)('the writing rules, in %s', (language) => {
  const cases: Case[] = campaignsIn(language).flatMap((campaign) => selections(pointsOf(campaign)).map((points) => ({ campaign, points })));
  const every = cases.flatMap((c) => PERSPECTIVES.map((perspective) => ({ ...c, perspective, ...letterFor(language, c, perspective) })));

  it('has demo campaigns in this language to hold the rules over', () => {
    expect(cases.length).toBeGreaterThanOrEqual(7);
  });

  it('dates each letter the day it is written, in its language, on its first line', () => {
    for (const { text } of every) expect(text.split('\n')[0]).toBe(humanDate(DATE, language));
  });

  it('names the perspective once, at most twice, and opens at most one sentence with "As a"', () => {
    for (const { text, perspective } of every) {
      const framing = paragraphs(text).join(' ');
      const named = framing.match(NAMING[language][perspective])?.length ?? 0;
      expect(named, text).toBeLessThanOrEqual(2);
      const asA = splitSentences(framing, language).filter((s) => AS_A[language].test(s));
      expect(asA.length, text).toBeLessThanOrEqual(1);
    }
  });

  it('says each chosen point once, as the organiser wrote it, all of them together, and no sentence about them', () => {
    for (const { text, points } of every) {
      const said = points.flatMap((p) => pointSentences(p.talking_points, language));
      const together = said.join(' ');
      expect(paragraphs(text), text).toContain(together);
      for (const sentence of said) expect(text.split(sentence).length - 1, sentence).toBe(1);
      const others = paragraphs(text).filter((p) => p !== together);
      for (const sentence of splitSentences(others.join(' '), language)) expect(sentence).not.toMatch(ABOUT_POINTS[language]);
    }
  });

  it('never quotes the campaign title as if it were people or a place', () => {
    for (const { text, campaign } of every) {
      const title = campaign.campaign.title;
      for (const quoted of [`"${title}"`, `«${title}»`, `“${title}”`]) expect(text).not.toContain(quoted);
      expect(text).not.toMatch(/residents behind|residentes que impulsan/i);
    }
  });

  it('writes 110 to 260 words for up to three points without own words', () => {
    const counts = every.map(({ text }) => words(text));
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(110);
    expect(Math.max(...counts)).toBeLessThanOrEqual(260);
  });

  it("opens with who writes and what they ask, then the writer's own words, unedited", () => {
    const note = language === 'en' ? 'Our son was nearly hit there in May.  He still talks about it.' : 'A nuestro hijo casi lo atropellan allí en mayo.  Todavía habla de ello.';
    for (const c of cases.slice(0, 3)) {
      const { text } = letterFor(language, c, 'parent', 'Ana Ruiz', note);
      const body = paragraphs(text);
      expect(splitSentences(body[0]!, language)).toHaveLength(1);
      expect(body[1]).toBe(note);
    }
  });

  it("states where the writer stands at the end of the first paragraph, in the organiser's words; only a writer in favour takes up the campaign's ask", () => {
    for (const c of cases) {
      const [plainAsk] = paragraphs(letterFor(language, c, 'retiree').text);
      for (const position of POSITIONS) {
        const { text } = letterFor(language, c, 'retiree', 'Ana Ruiz', null, position);
        const [first, ...rest] = paragraphs(text);
        const sentences = splitSentences(first!, language);
        expect(sentences, text).toHaveLength(2);
        expect(sentences[1]).toBe(`${STANCE_LEAD[language]}${STANCES[language][position]}.`);
        // In favour, the ask is the campaign's, as without a position; against or neutral, general words.
        if (position === 'support') expect(sentences[0]!.endsWith(plainAsk!.split(' ').slice(-4).join(' ')), `${sentences[0]} / ${plainAsk}`).toBe(true);
        else expect(sentences[0], text).toMatch(language === 'en' ? /full weight in your decision\.$/ : /plenamente en cuenta lo que expongo en esta carta al decidir\.$/);
        expect(rest.join(' ')).not.toContain(STANCE_LEAD[language]);
        const n = words(text);
        expect(n, text).toBeGreaterThanOrEqual(110);
        expect(n, text).toBeLessThanOrEqual(260);
      }
    }
  });

  it("states a position's plain name where the organiser's wording went missing", () => {
    const plain = { en: 'My position: Opposed.', es: 'Mi posición: En contra.' }[language];
    const c = cases[0]!;
    for (const label of ['', '   ']) {
      const input = { ...letterFor(language, c, 'retiree').input, position: { position: 'oppose' as const, label } };
      const [first] = paragraphs(writeLetter(input).letter_content);
      expect(first!.endsWith(plain), first).toBe(true);
    }
  });

  it("says nothing of the campaign's case that a writer against it did not choose", () => {
    const campaign = campaignsIn(language)[0]!;
    for (const position of ['oppose', 'neutral'] as const) {
      const { text } = letterFor(language, { campaign, points: [] }, 'student', 'Ana Ruiz', null, position);
      for (const sentence of splitSentences(campaign.campaign.description, language)) expect(text).not.toContain(sentence);
      // Who writes and where they stand, then why it matters to them: no paragraph of points at all.
      expect(paragraphs(text), text).toHaveLength(2);
    }
    // In favour and without points, the campaign's description is its case.
    const { text } = letterFor(language, { campaign, points: [] }, 'student', 'Ana Ruiz', null, 'support');
    expect(text).toContain(splitSentences(campaign.campaign.description, language)[0]);
  });

  it('signs with the name and city, never the street, e-mail or phone', () => {
    for (const { text, input } of every.slice(0, 20)) {
      const signature = text.split('\n').slice(text.split('\n').findIndex((l) => ALL_CLOSINGS.includes(l)) + 1);
      expect(signature).toEqual([input.supporter.name, 'Springfield, IL']);
      for (const contact of [input.supporter.email, input.supporter.street_address, input.supporter.phone_number!]) expect(text).not.toContain(contact);
    }
  });

  it('thanks without saying a word twice: no thanks and hearing share a word', () => {
    const book = language === 'en' ? { thanks: EN.THANKS, hearing: EN.HEARING_VERBS } : { thanks: ES.THANKS, hearing: ES.HEARING_VERBS };
    const stems = (text: string) => new Set((text.toLowerCase().match(/\p{L}{5,}/gu) ?? []).map((w) => w.slice(0, 6)));
    for (const thanks of book.thanks) {
      for (const hearing of book.hearing) {
        const shared = [...stems(thanks)].filter((w) => stems(hearing).has(w));
        expect(shared, `${thanks} / ${hearing}`).toEqual([]);
      }
    }
  });

  it('writes the same letter from the same inputs', () => {
    for (const c of cases.slice(0, 3)) expect(letterFor(language, c, 'student').text).toBe(letterFor(language, c, 'student').text);
  });

  it('repeats no sentence but the points, the ask, the greeting and the closing in more than 5% of 1,000 letters to one campaign', () => {
    // A campaign's writers mostly live in one city: the city varies nothing here.
    let state = 0x2f6b1d;
    const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const FIRST = ['Ana', 'James', 'Aisha', 'Chen', 'Olivia', 'Diego', 'Fatima', 'Noah', 'Grace', 'Samuel', 'Lucía', 'Tomás'];
    const LAST = ['Ruiz', 'Okafor', 'Nguyen', 'Smith', 'Haddad', 'Kowalski', 'Brown', 'Patel', 'Lopez', 'Kim', 'Moreno'];
    const campaign = campaignsIn(language)[0]!;
    const all = pointsOf(campaign);
    const seen = new Map<string, number>();
    for (let n = 0; n < 1000; n++) {
      const name = `${FIRST[Math.floor(random() * FIRST.length)]} ${LAST[Math.floor(random() * LAST.length)]} ${n}`;
      const perspective = PERSPECTIVES[Math.floor(random() * PERSPECTIVES.length)]!;
      const points = all.filter(() => random() < 0.5);
      const chosen = points.length ? points.slice(0, 3) : [all[0]!];
      const { text } = letterFor(language, { campaign, points: chosen }, perspective, name);
      const [ask, ...rest] = paragraphs(text);
      expect(ask).toBeDefined();
      const own = rest.filter((p) => !all.some((point) => p.includes(point.talking_points)));
      for (const sentence of new Set(splitSentences(own.join(' '), language))) seen.set(sentence, (seen.get(sentence) ?? 0) + 1);
    }
    const [commonest, times] = [...seen].sort((a, b) => b[1] - a[1])[0]!;
    expect(times, commonest).toBeLessThanOrEqual(50);
  });
});
