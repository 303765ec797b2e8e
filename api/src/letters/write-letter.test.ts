import { describe, expect, it } from 'vitest';
import { PERSPECTIVES, type Perspective } from '../contract';
import { layoutLetter, PDF_FONTS } from '../contract/letter-layout';
import { jsPdfMeasure } from './jspdf-measure.test-support';
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
});
