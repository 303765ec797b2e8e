import { describe, expect, it } from 'vitest';
import { PERSPECTIVES, type Perspective } from '../contract';
import { layoutLetter, letterFont, PDF_FONTS, type MeasureText } from '../contract/letter-layout';
import { standardFontMeasure } from './font-metrics';
import { jsPdfMeasure } from './jspdf-measure.test-support';
import { HEARING_VERBS, INTRODUCTION_ENDS, MOTIVE_LEADS, PREFACES, REFLECTION_LEADS, REMARKS, THANKS, VOICES } from './perspectives';
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

/** A letter cut into its blocks: two header lines, the greeting, the paragraphs, the closing, the signature. */
function blocks(letter: string) {
  const lines = letter.split('\n');
  const greeting = lines.findIndex((l) => l.startsWith('Dear '));
  const closing = lines.findIndex((l) => (CLOSINGS as readonly string[]).includes(l));
  return {
    header: lines.slice(0, 2),
    greeting: lines[greeting]!,
    paragraphs: lines.slice(greeting + 1, closing).filter(Boolean),
    closing: lines[closing]!,
    signature: lines.slice(closing + 1),
  };
}

/**
 * The five ways a letter may be set, airiest first, rebuilt from its own blocks: blank lines between
 * paragraphs, then around the greeting, then the signature on three lines, then every blank line go.
 */
