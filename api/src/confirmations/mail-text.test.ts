import { describe, expect, it } from 'vitest';
import { LANGUAGES, PERSPECTIVES } from '../contract';
import { writeLetter } from '../letters/write-letter';
import { opening } from './mail-text';

const supporter = {
  name: 'Ana Ruiz',
  email: 'ana@example.org',
  street_address: '12 Elm Avenue',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
  phone_number: null,
};
const publicComment = {
  decision_body: 'City Council',
  jurisdiction: 'City of Springfield',
  meeting_date: '2027-01-14',
  agenda_item_number: '7B',
  project_name: null,
};
const points = [
  { id: 1, category: 'Shade', talking_points: 'A full street canopy can cool the sidewalk by ten degrees on a summer afternoon.' },
  { id: 2, category: 'Rain', talking_points: 'Every mature street tree soaks up thousands of gallons of rain a year.' },
];

describe.each(LANGUAGES)('the opening a confirmation e-mail quotes of a letter (%s)', (language) => {
  it("starts with the writer's own first sentence, not the heading, date or greeting every letter shares", () => {
    const openings = new Set<string>();
    for (const perspective of PERSPECTIVES) {
      const { letter_content: text } = writeLetter({
        campaign: { title: 'Plant 500 Street Trees on Elm Avenue', description: 'Trees for Elm Avenue.' },
        publicComment,
        perspective,
        supporter,
        points,
        personalNote: null,
        language,
        date: '2026-11-27',
      } as Parameters<typeof writeLetter>[0]);
      const quoted = opening(text);
      expect(quoted, text).not.toMatch(/^(To|Re|Para|Asunto):|^(Dear|Estimad)/);
      expect(text.replace(/\s+/g, ' ')).toContain(quoted.replace(/…$/, ''));
      openings.add(quoted);
    }
    // What each perspective's letter begins with tells them apart.
    expect(openings.size).toBe(PERSPECTIVES.length);
  });

  it('quotes a letter of nothing but a greeting as it is', () => {
    expect(opening('Dear Council,')).toBe('Dear Council,');
  });
});
