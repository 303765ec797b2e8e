import { describe, expect, it } from 'vitest';
import { PERSPECTIVES, type Perspective } from '../contract';
import { layoutLetter, PDF_FONTS } from '../contract/letter-layout';
import { jsPdfMeasure } from './jspdf-measure.test-support';
import { categoryPhrase, humanDate, leadSentences, pointProse, requestedAction } from './phrasing';
import { resolvePublicComment } from './public-comment';
import { writeLetter, type LetterInput, type LetterPoint } from './write-letter';

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

const input = (over: Partial<LetterInput> = {}): LetterInput => ({
  campaign: {
    title: 'Build Safe Bike Lanes on Riverside Drive',
    description: 'Riverside Drive needs protected bike lanes. Eleven people were hurt there in three years. The Council votes in December.',
    category: 'Transportation',
  },
  publicComment: {
    decision_body: 'City Council',
    jurisdiction: 'City of Springfield',
    meeting_date: '2026-12-03',
    agenda_item_number: '7B',
    project_name: 'Riverside Drive Complete Streets Plan',
  },
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
  const end = lines.findIndex((l) => l === 'Sincerely,' || l === 'Respectfully,');
  return lines.slice(start + 1, end).filter(Boolean);
}
const differing = (a: string[], b: string[]) => a.filter((line) => !b.includes(line)).length;

// A word or two that only this perspective's opening uses, and that every variant of it uses.
const VOICE_WORDS: Record<Perspective, RegExp> = {
  landowner: /\b(own|owns) land\b|\blandowner\b/,
  educator: /\b(educator|teacher|teach)\b/,
  homeowner: /\b(homeowner|own my home)\b/,
  parent: /\b(parent|my children)\b/,
  business_owner: /\bbusiness\b/,
  student: /\b(student|study)\b/,
  retiree: /\b(retiree|retired)\b/,
  healthcare_worker: /\bhealthcare\b/,
  veteran: /\b(veteran|served)\b/,
  community_member: /\b(resident|member of the|my neighbors)\b/,
};

describe('writeLetter', () => {
  it('writes the same letter for the same input, every time', () => {
    const a = writeLetter(input());
    const b = writeLetter(structuredClone(input()));
    expect(b).toEqual(a);
    expect(a.letter_content.length).toBeGreaterThan(800);
  });

  it('opens in each perspective\'s own voice, from the writer\'s city', () => {
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

  it('frames every talking point in the perspective\'s voice, so two perspectives differ in most paragraphs', () => {
    const parent = body(writeLetter(input({ perspective: 'parent' })).letter_content);
    const owner = body(writeLetter(input({ perspective: 'business_owner' })).letter_content);
    expect(parent).toHaveLength(6); // opening, 3 points, note, request
    expect(differing(parent, owner)).toBeGreaterThanOrEqual(5);
    for (const point of POINTS.slice(0, 3)) {
      const p = parent.find((l) => l.includes(point.talking_points))!;
      const o = owner.find((l) => l.includes(point.talking_points))!;
      expect(p).not.toBe(o);
      expect(p.replace(point.talking_points, '')).not.toBe(o.replace(point.talking_points, ''));
    }
    // Every pair of perspectives, not just one: most body paragraphs differ.
    const all = PERSPECTIVES.map((perspective) => body(writeLetter(input({ perspective })).letter_content));
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) expect(differing(all[i]!, all[j]!)).toBeGreaterThanOrEqual(4);
    }
  });

  it('writes one paragraph per chosen point, in order, with its category, and nothing about others', () => {
    const first = writeLetter(input({ points: [POINTS[0]!, POINTS[1]!], personalNote: null })).letter_content;
    const second = writeLetter(input({ points: [POINTS[2]!, POINTS[3]!], personalNote: null })).letter_content;
    const paragraphs = body(first);
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[1]).toContain(POINTS[0]!.talking_points);
    expect(paragraphs[1]).toContain('public safety');
    expect(paragraphs[2]).toContain(POINTS[1]!.talking_points);
    expect(paragraphs[2]).toContain('local economy');
    expect(first).not.toContain(POINTS[2]!.talking_points);
    expect(differing(body(first), body(second))).toBeGreaterThanOrEqual(3);
  });

  it('does not send two supporters an identical form letter', () => {
    const a = body(writeLetter(input()).letter_content);
    const b = body(
      writeLetter(input({ supporter: { ...input().supporter, name: 'Sam Okafor', email: 'sam@example.org' } })).letter_content,
    );
    expect(differing(a, b)).toBeGreaterThanOrEqual(3);
  });

  it('writes from the campaign description when no point is chosen', () => {
    const letter = writeLetter(input({ points: [], personalNote: null })).letter_content;
    const paragraphs = body(letter);
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[1]).toContain('Riverside Drive needs protected bike lanes. Eleven people were hurt there in three years.');
    expect(paragraphs[1]).toContain('transportation');
  });

  it('keeps the personal note verbatim as its own paragraph, after the points', () => {
    const note = 'I <b>ride</b> here daily & "care".\n<script>alert(1)</script>';
    const letter = writeLetter(input({ personalNote: note })).letter_content;
    expect(letter).toContain(`\n${note}\n`);
    const lines = letter.split('\n');
    expect(lines.indexOf('<script>alert(1)</script>')).toBeGreaterThan(lines.findIndex((l) => l.includes(POINTS[2]!.talking_points)));
  });

  it('addresses the decision body and names the project, agenda item and meeting date in the subject', () => {
    const { subject, letter_content } = writeLetter(input());
    expect(subject).toBe('Riverside Drive Complete Streets Plan, Agenda Item 7B, December 3, 2026');
    expect(letter_content.split('\n').slice(0, 2)).toEqual([
      'To: City Council, City of Springfield',
      `Re: ${subject}`,
    ]);
    expect(letter_content).toContain('\nDear Members of the City Council,\n');
    const named = writeLetter(
      input({ publicComment: { ...input().publicComment, decision_body: 'Springfield City Council', jurisdiction: 'Springfield', agenda_item_number: 'Item 12' } }),
    );
    expect(named.letter_content.split('\n')[0]).toBe('To: Springfield City Council');
    expect(named.subject).toContain('Agenda Item 12,');
  });

  it('asks the body to act as the campaign asks, and thanks it', () => {
    const request = (title: string) => body(writeLetter(input({ campaign: { ...input().campaign, title } })).letter_content).at(-1)!;
    expect(request('Save the Riverside Park!')).toMatch(/^I respectfully ask the City Council to save the Riverside Park, .+\. Thank you /);
    expect(request('No on Measure B')).toMatch(/^I respectfully ask the City Council to oppose Measure B, /);
    expect(request('Neighbors Against the Quarry')).toContain('to stand with the residents behind "Neighbors Against the Quarry", ');
    expect(request('Riverside Bike Lanes')).toContain('to support Riverside Bike Lanes, ');
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
    expect(short.at(-6)).toMatch(/^(Sincerely|Respectfully),$/);
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

  it('keeps blank lines between paragraphs when the letter is short enough for them', () => {
    const short = writeLetter(input({ points: [POINTS[0]!], personalNote: null })).letter_content;
    expect(short).toContain('\n\nDear Members of the City Council,\n\n');
    expect(body(short).every((p) => short.includes(`\n\n${p}\n\n`))).toBe(true);
  });
});

describe('resolvePublicComment', () => {
  const none = { decision_body: null, jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null };
  const campaign = { title: 'Save the Riverside Park', ...none };

  it('falls back to City Council, the campaign title, today and TBD', () => {
    expect(resolvePublicComment(campaign, {}, '2026-05-14')).toEqual({
      decision_body: 'City Council',
      jurisdiction: 'Save the Riverside Park',
      meeting_date: '2026-05-14',
      agenda_item_number: 'TBD',
      project_name: 'Save the Riverside Park',
    });
  });

  it("prefers the campaign's values, and lets the client fill only what the campaign leaves empty", () => {
    const own = { ...campaign, decision_body: 'Planning Commission', meeting_date: '2026-12-03' };
    const sent = { decision_body: 'Hacked Body', jurisdiction: 'County of Lane', meeting_date: '2027-01-01', project_name: '  ' };
    expect(resolvePublicComment(own, sent, '2026-05-14')).toEqual({
      decision_body: 'Planning Commission',
      jurisdiction: 'County of Lane',
      meeting_date: '2026-12-03',
      agenda_item_number: 'TBD',
      project_name: 'Save the Riverside Park',
    });
  });
});

describe('phrasing', () => {
  it('writes dates for people', () => {
    expect(humanDate('2026-12-03')).toBe('December 3, 2026');
    expect(humanDate('2027-01-31')).toBe('January 31, 2027');
  });

  it('reads a category mid-sentence, keeping acronyms', () => {
    expect(categoryPhrase('Public Safety')).toBe('public safety');
    expect(categoryPhrase('ADA Access:')).toBe('ADA access');
    expect(categoryPhrase('  ')).toBe('what is at stake');
  });

  it('turns bullet lists into sentences and leaves the words alone', () => {
    expect(pointProse('- saves lives\n- Costs little;\n* pays for itself')).toBe('Saves lives. Costs little. Pays for itself.');
    expect(pointProse('It works! Ask Portland')).toBe('It works! Ask Portland.');
  });

  it("takes a description's first sentences for the letter, without calls to action aimed at supporters", () => {
    expect(leadSentences('The city plans to sell the park. Join us and sign the petition! Once it is gone, it is gone.')).toBe(
      'The city plans to sell the park. Once it is gone, it is gone.',
    );
    expect(leadSentences(`${'A long sentence without end '.repeat(20)}`, 100)).toMatch(/^A long sentence .{60,}[a-z]\.\.\.$/);
  });

  it('reads the request from the title', () => {
    expect(requestedAction("Let's Protect Our Wetlands")).toBe('protect our Wetlands');
    expect(requestedAction('Yes on Prop 5')).toBe('support Prop 5');
  });
});
