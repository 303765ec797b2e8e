import { describe, expect, it } from 'vitest';
import { carriedSentences, humanDate, leadSentences, pointSentences, splitSentences } from '../phrasing';

describe('phrasing in Spanish', () => {
  it('writes dates as Spanish does, and a date it cannot read as typed', () => {
    expect(humanDate('2027-01-14', 'es')).toBe('14 de enero de 2027');
    expect(humanDate('2026-12-03', 'es')).toBe('3 de diciembre de 2026');
    const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
    for (const [i, month] of months.entries()) expect(humanDate(`2027-${String(i + 1).padStart(2, '0')}-09`, 'es')).toBe(`9 de ${month} de 2027`);
    for (const typed of ['2026-13-03', '2026-12-00', '2026-12', 'el martes', '']) expect(humanDate(typed, 'es')).toBe(typed);
  });

  it('splits sentences that open with ¿, ¡, « or an accented capital, not abbreviations', () => {
    expect(splitSentences('La biblioteca cierra a las 5. ¿Dónde estudiarán? ¡En ningún lado! Él lo sabe. «Basta», dijeron. Área cerrada.', 'es')).toEqual([
      'La biblioteca cierra a las 5.',
      '¿Dónde estudiarán?',
      '¡En ningún lado!',
      'Él lo sabe.',
      '«Basta», dijeron.',
      'Área cerrada.',
    ]);
    expect(splitSentences('La Sra. Núñez y el Dr. Ortiz viven en la Av. Olivo. Abre a las 9 a. m. Todos los días.', 'es')).toEqual([
      'La Sra. Núñez y el Dr. Ortiz viven en la Av. Olivo.',
      'Abre a las 9 a. m. Todos los días.',
    ]);
    // English keeps its own rules.
    expect(splitSentences('It closes. ¿Qué? Él sabe.')).toEqual(['It closes. ¿Qué? Él sabe.']);
  });

  it('capitalises a point after its opening ¿ or ¡, and ends it as a sentence', () => {
    expect(pointSentences('- ¿quién cuida el parque?\n- ¡nadie!\n* los árboles dan sombra;', 'es')).toEqual(['¿Quién cuida el parque?', '¡Nadie!', 'Los árboles dan sombra.']);
    expect(pointSentences('dijo «basta.»', 'es')).toEqual(['Dijo «basta.»']);
  });

  it('never starts a run on a sentence that leans on the one before', () => {
    const long = ['La afirmación.', 'Primera razón.', 'Esto se sigue de ella.', 'Segunda razón.', 'Además cuesta menos.', 'Tercera razón.'];
    for (let i = 0; i < 40; i++) {
      const carried = carriedSentences(long, `persona ${i}`, 'es');
      expect(carried[0]).toBe('La afirmación.');
      expect(['Esto se sigue de ella.', 'Además cuesta menos.']).not.toContain(carried[1]);
    }
  });

  it("leaves out a description's calls to supporters, not sentences that merely use those words", () => {
    expect(leadSentences('El parque es pequeño. ¡Únete y firma la petición! Dígale al alcalde que no. Escriba al Concejo hoy. Llama la atención su abandono.', 280, 'es')).toBe(
      'El parque es pequeño. Llama la atención su abandono.',
    );
    expect(leadSentences('Comparte esta página con tus vecinos.', 280, 'es')).toBe('Comparte esta página con tus vecinos.');
    expect(leadSentences('La firma del convenio se retrasó. Los vecinos esperan.', 280, 'es')).toBe('La firma del convenio se retrasó. Los vecinos esperan.');
  });
});
