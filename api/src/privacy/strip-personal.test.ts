import { describe, expect, it } from 'vitest';
import { writeLetter } from '../letters/write-letter';
import { SIGNATURE_REMOVED, stripPersonal, withoutMentions } from './strip-personal';

const who = { name: 'Ana María Núñez', email: 'ana@example.org', street_address: '9 Calle Olivo', zip_code: '91101', phone_number: '(626) 555-0100' };

describe('stripPersonal on a Spanish letter', () => {
  it('strips the signature block after a Spanish closing and every mention of the writer, keeping the argument', () => {
    const text =
      'Estimados miembros del Concejo Municipal:\n\nYo, Ana María Núñez, de 9 calle olivo, les pido que financien la biblioteca. Núñez es un apellido de aquí; llamen al 626.555.0100.\n\nAtentamente,\nAna María Núñez\n9 Calle Olivo\nPasadena, CA 91101\nana@example.org';
    expect(stripPersonal(text, who)).toBe(
      `Estimados miembros del Concejo Municipal:\n\nYo, [removed], de [removed], les pido que financien la biblioteca. [removed] es un apellido de aquí; llamen al [removed].\n\nAtentamente,\n${SIGNATURE_REMOVED}`,
    );
  });

  it("takes the whole signature block of the writer's own Spanish letters, in either closing and layout", () => {
    const closings = new Set<string>();
    const signatureLines = new Set<number>();
    for (let i = 0; i < 12; i++) {
      // Longer notes push the letter into its compact layouts.
      const writer = { ...who, name: i % 2 ? 'Ana María Núñez Ortiz' : 'Ana María Núñez', city: 'Pasadena', state: 'CA' };
      const letter = writeLetter({
        campaign: { title: 'Salvemos la biblioteca Eastside', description: 'La biblioteca Eastside cierra a las 5. Las familias dependen de ella.' },
        publicComment: { decision_body: null, jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null },
        perspective: 'retiree',
        supporter: { ...writer, email: `ana${i}@example.org` },
        points: [{ id: i, category: 'Horario', talking_points: 'Muchas familias solo pueden ir por la tarde.' }],
        personalNote: 'Voy a la biblioteca cada martes con mis nietos. '.repeat(12 * (i % 3)) || null,
        language: 'es',
        date: '2026-05-14',
      }).letter_content;
      const original = letter.split('\n');
      signatureLines.add(original.length - 1 - original.findIndex((l) => l === 'Atentamente,' || l === 'Respetuosamente,'));
      const stripped = stripPersonal(letter, { ...writer, email: `ana${i}@example.org` });
      const lines = stripped.split('\n');
      expect(lines.at(-1)).toBe(SIGNATURE_REMOVED);
      closings.add(lines.at(-2)!);
      expect(stripped).not.toMatch(/Núñez|Ortiz|ana\d+@example|Calle Olivo|91101|555/);
      expect(stripped).toContain('Muchas familias solo pueden ir por la tarde.');
    }
    expect([...closings].sort()).toEqual(['Atentamente,', 'Respetuosamente,']);
    // Dais signs with the name and the city: two lines in every layout.
    expect([...signatureLines].sort()).toEqual([2]);
  });
});

describe('every mention of the writer, however it is written', () => {
  const removed = (text: string, who: Partial<typeof base>) => withoutMentions(text, { ...base, ...who });
  const base = { name: 'Nobody', email: 'nobody@example.org', street_address: '1 Nowhere Road', zip_code: '00000', phone_number: null as string | null };

  it('takes each part of a hyphenated or apostrophised name, with or without its accents, in any case', () => {
    const who = { name: 'Rosalind Oâkley-Brûx' };
    expect(removed('The Oâkley family has read here since 1961; OAKLEY-BRUX is on the first card. Ask for Ms. Brux or Rosalind Oakley.', who)).toBe(
      'The [removed] family has read here since 1961; [removed] is on the first card. Ask for Ms. [removed] or [removed].',
    );
    expect(removed("Liam O’Connor wrote this; O'Connor is an old name here, and so is Connor.", { name: "Liam O'Connor" })).toBe(
      '[removed] wrote this; [removed] is an old name here, and so is [removed].',
    );
    // Written decomposed (a letter and its combining accent): the accent goes with the letter.
    expect(removed('Firmado: Núñez.'.normalize('NFD'), { name: 'Ana Núñez' })).toBe('Firmado: [removed].');
  });

  it('takes a phone number however its digits are grouped, with or without its country code', () => {
    const who = { phone_number: '+1 555 123 4567' };
    const text =
      'Call 555-123-4567, (555) 123-4567, 5551234567, 555.123.4567, +1 (555) 123-4567 or 1-555-123-4567. ' +
      'Not 555-123-4568, not 4567 books, not the 2024 budget of $5,551,234.';
    expect(removed(text, who)).toBe(
      'Call [removed], [removed], [removed], [removed], [removed] or [removed]. Not 555-123-4568, not 4567 books, not the 2024 budget of $5,551,234.',
    );
    // Stored without its country code, written with it.
    expect(removed('Text me at +1 626 555 0100.', { phone_number: '(626) 555-0100' })).toBe('Text me at [removed].');
    // A Spanish mobile, written in Spain's national grouping.
    expect(removed('Llámeme al 612 34 56 78 o al +34 612345678.', { phone_number: '+34 612 345 678' })).toBe('Llámeme al [removed] o al [removed].');
  });

  it('leaves an ordinary word that is also a short name part where it is not the name: May, Park (English)', () => {
    expect(
      removed('My name is June May and I may speak at the hearing in June. May I ask the council to act? Mrs. May, my mother, agrees.', { name: 'June May' }),
    ).toBe('My name is [removed] and I may speak at the hearing in June. May I ask the council to act? Mrs. [removed], my mother, agrees.');
    expect(
      removed(
        'I, Daniel Park, walk in Riverside Park every day. Park Avenue is closed at night. The Park family supports this, and we park our bikes by the gate.',
        { name: 'Daniel Park' },
      ),
    ).toBe(
      'I, [removed], walk in Riverside Park every day. Park Avenue is closed at night. The [removed] family supports this, and we park our bikes by the gate.',
    );
  });

  it('leaves an ordinary word that is also a short name part where it is not the name: Flores, Paz, Rosa (Spanish)', () => {
    expect(
      removed(
        'Me llamo Rosa Flores-Paz y viví en La Paz. Llevo flores al parque y pido paz para el barrio. La señora Flores, mi madre, también firma. Rosas y flores crecen allí.',
        { name: 'Rosa Flores-Paz' },
      ),
    ).toBe(
      'Me llamo [removed] y viví en La Paz. Llevo flores al parque y pido paz para el barrio. La señora [removed], mi madre, también firma. Rosas y flores crecen allí.',
    );
    expect(removed('Soy JOSE NUNEZ AVILA, vecino de la calle Olivo. Núñez firma.', { name: 'José Núñez-Ávila' })).toBe('Soy [removed], vecino de la calle Olivo. [removed] firma.');
  });

  it('keeps the function names and signatures other code imports', () => {
    expect(typeof stripPersonal).toBe('function');
    expect(stripPersonal.length).toBe(2);
    expect(withoutMentions.length).toBe(2);
  });
});
