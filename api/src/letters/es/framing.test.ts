/**
 * The Spanish letter's own words: no English in them, no word that gives the writer a gender, every
 * character printable in the PDF's standard fonts, and lists as long as English's.
 */
import { describe, expect, it } from 'vitest';
import { PERSPECTIVES } from '../../contract';
import { inStandardFonts } from '../../contract/letter-layout';
import * as English from '../perspectives';
import { perspectiveFramings } from '../perspectives.test-support';
import { writeLetter } from '../write-letter';
import { framing, input, KNOWN, NOTE, POINTS } from './letter.test-support';
import { spanishFramings } from './perspectives.test-support';
import { CLOSINGS, HEARING_VERBS, MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, THANKS } from './perspectives';
import { VOICES } from './voices';

/** Words that would give the writer a gender: nouns and adjectives a letter could use of its writer. */
const GENDERED =
  /(?<!\p{L})(jubilad[oa]s?|retirad[oa]|propietari[oa]s?|dueñ[oa]s?|madre|padre|veteran[oa]|vecin[oa]|ciudadan[oa]|maestr[oa]|profesora?|educadora?|trabajadora?|empresari[oa]|enfermer[oa]|médic[oa]|alumn[oa]|abuel[oa]|hij[oa]|graduad[oa]|nacid[oa]|criad[oa]|convencid[oa]|preocupad[oa]|agradecid[oa]|orgullos[oa]|comprometid[oa]|dispuest[oa]|interesad[oa]|contenta?|cansad[oa]|obligad[oa]|segur[oa] de|nosotr[oa]s|uno mismo|una misma|todos los que|todas las que|(soy|estoy) (un|una)(?!\p{L})|(los|las) que \p{L}+mos)(?!\p{L})|(^|[.,] )como (un|una) /imu;

/** English words no Spanish framing sentence has. */
const ENGLISH = /(?<!\p{L})(the|and|of|to|I|my|you|your|for|with|this|that|is|are|we|our|it|will|please|thank|dear|sincerely|council|as)(?!\p{L})/u;

describe('the Spanish framing', () => {
  const letters = PERSPECTIVES.flatMap((perspective) =>
    ['Concejo Municipal', 'Alcaldesa Ruiz', 'Springfield City Council'].flatMap((decision_body) =>
      [0, 1, 2, 3].map((n) => {
        const i = input({
          perspective,
          points: POINTS.slice(0, n),
          personalNote: n % 2 ? NOTE : null,
          publicComment: { ...KNOWN, decision_body },
          supporter: { ...input().supporter, name: `Persona ${n}` },
        });
        return { i, letter: writeLetter(i).letter_content };
      }),
    ),
  );

  it('has no English in it: no sentence of the English lists, no English function word', () => {
    const english = perspectiveFramings('Springfield').filter((s) => s.length > 12);
    for (const { i, letter } of letters) {
      const own = framing(letter, i);
      expect(own, letter).not.toMatch(ENGLISH);
      for (const sentence of english) expect(own).not.toContain(sentence);
    }
    for (const part of spanishFramings('Springfield')) expect(part).not.toMatch(ENGLISH);
  });

  it('never gives the writer a gender', () => {
    for (const part of spanishFramings('Springfield')) expect(part).not.toMatch(GENDERED);
    for (const { i, letter } of letters) expect(framing(letter, i)).not.toMatch(GENDERED);
    // The check itself catches what it is for.
    for (const bad of ['Como jubilado', 'soy propietaria de', 'como madre', 'Soy una residente', 'quienes, como nosotros,', 'los que vivimos aquí', 'Estoy convencida']) {
      expect(bad).toMatch(GENDERED);
    }
  });

  it('prints in the PDF standard fonts (WinAnsi), with every mark for the reader resolved', () => {
    for (const { letter } of letters) {
      expect(inStandardFonts(letter)).toBe(true);
      expect(letter).not.toMatch(/[{}]|undefined|NaN/);
    }
    for (const part of spanishFramings('Springfield')) expect(inStandardFonts(part), part).toBe(true);
  });

  it('writes each list as long as English writes it, with no part shared between perspectives', () => {
    for (const perspective of PERSPECTIVES) {
      for (const key of ['introductions', 'motives', 'reflections', 'stakes', 'listeners'] as const) {
        expect(VOICES[perspective][key].length, `${perspective} ${key}`).toBe(English.VOICES[perspective][key].length);
      }
    }
    const lists = { MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, HEARING_VERBS, THANKS, CLOSINGS };
    for (const [name, list] of Object.entries(lists)) expect(list.length, name).toBe(English[name as keyof typeof lists].length);
    const parts = PERSPECTIVES.flatMap((p) => {
      const v = VOICES[p];
      return [...v.introductions, ...v.stakes].map((f) => f('Springfield')).concat(v.motives, v.reflections, v.listeners);
    });
    expect(new Set(parts).size).toBe(parts.length);
    // 'a el', 'de el' contract: what follows the joins never needs it.
    for (const listener of PERSPECTIVES.flatMap((p) => VOICES[p].listeners)) expect(listener).not.toMatch(/^el /);
    // An introduction holds no ' y ' of its own: the one after it joins the clause that completes it.
    for (const intro of PERSPECTIVES.flatMap((p) => VOICES[p].introductions.map((f) => f('Springfield')))) expect(intro).not.toContain(' y ');
  });
});
