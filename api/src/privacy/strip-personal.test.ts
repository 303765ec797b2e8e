import { describe, expect, it } from 'vitest';
import { writeLetter } from '../letters/write-letter';
import { SIGNATURE_REMOVED, stripPersonal } from './strip-personal';

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
      // Longer notes push the letter into its compact layouts, where the signature takes three lines.
      const writer = { ...who, name: i % 2 ? 'Ana María Núñez Ortiz' : 'Ana María Núñez', city: 'Pasadena', state: 'CA' };
      const letter = writeLetter({
        campaign: { title: 'Salvemos la biblioteca Eastside', description: 'La biblioteca Eastside cierra a las 5. Las familias dependen de ella.' },
        publicComment: { decision_body: null, jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null },
        perspective: 'retiree',
        supporter: { ...writer, email: `ana${i}@example.org` },
        points: [{ id: i, category: 'Horario', talking_points: 'Muchas familias solo pueden ir por la tarde.' }],
        personalNote: 'Voy a la biblioteca cada martes con mis nietos. '.repeat(12 * (i % 3)) || null,
        language: 'es',
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
    expect([...signatureLines].sort()).toEqual([3, 5]);
  });
});
