import { describe, expect, it } from 'vitest';
import { PERSPECTIVES, type Perspective } from '../contract';
import { layoutLetter, letterFont, PDF_FONTS, type MeasureText } from '../contract/letter-layout';
import { standardFontMeasure } from './font-metrics';
import { jsPdfMeasure } from './jspdf-measure.test-support';
import { ASKS, HEARING_VERBS, MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, THANKS, VOICES } from './perspectives';
import { splitSentences } from './phrasing';
import { CLOSINGS, writeLetter, type LetterInput, type LetterPoint } from './write-letter';

const POINTS: LetterPoint[] = [
  {
    id: 11,
    category: 'Public Safety',
    talking_points:
      'Protected bike lanes on Riverside Drive would separate cyclists from traffic on the busiest corridor in the city, where eleven people were seriously hurt in the last three years alone.',
  },
  {
    id: 12,
    category: 'Local Economy',
    talking_points:
      'Cities that built protected lanes saw retail sales on those streets rise, because people on foot and on bikes stop more often and spend more at small local shops over a month than drivers do.',
  },
  {
    id: 13,
    category: 'Environment',
    talking_points:
      'Every short trip moved from a car to a bike cuts emissions and noise; the plan links three schools and two parks, giving families a safe way to leave the car at home for everyday errands and trips.',
  },
  {
    id: 14,
    category: 'Budget',
    talking_points:
      'State grants cover most of the cost, so the city pays a small share of a project that will serve residents for decades and lowers the cost of future road repairs on the corridor considerably.',
  },
];
const NOTE =
  'My daughter rides to Lincoln Middle School every morning and I hold my breath until she texts me that she arrived. Last spring a neighbor was hit by a driver who never saw her. Please do not wait for another family to get that phone call. A painted line is not protection; a curb is.';

const KNOWN = {
  decision_body: 'City Council',
  jurisdiction: 'City of Springfield',
  meeting_date: '2026-12-03',
  agenda_item_number: '7B',
  project_name: 'Riverside Drive Complete Streets Plan',
};
const UNKNOWN = { decision_body: null, jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null };

const input = (over: Partial<LetterInput> = {}): LetterInput => ({
  campaign: {
    title: 'Build Safe Bike Lanes on Riverside Drive',
    description: 'Riverside Drive needs protected bike lanes. Eleven people were hurt there in three years. The Council votes in December.',
  },
  publicComment: KNOWN,
  perspective: 'parent',
  supporter: {
    name: 'Jordan Alvarez-Whitfield',
    email: 'jordan.alvarez@example.org',
    street_address: '1234 Riverside Drive, Apt 5',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62704',
    phone_number: '(217) 555-0142',
  },
  points: POINTS.slice(0, 3),
  personalNote: NOTE,
  date: '2026-11-27',
  ...over,
});

/** The paragraphs between the salutation and the closing, blank lines dropped. */
function body(letter: string): string[] {
  const lines = letter.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Dear '));
  const end = lines.findIndex((l) => (CLOSINGS as readonly string[]).includes(l));
  return lines.slice(start + 1, end).filter(Boolean);
}
const sentences = (letter: string) => new Set(splitSentences(body(letter).join(' ')));

/** A letter cut into its blocks: the date, two header lines, the greeting, the paragraphs, the closing, the signature. */
function blocks(letter: string) {
  const lines = letter.split('\n');
  const to = lines.findIndex((l) => l.startsWith('To: '));
  const greeting = lines.findIndex((l) => l.startsWith('Dear '));
  const closing = lines.findIndex((l) => (CLOSINGS as readonly string[]).includes(l));
  return {
    date: lines[0]!,
    header: lines.slice(to, to + 2),
    greeting: lines[greeting]!,
    paragraphs: lines.slice(greeting + 1, closing).filter(Boolean),
    closing: lines[closing]!,
    signature: lines.slice(closing + 1),
  };
}

