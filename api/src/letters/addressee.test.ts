import { describe, expect, it } from 'vitest';
import { addressedTo, readdressed, surname, type Addressee } from './addressee';
import { writeLetter, type LetterInput } from './write-letter';

const RIVERA: Addressee = { name: 'Ana Rivera', title: 'Council Member', district: 'Ward 1' };
const OKAFOR: Addressee = { name: 'Sam Okafor', title: 'Council Member', district: 'Ward 2' };

describe("a representative's surname, as a greeting uses it", () => {
  it.each([
    ['Ana Rivera', 'Rivera'],
    ['Okafor', 'Okafor'],
    ['María de la Cruz', 'de la Cruz'],
    ['Martin Van Buren', 'Buren'],
    ['Ludwig van Beethoven', 'van Beethoven'],
    ['Martin Luther King, Jr.', 'King'],
    ['  Sam   Okafor III ', 'Okafor'],
  ])('%s -> %s', (name, expected) => expect(surname(name)).toBe(expected));
});

describe('the address line and greeting of a letter to one representative', () => {
  it('names them by title and surname in English', () => {
    expect(addressedTo('en', RIVERA)).toEqual({ to: 'To: Council Member Ana Rivera, Ward 1', salutation: 'Dear Council Member Rivera,' });
    expect(addressedTo('en', { ...RIVERA, title: null })).toEqual({ to: 'To: Ana Rivera, Ward 1', salutation: 'Dear Ana Rivera,' });
  });

  it("agrees in Spanish where the title says whether it is a man or a woman, and is 'Honorable' where it does not", () => {
    expect(addressedTo('es', { ...RIVERA, title: 'Concejala' }).salutation).toBe('Estimada Concejala Rivera:');
    expect(addressedTo('es', { ...OKAFOR, title: 'regidor' }).salutation).toBe('Estimado regidor Okafor:');
    expect(addressedTo('es', { ...RIVERA, title: 'Concejal' }).salutation).toBe('Honorable Concejal Rivera:');
    expect(addressedTo('es', RIVERA)).toEqual({ to: 'Para: Council Member Ana Rivera, Ward 1', salutation: 'Honorable Council Member Rivera:' });
    expect(addressedTo('es', { ...RIVERA, title: null }).salutation).toBe('Honorable Ana Rivera:');
  });
});

const input = (over: Partial<LetterInput> = {}): LetterInput => ({
  campaign: { title: 'Keep Riverside Park a park', description: 'The council should vote no on the rezoning of Riverside Park.' },
  publicComment: { decision_body: 'Springfield City Council', jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null },
  perspective: 'parent',
  supporter: { name: 'Ada Lovelace', email: 'ada@example.org', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701', phone_number: null },
  points: [],
  personalNote: null,
  date: '2026-11-28',
  ...over,
});

describe.each(['en', 'es'] as const)('a letter written to a representative (%s)', (language) => {
  const written = (over: Partial<LetterInput>) => writeLetter(input({ language, ...over })).letter_content.split('\n');

  it('is addressed and greeted to them, the decision body in copy, and signed with the district', () => {
    const lines = written({ addressee: RIVERA, district: 'Ward 1' });
    const { to, salutation } = addressedTo(language, RIVERA);
    expect(lines).toContain(to);
    expect(lines).toContain(salutation);
    expect(lines).toContain(language === 'en' ? 'Cc: Springfield City Council' : 'CC: Springfield City Council');
    expect(lines.slice(-3)).toEqual(['Ada Lovelace', 'Springfield, IL', 'Ward 1']);
  });

  it('is written to the decision body, as before, without one; a district the writer gave is still signed', () => {
    const lines = written({ district: 'Ward 1' });
    expect(lines.some((l) => /^(Cc|CC):/.test(l))).toBe(false);
    expect(lines).toContain(language === 'en' ? 'To: Springfield City Council' : 'Para: Springfield City Council');
    expect(lines.slice(-3)).toEqual(['Ada Lovelace', 'Springfield, IL', 'Ward 1']);
    expect(written({}).slice(-2)).toEqual(['Ada Lovelace', 'Springfield, IL']);
  });

  it("is re-addressed to the representative the geocoder found, and only its address, greeting and district change", () => {
    const toRivera = writeLetter(input({ language, addressee: RIVERA, district: 'Ward 1' })).letter_content;
    const toOkafor = writeLetter(input({ language, addressee: OKAFOR, district: 'Ward 2' })).letter_content;
    expect(readdressed(toRivera, language, [RIVERA], OKAFOR)).toBe(toOkafor);
    // Already theirs, written to the body, or with the greeting changed by its writer: left as it is.
    expect(readdressed(toOkafor, language, [RIVERA], OKAFOR)).toBe(toOkafor);
    const toBody = writeLetter(input({ language })).letter_content;
    expect(readdressed(toBody, language, [RIVERA], OKAFOR)).toBe(toBody);
    const edited = toRivera.replace(addressedTo(language, RIVERA).salutation, 'Dear Ana,');
    expect(readdressed(edited, language, [RIVERA], OKAFOR)).toBe(edited);
  });
});
