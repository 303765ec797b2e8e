import { describe, expect, it } from 'vitest';
import { letterForPublication } from './for-publication';

const rachel = { name: 'Rachel Carter-Oakley', email: 'rachel@example.org', street_address: '12 Elm Street', city: 'Springdale', state: 'IL', zip_code: '62704', phone_number: '+1 (217) 555-0142' };

describe('a letter for publication', () => {
  it('signs with name and city, and keeps a line of the block that holds no detail', () => {
    const text = 'Dear Council,\n\nPlease keep it open.\n\nSincerely,\nRachel Carter-Oakley\n12 Elm Street\nSpringdale, IL 62704\nrachel@example.org | +1 (217) 555-0142\nMother of two';
    expect(letterForPublication(text, rachel)).toBe('Dear Council,\n\nPlease keep it open.\n\nSincerely,\nRachel Carter-Oakley\nSpringdale, IL\nMother of two');
  });

  it('leaves alone what only looks like a detail: numbers, dates, amounts, the same street number elsewhere', () => {
    const body =
      'We planted 12 elm trees on Elm Street in 2019. The budget is $1,250,000 for 2026-2027, item 2024-0153, on 2026-06-09 17:00. Call 311. Ordinance 555-0142 is unrelated to Route 62.';
    const text = `Dear Council,\n\n${body}\n\nSincerely,\nRachel Carter-Oakley`;
    expect(letterForPublication(text, { ...rachel, phone_number: '(217) 555-0199', zip_code: '62705' })).toBe(`Dear Council,\n\n${body}\n\nSincerely,\nRachel Carter-Oakley\nSpringdale, IL`);
  });

  it('takes her details however they are written, and anyone\'s e-mail or phone', () => {
    const text = 'I live at 12 elm st, 12 ELM STR. and 12 Elm Street. Mail RACHEL@example.org or bob@city.example.gov; call 217.555.0142, +1-217-555-0142, (309) 555-0100 or +52 55 1234 5678.';
    expect(letterForPublication(text, rachel)).toBe(
      'I live at [removed], [removed] and [removed]. Mail [removed] or [removed]; call [removed], [removed], [removed] or [removed].',
    );
  });

  it('leaves an anonymised letter as anonymisation left it, with its city', () => {
    const text = 'Dear Council,\n\nPlease keep it open.\n\nSincerely,\n[Name and contact details removed]';
    const anonymised = { name: '', email: '', street_address: '', city: 'Springdale', state: 'IL', zip_code: '', phone_number: null };
    expect(letterForPublication(text, anonymised)).toBe('Dear Council,\n\nPlease keep it open.\n\nSincerely,\nSpringdale, IL\n[Name and contact details removed]');
  });
});