/**
 * The five ways a letter may be set, airiest first, rebuilt from its own blocks: blank lines around
 * the header and greeting, then between paragraphs, then every blank line go.
 */
function layouts(letter: string, signature: string[]): string[] {
  const { date, header, greeting, paragraphs, closing } = blocks(letter);
  const spaced = paragraphs.flatMap((p, i) => (i ? ['', p] : [p]));
  return [
    [date, '', ...header, '', greeting, '', ...spaced, '', closing, ...signature],
    [date, ...header, greeting, '', ...spaced, '', closing, ...signature],
    [date, '', ...header, '', greeting, '', ...paragraphs, '', closing, ...signature],
    [date, ...header, greeting, '', ...paragraphs, '', closing, ...signature],
    [date, ...header, greeting, ...paragraphs, closing, ...signature],
  ].map((l) => l.join('\n'));
}

/** Words for personal notes of any length. */
const noteOf = (words: number) =>
  `${Array.from({ length: words }, (_, i) => 'We need this now and every day that passes puts another child at risk on that road'.split(' ')[i % 18]).join(' ')}.`;

/** A regular expression matching any one of `options` exactly. */
const oneOf = (options: readonly string[]) => `(?:${options.map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
const shared = (a: string, b: string) => {
  const [sa, sb] = [sentences(a), sentences(b)];
  return [...sa].filter((s) => sb.has(s));
};

// Words only this perspective's opening uses, one of which every variant of it uses.
const VOICE_WORDS: Record<Perspective, RegExp> = {
  landowner: /\b(landowner|owns? land|hold land)\b/,
  educator: /\b(educator|teacher|teach|work with students)\b/,
  homeowner: /\b(homeowner|own my home|My home is)\b/,
  parent: /\b(parent|my children|raising a family)\b/,
  business_owner: /\bbusiness\b/,
  student: /\b(student|study|studying)\b/,
  retiree: /\b(retiree|retired|retirement)\b/,
  healthcare_worker: /\b(healthcare|patients)\b/,
  veteran: /\b(veteran|served)\b/,
  community_member: /\b(resident|member of the|live in|made my home)\b/,
};

describe('writeLetter', () => {
  it('writes the same letter for the same input, every time', () => {
    const a = writeLetter(input());
    const b = writeLetter(structuredClone(input()));
    expect(b).toEqual(a);
    expect(a.letter_content.length).toBeGreaterThan(800);
  });

  it("opens in each perspective's own voice, from the writer's city", () => {
    const openings = PERSPECTIVES.map((perspective) => {
      const letter = writeLetter(input({ perspective, supporter: { ...input().supporter, city: 'Maple Falls' } }));
      const opening = body(letter.letter_content)[0]!;
      expect(opening, perspective).toContain('Maple Falls');
      expect(opening, perspective).toMatch(VOICE_WORDS[perspective]);
      for (const other of PERSPECTIVES.filter((p) => p !== perspective && p !== 'community_member')) {
        expect(opening, `${perspective} sounds like ${other}`).not.toMatch(VOICE_WORDS[other]);
      }
      return opening;
    });
    expect(new Set(openings).size).toBe(PERSPECTIVES.length);
  });

  it("carries every chosen point in the organiser's words, in order, together among the supporter's sentences", () => {
    const letter = writeLetter(input({ points: [POINTS[0]!, POINTS[1]!], personalNote: null })).letter_content;
    const at = POINTS.slice(0, 2).map((p) => letter.indexOf(p.talking_points));
    expect(at[0]).toBeGreaterThan(0);
    expect(at[1]).toBeGreaterThan(at[0]!);
    expect(letter).not.toContain(POINTS[2]!.talking_points);
    // Each point stands as its own sentence, the two in one paragraph, with the supporter's around them.
    const all = [...sentences(letter)];
    for (const p of POINTS.slice(0, 2)) expect(all).toContain(p.talking_points);
    expect(body(letter)).toContain(`${POINTS[0]!.talking_points} ${POINTS[1]!.talking_points}`);
    expect(all.length).toBeGreaterThanOrEqual(1 + 2 + 4);
  });

  it('never pastes a category into a sentence, and reads right whatever the category is', () => {
    const weird: LetterPoint[] = [
      { id: 1, category: 'Alternatives', talking_points: 'The downtown garage is half empty on weekdays.' },
      { id: 2, category: 'Speed', talking_points: 'A 20 mph school zone gives drivers time to stop.' },
      { id: 3, category: 'Old idea', talking_points: 'Ask the district to move the school entrance.' },
    ];
    for (const perspective of PERSPECTIVES) {
      const letter = writeLetter(input({ perspective, points: weird, personalNote: null })).letter_content;
      const framing = weird.reduce((text, p) => text.replace(p.talking_points, ''), letter).toLowerCase();
      for (const p of weird) expect(framing, perspective).not.toContain(p.category.toLowerCase());
      // The phrasings issue 10 found, with a category in a slot.
      expect(letter).not.toMatch(/feel the effects of|as a lasting question|as a bottom-line question|I look closely at/);
    }
  });

  it("does not send two supporters of one perspective an identical letter", () => {
    const a = writeLetter(input()).letter_content;
    const b = writeLetter(input({ supporter: { ...input().supporter, name: 'Sam Okafor', email: 'sam@example.org' } })).letter_content;
    // The three points and the note are theirs to share; hardly anything else.
    expect(shared(a, b).length).toBeLessThanOrEqual(3 + 4 + 2);
    expect(body(a)[0]).not.toBe(body(b)[0]);
  });

  it('writes from the campaign description when no point is chosen, leaving out what speaks to supporters', () => {
    const letter = writeLetter(
      input({
        points: [],
        personalNote: null,
        campaign: { ...input().campaign, description: 'The lanes are unsafe. Tell the Council to act! Eleven people were hurt there in three years.' },
      }),
    ).letter_content;
    expect(body(letter)).toHaveLength(3);
    expect(body(letter)[1]).toContain('The lanes are unsafe. Eleven people were hurt there in three years.');
    expect(letter).not.toContain('Tell the Council');
  });

  it("puts the writer's own words first, verbatim, right after the sentence saying who writes and what they ask", () => {
    const note = 'I <b>ride</b> here daily & "care".\n<script>alert(1)</script>';
    const letter = writeLetter(input({ personalNote: note })).letter_content;
    expect(letter).toContain(`\n${note}\n`);
    const paragraphs = body(letter);
    expect(splitSentences(paragraphs[0]!)).toHaveLength(1);
    expect(paragraphs.slice(1, 3)).toEqual(note.split('\n'));
    const lines = letter.split('\n');
    expect(lines.indexOf('<script>alert(1)</script>')).toBeLessThan(lines.findIndex((l) => l.includes(POINTS[0]!.talking_points)));
  });

  it('addresses the decision body and names the project, agenda item and meeting date when they are known', () => {
    const { subject, letter_content } = writeLetter(input());
    expect(subject).toBe('Riverside Drive Complete Streets Plan, Agenda Item 7B, December 3, 2026');
    expect(blocks(letter_content).header).toEqual(['To: City Council, City of Springfield', `Re: ${subject}`]);
    expect(letter_content).toContain('\nDear Members of the City Council,\n');
    const named = writeLetter(
      input({ publicComment: { ...KNOWN, decision_body: 'Springfield City Council', jurisdiction: 'Springfield', agenda_item_number: 'Item 12' } }),
    );
    expect(blocks(named.letter_content).header[0]).toBe('To: Springfield City Council');
    expect(named.subject).toContain('Agenda Item 12,');
    expect(writeLetter(input({ publicComment: { ...KNOWN, decision_body: 'Mayor and Council' } })).letter_content).toContain('\nDear Mayor and Council,\n');
  });

  it('states nothing the organiser did not set: no agenda item, no meeting date, no jurisdiction', () => {
    const { subject, letter_content } = writeLetter(input({ publicComment: UNKNOWN }));
    expect(subject).toBe('Build Safe Bike Lanes on Riverside Drive');
    expect(blocks(letter_content).header).toEqual(['To: City Council', 'Re: Build Safe Bike Lanes on Riverside Drive']);
    expect(letter_content).toContain('\nDear Members of the City Council,\n');
    // The date line is the day it is written; nothing else names a year.
    expect(letter_content.split('\n').slice(1).join('\n')).not.toMatch(/Agenda Item|TBD|Meeting of|\b20\d\d\b/);

    const dateOnly = writeLetter(input({ publicComment: { ...UNKNOWN, meeting_date: '2027-01-14' } })).subject;
    expect(dateOnly).toBe('Build Safe Bike Lanes on Riverside Drive, Meeting of January 14, 2027');
    const itemOnly = writeLetter(input({ publicComment: { ...UNKNOWN, agenda_item_number: '7B', project_name: 'Riverside Lanes' } })).subject;
    expect(itemOnly).toBe('Riverside Lanes, Agenda Item 7B');
    const bodyOnly = writeLetter(input({ publicComment: { ...UNKNOWN, decision_body: 'Planning Commission' } })).letter_content;
    expect(blocks(bodyOnly).header[0]).toBe('To: Planning Commission');
  });

  it('asks the body to act as the title asks, in sentence case, in its first sentence, and thanks it last', () => {
    const letter = (title: string, description = input().campaign.description) => body(writeLetter(input({ campaign: { title, description } })).letter_content);
    const opening = (title: string, description?: string) => letter(title, description)[0]!;
    const park = letter(
      'Protect Riverside Park from Rezoning',
      'The commission will decide whether Riverside Park can be rezoned. The rezoning would pave the meadow.',
    );
    expect(park[0]).toMatch(/ protect Riverside Park from rezoning\.$/);
    expect(park.join(' ')).not.toContain('from Rezoning');
    expect(park.at(-1)).toMatch(/ Thank you for [^.]+, and for [^.]+\.$/);
    expect(opening('Build Safe Bike Lanes on Riverside Drive')).toMatch(/ build safe bike lanes on Riverside Drive\.$/);
    expect(opening('No on Measure B')).toMatch(/ oppose Measure B\.$/);
    // A title that names what the writer wants, not a deed: they support it.
    expect(opening('Safe Bike Lanes on Riverside Drive')).toMatch(/ support safe bike lanes on Riverside Drive\.$/);
    // Words the campaign's own text never uses: no guess, and no title quoted as if it were people.
    for (const title of ['Save Hartwell Woods', 'Neighbors Against the Quarry']) {
      expect(opening(title)).toMatch(/ give the concerns in this letter full weight in your decision\.$/);
      expect(letter(title).join(' ')).not.toContain(title);
    }
  });

  it('signs with the name and city only: street, e-mail and phone travel as fields, never in the text', () => {
    for (const note of [null, NOTE, noteOf(300)]) {
      const letter = writeLetter(input({ points: [POINTS[0]!], personalNote: note })).letter_content;
      const lines = letter.split('\n');
      expect(lines.slice(-2)).toEqual(['Jordan Alvarez-Whitfield', 'Springfield, IL']);
      expect(CLOSINGS).toContain(lines.at(-3));
      for (const contact of ['1234 Riverside Drive', '62704', 'jordan.alvarez@example.org', '555-0142']) expect(letter).not.toContain(contact);
    }
  });

  it('dates the letter the day it is written, on its first line', () => {
    expect(writeLetter(input()).letter_content.split('\n')[0]).toBe('November 27, 2026');
    expect(writeLetter(input({ date: '2027-01-05' })).letter_content.split('\n')[0]).toBe('January 5, 2027');
  });

  it('fits a typical letter on one US Letter page for all 10 perspectives, measured by jsPDF', () => {
    const measure = jsPdfMeasure();
    for (const perspective of PERSPECTIVES) {
      const { letter_content } = writeLetter(input({ perspective }));
      const layout = layoutLetter(letter_content, measure);
      expect(layout.fitsOnePage, `${perspective} in ${layout.font}: ${layout.lines.length} lines`).toBe(true);
      expect(layout.fontSize).toBe(12);
    }
  });

  it('fits typical and shorter letters in every font the hash can pick, with long names and addresses', () => {
    const measure = jsPdfMeasure();
    const fonts = new Set<string>();
    const longPoint = (p: LetterPoint): LetterPoint => ({ ...p, talking_points: `${p.talking_points} It is ready to build now.`.slice(0, 250) });
    const selections = [POINTS.slice(0, 3).map(longPoint), POINTS.slice(1, 4).map(longPoint), POINTS.slice(2, 4), [POINTS[3]!]];
    for (const perspective of PERSPECTIVES) {
      for (const [i, name] of ['Maria Fernanda Castillo-Rodriguez', 'Bo Li', 'Christopher Montgomery III'].entries()) {
        for (const points of selections) {
          const letter = writeLetter(
            input({
              perspective,
              points,
              personalNote: i === 1 ? null : NOTE,
              supporter: { ...input().supporter, name, street_address: '98765 North Riverside Boulevard, Unit 1204', city: 'West Springfield Heights' },
            }),
          );
          const layout = layoutLetter(letter.letter_content, measure);
          fonts.add(layout.font);
          expect(layout.fitsOnePage, `${perspective}/${name}/${points.length} in ${layout.font}: ${layout.lines.length} lines`).toBe(true);
        }
      }
    }
    expect([...fonts].sort()).toEqual([...PDF_FONTS].sort());
  });

  it('drops its own framing, never the points or the note, before it spills onto a second page', () => {
    // As the writer measures (its widths are jsPDF's to the hundredth of an em: letter-layout.test.ts).
    const measure = standardFontMeasure;
    const many = [...POINTS, ...POINTS.map((p) => ({ ...p, id: p.id + 10, talking_points: `${p.talking_points.slice(0, 120)}.` }))];
    // The letter's own sentences: every paragraph but the note and the points'.
    const framing = (text: string, note = '') =>
      body(text)
        .filter((p) => p !== note && !many.some((point) => p.includes(point.talking_points)))
        .flatMap((p) => splitSentences(p));
    const roomy = framing(writeLetter(input({ points: many, personalNote: null })).letter_content).length;
    const seen = { fewer: 0, spilled: 0 };
    // Ever longer notes, up to the longest a writer may send, with eight points.
    for (let chars = 100; chars <= 1000; chars += 50) {
      const note = `${NOTE} ${NOTE} ${NOTE} ${NOTE}`.slice(0, chars);
      const tight = writeLetter(input({ points: many, personalNote: note })).letter_content;
      for (const p of many) expect(tight).toContain(p.talking_points);
      expect(tight).toContain(note);
      const own = framing(tight, note).length;
      if (own < roomy) seen.fewer++;
      // Only a letter with nothing left to drop (its opening and thanks) may spill.
      if (!layoutLetter(tight, measure).fitsOnePage) {
        seen.spilled++;
        expect(own, `${chars} characters`).toBe(2);
      }
    }
    expect(seen.fewer).toBeGreaterThan(seen.spilled);
  });

  it('keeps blank lines between paragraphs when the letter is short enough for them', () => {
    const short = writeLetter(input({ points: [POINTS[0]!], personalNote: null })).letter_content;
    expect(short).toContain('\n\nDear Members of the City Council,\n\n');
    expect(body(short).every((p) => short.includes(`\n\n${p}\n\n`))).toBe(true);
  });

  it('sets each letter in the airiest of its five layouts that fits, the whole signature block in every one', () => {
    const signature = ['Jordan Alvarez-Whitfield', 'Springfield, IL'];
    const used = new Set<number>();
    // From no note to one that leaves no room: every layout is used along the way.
    for (let words = 0; words <= 440; words += 4) {
      const letter = writeLetter(input({ points: POINTS.slice(0, 2), personalNote: words ? noteOf(words) : null })).letter_content;
      expect(blocks(letter).signature, `${words} words`).toEqual(signature);
      const options = layouts(letter, signature);
      const fits = options.map((o) => layoutLetter(o, standardFontMeasure).fitsOnePage);
      const chosen = options.indexOf(letter);
      // The first that fits one page, or the most compact when none does.
      expect(chosen, `${words} words`).toBe(fits.includes(true) ? fits.indexOf(true) : options.length - 1);
      used.add(chosen);
    }
    expect([...used].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("lets go of the supporter's reasons one by one as the note grows, for whom first, then the reflection, then the motive, never the points or the note", () => {
    const states = new Set<string>();
    for (let words = 0; words <= 440; words += 4) {
      const note = words ? noteOf(words) : null;
      const letter = writeLetter(input({ points: POINTS.slice(0, 2), personalNote: note })).letter_content;
      const { paragraphs } = blocks(letter);
      for (const p of POINTS.slice(0, 2)) expect(letter).toContain(p.talking_points);
      if (note) expect(paragraphs).toContain(note);
      const reasons = splitSentences(paragraphs.at(-1)!);
      const has = (leads: readonly string[]) => reasons.some((r) => leads.some((lead) => r.startsWith(`${lead} `)));
      const state = [has(STAKE_LEADS) && 'stake', has(REFLECTION_LEADS) && 'reflection', has(MOTIVE_LEADS) && 'motive'].filter(Boolean).join(', ');
      expect(reasons.at(-1), state).toMatch(/^Thank you/);
      states.add(state);
    }
    expect([...states].sort()).toEqual(['', 'motive', 'reflection, motive', 'stake, reflection, motive'].sort());
  });

  it("speaks in each perspective's own words around the points, every sentence whole", () => {
    const city = 'Springfield';
    const asks = ASKS.map((ask) => ask('City Council', 'build safe bike lanes on Riverside Drive'));
    for (const perspective of PERSPECTIVES) {
      const voice = VOICES[perspective];
      const { paragraphs } = blocks(writeLetter(input({ perspective, points: POINTS.slice(0, 2), personalNote: null })).letter_content);
      expect(paragraphs, perspective).toHaveLength(3);
      const intro = oneOf(voice.introductions.map((f) => f(city)));
      expect(paragraphs[0], perspective).toMatch(new RegExp(`^${intro}, and ${oneOf(asks)}\\.$`));
      expect(paragraphs[1], perspective).toBe(`${POINTS[0]!.talking_points} ${POINTS[1]!.talking_points}`);
      expect(paragraphs[2], perspective).toMatch(
        new RegExp(
          `^${oneOf(MOTIVE_LEADS)} ${oneOf(voice.motives)}\\. ${oneOf(REFLECTION_LEADS)} ${oneOf(voice.reflections)}\\. ` +
            `${oneOf(STAKE_LEADS)} ${oneOf(voice.stakes.map((f) => f(city)))}\\. ` +
            `${oneOf(THANKS)}, and for ${oneOf(HEARING_VERBS)} ${oneOf(voice.listeners)}\\.$`,
        ),
      );
    }
  });

  it('closes with "Sincerely," or "Respectfully,", both in use', () => {
    const closings = new Set(PERSPECTIVES.map((perspective) => blocks(writeLetter(input({ perspective })).letter_content).closing));
    expect([...closings].sort()).toEqual(['Respectfully,', 'Sincerely,']);
  });

  it('greets the decision body by its name, a person or office directly, and never writes "the The"', () => {
    const cases: [string, string][] = [
      ['The Planning Commission', 'Dear Members of the Planning Commission,'],
      ['the Board of Supervisors', 'Dear Members of the Board of Supervisors,'],
      ['Theater Commission', 'Dear Members of the Theater Commission,'],
      ['Parks and the Arts Board', 'Dear Members of the Parks and the Arts Board,'],
      ['City Council and Mayor', 'Dear Members of the City Council and Mayor,'],
      ['Commissioners Court', 'Dear Members of the Commissioners Court,'],
      ['Mayor and Council', 'Dear Mayor and Council,'],
      ['The Mayor and City Council', 'Dear Mayor and City Council,'],
      ['Honorable Mayor and Members of the City Council', 'Dear Honorable Mayor and Members of the City Council,'],
      ['Hon. Chair and Commissioners', 'Dear Hon. Chair and Commissioners,'],
      ['Chair and Members of the Zoning Board', 'Dear Chair and Members of the Zoning Board,'],
      ['Commissioner Rivera', 'Dear Commissioner Rivera,'],
      ['Supervisor Chen', 'Dear Supervisor Chen,'],
      ['Councilmember Ortiz', 'Dear Councilmember Ortiz,'],
      ['Director of Public Works', 'Dear Director of Public Works,'],
    ];
    for (const [decision_body, greeting] of cases) {
      // Every perspective, so the request names the body in each of its wordings.
      for (const perspective of PERSPECTIVES) {
        const letter = writeLetter(input({ perspective, publicComment: { ...KNOWN, decision_body } })).letter_content;
        expect(blocks(letter).header[0], decision_body).toBe(`To: ${decision_body}, City of Springfield`);
        expect(blocks(letter).greeting, decision_body).toBe(greeting);
        expect(letter, decision_body).not.toMatch(/\bthe the\b/i);
      }
    }
  });

  it('names the meeting as people write dates, and a malformed date as it was typed, never "Invalid Date"', () => {
    const written = (meeting_date: string | null, agenda_item_number: string | null = null) =>
      writeLetter(input({ publicComment: { ...UNKNOWN, project_name: 'Riverside Plan', meeting_date, agenda_item_number } }));
    expect(written('2027-02-28').subject).toBe('Riverside Plan, Meeting of February 28, 2027');
    expect(written('2026-12-03', 'Agenda Item #7B').subject).toBe('Riverside Plan, Agenda Item 7B, December 3, 2026');
    const cases: [string, string][] = [
      ['2026-13-03', 'Riverside Plan, Meeting of 2026-13-03'],
      ['2026-00-10', 'Riverside Plan, Meeting of 2026-00-10'],
      ['2026-12-00', 'Riverside Plan, Meeting of 2026-12-00'],
      ['2026-12', 'Riverside Plan, Meeting of 2026-12'],
      ['December 3', 'Riverside Plan, Meeting of December 3'],
      ['', 'Riverside Plan'],
    ];
    for (const [typed, subject] of cases) {
      const letter = written(typed);
      expect(letter.subject, typed).toBe(subject);
      expect(blocks(letter.letter_content).header[1], typed).toBe(`Re: ${subject}`);
      expect(letter.letter_content, typed).not.toMatch(/Invalid Date|NaN|undefined/);
    }
  });

  it('reads an agenda item however the organiser typed it, after its own "Agenda Item"', () => {
    const item = (agenda_item_number: string) => writeLetter(input({ publicComment: { ...UNKNOWN, agenda_item_number, project_name: 'Riverside Plan' } })).subject;
    expect(item('7B')).toBe('Riverside Plan, Agenda Item 7B');
    expect(item('Agenda Item #7B')).toBe('Riverside Plan, Agenda Item 7B');
    expect(item('item no. 4')).toBe('Riverside Plan, Agenda Item 4');
    expect(item('Item No 12')).toBe('Riverside Plan, Agenda Item 12');
    expect(item('AGENDA  ITEM 9')).toBe('Riverside Plan, Agenda Item 9');
    expect(item('#7B')).toBe('Riverside Plan, Agenda Item #7B');
    // 'Item' starts the value or it is the organiser's own words.
    expect(item('Public Hearing Item 4')).toBe('Riverside Plan, Agenda Item Public Hearing Item 4');
    expect(item('Items 4-6')).toBe('Riverside Plan, Agenda Item Items 4-6');
  });

  it("writes an organiser's bullet list as sentences of the letter, one after another", () => {
    const list: LetterPoint = { id: 21, category: 'Safety', talking_points: '- protected lanes save lives\n- They cost little;' };
    const letter = writeLetter(input({ points: [list], personalNote: null })).letter_content;
    expect(letter).toContain('\nProtected lanes save lives. They cost little.\n');
  });

  it('rewords a letter whose font does not fit before dropping any of its framing', () => {
    // Section 9 sets a letter in the font its text hashes to: here Courier never fits, so a first
    // wording set in Courier in every layout must give way to another wording, not to less framing.
    const courierNeverFits: MeasureText = (text, font, size) => (font === 'courier' ? 1e9 : standardFontMeasure(text, font, size));
    const point: LetterPoint = { id: 1, category: 'Safety', talking_points: 'Protected lanes cut serious injuries.' };
    for (let i = 0; i < 1000; i++) {
      const supporter = { ...input().supporter, name: `Supporter ${i}`, email: 'x@example.org', phone_number: null };
      const letter = writeLetter(input({ supporter, points: [point], personalNote: null }), courierNeverFits).letter_content;
      expect(letterFont(letter), supporter.name).not.toBe('courier');
      // Still the roomiest letter: every reason of the supporter's kept.
      expect(splitSentences(blocks(letter).paragraphs.at(-1)!), supporter.name).toHaveLength(4);
    }
  });

  it('says many points together in one paragraph, each once, with nothing between them', () => {
    const short = ['Lanes save lives.', 'Shops gain customers.', 'Children can ride to school.', 'Grants pay most of it.', 'Buses run faster.', 'Noise drops.', 'Parks are linked.', 'Repairs cost less.'];
    const points: LetterPoint[] = short.map((talking_points, i) => ({ id: 31 + i, category: 'Any', talking_points }));
    for (const perspective of PERSPECTIVES) {
      const { paragraphs } = blocks(writeLetter(input({ perspective, points, personalNote: null })).letter_content);
      expect(paragraphs, perspective).toHaveLength(3);
      expect(paragraphs[1], perspective).toBe(short.join(' '));
    }
  });

  it('leaves a note of blanks out', () => {
    expect(writeLetter(input({ personalNote: '  \n ' }))).toEqual(writeLetter(input({ personalNote: null })));
  });

  it("carries a long point's claim in every letter, and not the same run of its other sentences in all of them", () => {
    const long: LetterPoint = {
      id: 51,
      category: 'Safety',
      talking_points:
        'Riverside Drive is the most dangerous street in the city. Eleven people were hurt there in three years. Cars pass at fifty miles an hour. Children cross it to reach two schools. Buses stop on it every ten minutes. Protected lanes halved injuries on streets like it.',
    };
    const runs = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const supporter = { ...input().supporter, name: `Supporter ${i}`, email: `s${i}@example.org` };
      const paragraph = blocks(writeLetter(input({ supporter, points: [long], personalNote: null })).letter_content).paragraphs[1]!;
      expect(paragraph, supporter.name).toContain('Riverside Drive is the most dangerous street in the city. ');
      runs.add(splitSentences(long.talking_points).filter((s) => paragraph.includes(s)).join(' '));
    }
    expect(runs.size).toBeGreaterThan(1);
  });
});