function layouts(letter: string, signature: string[], compactSignature: string[]): string[] {
  const { header, greeting, paragraphs, closing } = blocks(letter);
  const spaced = paragraphs.flatMap((p, i) => (i ? ['', p] : [p]));
  return [
    [...header, '', greeting, '', ...spaced, '', closing, ...signature],
    [...header, greeting, '', ...spaced, '', closing, ...compactSignature],
    [...header, '', greeting, '', ...paragraphs, '', closing, ...signature],
    [...header, greeting, '', ...paragraphs, '', closing, ...compactSignature],
    [...header, greeting, ...paragraphs, closing, ...compactSignature],
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

  it("carries every chosen point in the organiser's words, in order, framed in the supporter's voice", () => {
    const letter = writeLetter(input({ points: [POINTS[0]!, POINTS[1]!], personalNote: null })).letter_content;
    const at = POINTS.slice(0, 2).map((p) => letter.indexOf(p.talking_points));
    expect(at[0]).toBeGreaterThan(0);
    expect(at[1]).toBeGreaterThan(at[0]!);
    expect(letter).not.toContain(POINTS[2]!.talking_points);
    // Each point stands as its own sentence, with sentences of the supporter's around it.
    const all = [...sentences(letter)];
    for (const p of POINTS.slice(0, 2)) expect(all).toContain(p.talking_points);
    expect(all.length).toBeGreaterThanOrEqual(2 + 2 + 4 + 3);
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

  it('keeps the personal note verbatim as its own paragraph, after the points', () => {
    const note = 'I <b>ride</b> here daily & "care".\n<script>alert(1)</script>';
    const letter = writeLetter(input({ personalNote: note })).letter_content;
    expect(letter).toContain(`\n${note}\n`);
    const lines = letter.split('\n');
    expect(lines.indexOf('<script>alert(1)</script>')).toBeGreaterThan(lines.findIndex((l) => l.includes(POINTS[2]!.talking_points)));
  });

  it('addresses the decision body and names the project, agenda item and meeting date when they are known', () => {
    const { subject, letter_content } = writeLetter(input());
    expect(subject).toBe('Riverside Drive Complete Streets Plan, Agenda Item 7B, December 3, 2026');
    expect(letter_content.split('\n').slice(0, 2)).toEqual(['To: City Council, City of Springfield', `Re: ${subject}`]);
    expect(letter_content).toContain('\nDear Members of the City Council,\n');
    const named = writeLetter(
      input({ publicComment: { ...KNOWN, decision_body: 'Springfield City Council', jurisdiction: 'Springfield', agenda_item_number: 'Item 12' } }),
    );
    expect(named.letter_content.split('\n')[0]).toBe('To: Springfield City Council');
    expect(named.subject).toContain('Agenda Item 12,');
    expect(writeLetter(input({ publicComment: { ...KNOWN, decision_body: 'Mayor and Council' } })).letter_content).toContain('\nDear Mayor and Council,\n');
  });

  it('states nothing the organiser did not set: no agenda item, no meeting date, no jurisdiction', () => {
    const { subject, letter_content } = writeLetter(input({ publicComment: UNKNOWN }));
    expect(subject).toBe('Build Safe Bike Lanes on Riverside Drive');
    expect(letter_content.split('\n').slice(0, 2)).toEqual(['To: City Council', 'Re: Build Safe Bike Lanes on Riverside Drive']);
    expect(letter_content).toContain('\nDear Members of the City Council,\n');
    expect(letter_content).not.toMatch(/Agenda Item|TBD|Meeting of|\b20\d\d\b/);

    const dateOnly = writeLetter(input({ publicComment: { ...UNKNOWN, meeting_date: '2027-01-14' } })).subject;
    expect(dateOnly).toBe('Build Safe Bike Lanes on Riverside Drive, Meeting of January 14, 2027');
    const itemOnly = writeLetter(input({ publicComment: { ...UNKNOWN, agenda_item_number: '7B', project_name: 'Riverside Lanes' } })).subject;
    expect(itemOnly).toBe('Riverside Lanes, Agenda Item 7B');
    const bodyOnly = writeLetter(input({ publicComment: { ...UNKNOWN, decision_body: 'Planning Commission' } })).letter_content;
    expect(bodyOnly.split('\n')[0]).toBe('To: Planning Commission');
  });

  it('asks the body to act as the title asks, in sentence case, and thanks it', () => {
    const closing = (title: string, description = input().campaign.description) =>
      body(writeLetter(input({ campaign: { title, description } })).letter_content).at(-1)!;
    const park = closing(
      'Protect Riverside Park from Rezoning',
      'The commission will decide whether Riverside Park can be rezoned. The rezoning would pave the meadow.',
    );
    expect(park).toContain('protect Riverside Park from rezoning, ');
    expect(park).not.toContain('from Rezoning');
    expect(park).toMatch(/ Thank you for [^.]+, and for [^.]+\.$/);
    expect(closing('Build Safe Bike Lanes on Riverside Drive')).toContain('build safe bike lanes on Riverside Drive, ');
    expect(closing('No on Measure B')).toContain('oppose Measure B, ');
    // Words the campaign's own text never uses: the title is quoted rather than guessed at.
    expect(closing('Save Hartwell Woods')).toContain('stand with the residents behind "Save Hartwell Woods", ');
    expect(closing('Neighbors Against the Quarry')).toContain('stand with the residents behind "Neighbors Against the Quarry", ');
  });

  it('signs with name, street, city, state ZIP, e-mail and phone when given', () => {
    // A short letter keeps the full signature block, one item a line.
    const short = writeLetter(input({ points: [POINTS[0]!], personalNote: null })).letter_content.split('\n');
    expect(short.slice(-5)).toEqual([
      'Jordan Alvarez-Whitfield',
      '1234 Riverside Drive, Apt 5',
      'Springfield, IL 62704',
      'jordan.alvarez@example.org',
      '(217) 555-0142',
    ]);
    expect(CLOSINGS).toContain(short.at(-6));
    const noPhone = writeLetter(input({ points: [POINTS[0]!], personalNote: null, supporter: { ...input().supporter, phone_number: null } }));
    expect(noPhone.letter_content.endsWith('\nSpringfield, IL 62704\njordan.alvarez@example.org')).toBe(true);
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
    const measure = jsPdfMeasure();
    const many = [...POINTS, ...POINTS.map((p) => ({ ...p, id: p.id + 10, talking_points: `${p.talking_points.slice(0, 120)}.` }))];
    const longNote = `${NOTE} ${NOTE} ${NOTE}`.slice(0, 1000);
    const framing = (text: string) => [...sentences(text)].filter((s) => !many.some((p) => p.talking_points === s) && !longNote.includes(s));
    const roomy = writeLetter(input({ points: many.slice(0, 6), personalNote: null })).letter_content;
    const tight = writeLetter(input({ points: many.slice(0, 6), personalNote: longNote })).letter_content;
    for (const p of many.slice(0, 6)) expect(tight).toContain(p.talking_points);
    expect(tight).toContain(longNote);
    expect(layoutLetter(tight, measure).fitsOnePage).toBe(true);
    expect(framing(tight).length).toBeLessThan(framing(roomy).length);
  });

  it('keeps blank lines between paragraphs when the letter is short enough for them', () => {
    const short = writeLetter(input({ points: [POINTS[0]!], personalNote: null })).letter_content;
    expect(short).toContain('\n\nDear Members of the City Council,\n\n');
    expect(body(short).every((p) => short.includes(`\n\n${p}\n\n`))).toBe(true);
  });

  it('sets each letter in the airiest of its five layouts that fits, the whole signature block in every one', () => {
    const signature = ['Jordan Alvarez-Whitfield', '1234 Riverside Drive, Apt 5', 'Springfield, IL 62704', 'jordan.alvarez@example.org', '(217) 555-0142'];
    const compact = ['Jordan Alvarez-Whitfield', '1234 Riverside Drive, Apt 5, Springfield, IL 62704', 'jordan.alvarez@example.org | (217) 555-0142'];
    const used = new Set<number>();
    // From no note to one that leaves no room: every layout is used along the way.
    for (let words = 0; words <= 400; words += 4) {
      const letter = writeLetter(input({ points: POINTS.slice(0, 2), personalNote: words ? noteOf(words) : null })).letter_content;
      expect([signature, compact], `${words} words`).toContainEqual(blocks(letter).signature);
      const options = layouts(letter, signature, compact);
      const fits = options.map((o) => layoutLetter(o, standardFontMeasure).fitsOnePage);
      const chosen = options.indexOf(letter);
      // The first that fits one page, or the most compact when none does.
      expect(chosen, `${words} words`).toBe(fits.includes(true) ? fits.indexOf(true) : options.length - 1);
      used.add(chosen);
    }
    expect([...used].sort()).toEqual([0, 1, 2, 3, 4]);

    // A compact signature without a phone number is the e-mail address alone.
    const noPhone = writeLetter(
      input({ points: POINTS.slice(0, 2), personalNote: noteOf(300), supporter: { ...input().supporter, phone_number: null } }),
    ).letter_content;
    expect(noPhone.endsWith('\nJordan Alvarez-Whitfield\n1234 Riverside Drive, Apt 5, Springfield, IL 62704\njordan.alvarez@example.org')).toBe(true);
  });

  it("lets go of the supporter's asides first, then the reflection, then the motive, never the points or the note", () => {
    const states = new Set<string>();
    for (let words = 0; words <= 400; words += 4) {
      const note = words ? noteOf(words) : null;
      const letter = writeLetter(input({ points: POINTS.slice(0, 2), personalNote: note })).letter_content;
      const { paragraphs } = blocks(letter);
      for (const p of POINTS.slice(0, 2)) expect(letter).toContain(p.talking_points);
      if (note) expect(paragraphs).toContain(note);
      const opening = splitSentences(paragraphs[0]!);
      const motive = opening.length === 2 && MOTIVE_LEADS.some((lead) => opening[1]!.startsWith(`${lead} `));
      const reflection = REFLECTION_LEADS.some((lead) => paragraphs.at(-1)!.startsWith(`${lead} `));
      // The sentences of the supporter's around each point (each point is one sentence).
      const asides = [1, 2].map((i) => splitSentences(paragraphs[i]!).length - 1);
      const state = `${asides.join('+')} asides${reflection ? ', reflection' : ''}${motive ? ', motive' : ''}`;
      expect(reflection, state).toBe(asides[0]! + asides[1]! > 0);
      if (reflection) expect(motive, state).toBe(true);
      states.add(state);
    }
    expect([...states].sort()).toEqual(
      ['0+0 asides', '0+0 asides, motive', '1+0 asides, reflection, motive', '1+1 asides, reflection, motive', '2+2 asides, reflection, motive'].sort(),
    );
  });

  it("frames the points in each perspective's own words, every framing sentence whole", () => {
    const city = 'Springfield';
    for (const perspective of PERSPECTIVES) {
      const voice = VOICES[perspective];
      const { paragraphs } = blocks(writeLetter(input({ perspective, points: POINTS.slice(0, 2), personalNote: null })).letter_content);
      expect(paragraphs, perspective).toHaveLength(4);
      const intro = oneOf(voice.introductions.map((f) => f(city)));
      expect(paragraphs[0], perspective).toMatch(
        new RegExp(`^${intro}, ${oneOf(INTRODUCTION_ENDS)}\\. ${oneOf(MOTIVE_LEADS)} ${oneOf(voice.motives)}\\.$`),
      );
      // A roomy letter leads into each point in the supporter's voice and answers it, each aside once.
      const aside = `(${oneOf(voice.asides.map((f) => f(city)))})`;
      const used: string[] = [];
      for (const [i, p] of POINTS.slice(0, 2).entries()) {
        const framed = new RegExp(`^${aside}, ${oneOf(PREFACES)}\\. ${oneOf([p.talking_points])} ${aside}, ${oneOf(REMARKS)}\\.$`).exec(paragraphs[i + 1]!);
        expect(framed, `${perspective}: ${paragraphs[i + 1]}`).not.toBeNull();
        used.push(framed![1]!, framed![2]!);
      }
      expect(new Set(used).size, perspective).toBe(4);
      expect(paragraphs[3], perspective).toMatch(
        new RegExp(
          `^${oneOf(REFLECTION_LEADS)} ${oneOf(voice.reflections)}\\. (I|Please) [^.]+, ${oneOf(voice.stakes.map((f) => f(city)))}\\. ` +
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
      expect(letter.letter_content.split('\n')[1], typed).toBe(`Re: ${subject}`);
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
    expect(letter).toContain(' Protected lanes save lives. They cost little. ');
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
      // Still the roomiest letter: the point led into and answered.
      expect(splitSentences(blocks(letter).paragraphs[1]!), supporter.name).toHaveLength(3);
    }
  });

  it('leads into about one point in three and answers the others, two points a paragraph from four points on', () => {
    const short = ['Lanes save lives.', 'Shops gain customers.', 'Children can ride to school.', 'Grants pay most of it.', 'Buses run faster.', 'Noise drops.', 'Parks are linked.', 'Repairs cost less.'];
    const points: LetterPoint[] = short.map((talking_points, i) => ({ id: 31 + i, category: 'Any', talking_points }));
    const remark = new RegExp(`^ [^.]+, ${oneOf(REMARKS)}\\.`);
    let led = 0;
    let mixed = 0;
    for (let i = 0; i < 20; i++) {
      const supporter = { ...input().supporter, name: `Supporter ${i}`, email: `s${i}@example.org` };
      const letter = writeLetter(input({ supporter, points, personalNote: null })).letter_content;
      const { paragraphs } = blocks(letter);
      // Opening, four paragraphs of two points, closing.
      expect(paragraphs, supporter.name).toHaveLength(6);
      const shapes = short.map((p) => {
        const isLed = PREFACES.some((preface) => letter.includes(`, ${preface}. ${p}`));
        const isAnswered = remark.test(letter.slice(letter.indexOf(p) + p.length));
        // More points than asides to spare: each point gets one framing sentence, never two or none.
        expect(isLed !== isAnswered, `${supporter.name}: ${p}`).toBe(true);
        return isLed;
      });
      led += shapes.filter(Boolean).length;
      if (shapes.includes(true) && shapes.includes(false)) mixed++;
    }
    expect(led / (20 * short.length)).toBeGreaterThan(0.2);
    expect(led / (20 * short.length)).toBeLessThan(0.45);
    expect(mixed).toBeGreaterThanOrEqual(15);
    const paragraphsFor = (n: number) => blocks(writeLetter(input({ points: points.slice(0, n), personalNote: null })).letter_content).paragraphs.length;
    expect([3, 4, 5].map(paragraphsFor)).toEqual([3 + 2, 2 + 2, 3 + 2]);
  });

  it('uses up to as many asides as the perspective has, each once, on five points', () => {
    const short = ['Lanes save lives.', 'Shops gain customers.', 'Children can ride to school.', 'Grants pay most of it.', 'Buses run faster.'];
    const points: LetterPoint[] = short.map((talking_points, i) => ({ id: 41 + i, category: 'Any', talking_points }));
    for (const perspective of PERSPECTIVES) {
      const letter = writeLetter(input({ perspective, points, personalNote: null })).letter_content;
      expect(letter, perspective).not.toContain('undefined');
      const asides = VOICES[perspective].asides.map((f) => f('Springfield'));
      const framing = splitSentences(blocks(letter).paragraphs.slice(1, -1).join(' ')).filter((s) => asides.some((a) => s.startsWith(`${a}, `)));
      // The first three points are led into and answered, the last two one or the other.
      expect(framing, perspective).toHaveLength(asides.length);
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
