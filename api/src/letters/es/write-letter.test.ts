/**
 * The Spanish letter, held to what ../write-letter.test.ts holds English to, and to what only
 * Spanish asks: usted or ustedes as the reader is one person or a body, Spanish dates, articles
 * and contractions. Its words themselves are framing.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { PERSPECTIVES, type Perspective } from '../../contract';
import { layoutLetter, PDF_FONTS } from '../../contract/letter-layout';
import { jsPdfMeasure } from '../jspdf-measure.test-support';
import { writeLetter, type LetterPoint } from '../write-letter';
import { blocks, framing, input, KNOWN, NOTE, oneOf, POINTS, sentences, UNKNOWN, ustedes } from './letter.test-support';
import { addressed } from './phrasebook';
import { spanishParts } from './perspectives.test-support';
import { HEARING_VERBS, MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, THANKS } from './perspectives';
import { VOICES } from './voices';

const shared = (a: string, b: string) => {
  const [sa, sb] = [sentences(a), sentences(b)];
  return [...sa].filter((s) => sb.has(s));
};

// Words only this perspective's opening uses, one of which every variant of it uses.
const VOICE_WORDS: Record<Perspective, RegExp> = {
  landowner: /tierras|terreno/,
  educator: /docente|enseñ|estudiantes/,
  homeowner: /(?<!\p{L})(casa|vivienda)(?!\p{L})/u,
  parent: /hijos|crío|cría/,
  business_owner: /negocio/,
  student: /(?<!\p{L})(estudiante|estudio|estudios)(?!\p{L})/u,
  retiree: /jubil/,
  healthcare_worker: /salud|pacientes/,
  veteran: /Fuerzas Armadas|uniforme|servicio militar|serví|servido|sirvió|servir/,
  community_member: /residente|vivo en|comunidad de|mi hogar/i,
};

describe('writeLetter in Spanish', () => {
  it('writes the same letter for the same input, and English when no language is given', () => {
    const a = writeLetter(input());
    expect(writeLetter(structuredClone(input()))).toEqual(a);
    expect(a.letter_content.length).toBeGreaterThan(800);
    const english = { ...input(), publicComment: UNKNOWN, language: undefined };
    expect(writeLetter(english)).toEqual(writeLetter({ ...english, language: 'en' }));
    expect(writeLetter(english).letter_content).toContain('\nDear Members of the City Council,\n');
  });

  it("opens in each perspective's own voice, from the writer's city", () => {
    const openings = PERSPECTIVES.map((perspective) => {
      const letter = writeLetter(input({ perspective, supporter: { ...input().supporter, city: 'Maple Falls' } }));
      const opening = blocks(letter.letter_content).paragraphs[0]!;
      expect(opening, perspective).toContain('Maple Falls');
      expect(opening, perspective).toMatch(VOICE_WORDS[perspective]);
      for (const other of PERSPECTIVES.filter((p) => p !== perspective && p !== 'community_member')) {
        expect(opening, `${perspective} sounds like ${other}`).not.toMatch(VOICE_WORDS[other]);
      }
      return opening;
    });
    expect(new Set(openings).size).toBe(PERSPECTIVES.length);
  });

  it("speaks in each perspective's own words around the points, every sentence whole, the points verbatim and together", () => {
    const city = 'Springfield';
    for (const perspective of PERSPECTIVES) {
      const voice = VOICES[perspective];
      const { paragraphs } = blocks(writeLetter(input({ perspective, points: POINTS.slice(0, 2), personalNote: null })).letter_content);
      expect(paragraphs, perspective).toHaveLength(3);
      const intro = oneOf(ustedes(voice.introductions.map((f) => f(city))));
      expect(paragraphs[0], perspective).toMatch(new RegExp(`^${intro},? [ye] [^.]+\\.$`));
      expect(paragraphs[1], perspective).toBe(`${POINTS[0]!.talking_points} ${POINTS[1]!.talking_points}`);
      expect(paragraphs[2], perspective).toMatch(
        new RegExp(
          `^${oneOf(MOTIVE_LEADS)} ${oneOf(ustedes(voice.motives))}\\. ${oneOf(REFLECTION_LEADS)} ${oneOf(voice.reflections)}\\. ` +
            `${oneOf(STAKE_LEADS)} ${oneOf(voice.stakes.map((f) => f(city)))}\\. ` +
            `${oneOf(ustedes(THANKS))} y por ${oneOf(HEARING_VERBS)} ${oneOf(voice.listeners)}\\.$`,
        ),
      );
    }
  });

  it("carries every chosen point and the note in the organiser's and supporter's words, in order", () => {
    const letter = writeLetter(input({ points: [POINTS[0]!, POINTS[1]!] })).letter_content;
    const at = POINTS.slice(0, 2).map((p) => letter.indexOf(p.talking_points));
    expect(at[0]).toBeGreaterThan(0);
    expect(at[1]).toBeGreaterThan(at[0]!);
    expect(letter).not.toContain(POINTS[2]!.talking_points);
    expect(blocks(letter).paragraphs).toContain(NOTE);
    const list: LetterPoint = { id: 21, category: 'Seguridad', talking_points: '- los carriles protegidos salvan vidas\n- ¿cuánto cuestan? poco;' };
    expect(writeLetter(input({ points: [list], personalNote: null })).letter_content).toContain('\nLos carriles protegidos salvan vidas. ¿Cuánto cuestan? poco.\n');
  });

  it('does not send two supporters of one perspective an identical letter', () => {
    const a = writeLetter(input()).letter_content;
    const b = writeLetter(input({ supporter: { ...input().supporter, name: 'Sam Okafor', email: 'sam@example.org' } })).letter_content;
    expect(shared(a, b).length).toBeLessThanOrEqual(3 + 4 + 2);
    expect(blocks(a).paragraphs[0]).not.toBe(blocks(b).paragraphs[0]);
  });

  it('writes from the campaign description when no point is chosen, leaving out what speaks to supporters', () => {
    const description = 'Los carriles no son seguros. ¡Firma la petición y compártela! Dígale al Concejo que actúe. Once personas resultaron heridas allí.';
    const letter = writeLetter(input({ points: [], personalNote: null, campaign: { ...input().campaign, description } })).letter_content;
    expect(blocks(letter).paragraphs).toHaveLength(3);
    expect(blocks(letter).paragraphs[1]).toBe('Los carriles no son seguros. Once personas resultaron heridas allí.');
    expect(letter).not.toMatch(/Firma|Dígale/);
  });

  it('addresses the body and names the project, agenda item and meeting date in Spanish', () => {
    const { subject, letter_content } = writeLetter(input());
    expect(subject).toBe('Plan de Calles Completas de la avenida Riverside, punto 7B del orden del día, sesión del 3 de diciembre de 2026');
    expect(blocks(letter_content).header).toEqual(['Para: Concejo Municipal, Ciudad de Springfield', `Asunto: ${subject}`]);
    expect(letter_content).toContain('\nEstimados miembros del Concejo Municipal:\n');
  });

  it('states nothing the organiser did not set, and writes to the Concejo Municipal when no body is set', () => {
    const { subject, letter_content } = writeLetter(input({ publicComment: UNKNOWN }));
    expect(subject).toBe('Construir carriles bici seguros en la avenida Riverside');
    expect(blocks(letter_content).header).toEqual(['Para: Concejo Municipal', `Asunto: ${subject}`]);
    expect(letter_content).toContain('\nEstimados miembros del Concejo Municipal:\n');
    // The date line is the day it is written; nothing else names a year.
    expect(letter_content.split('\n').slice(1).join('\n')).not.toMatch(/del orden del día|sesión del|\b20\d\d\b|City Council/);
    const subjectOf = (over: Partial<typeof UNKNOWN>) => writeLetter(input({ publicComment: { ...UNKNOWN, project_name: 'Plan Riverside', ...over } })).subject;
    expect(subjectOf({ meeting_date: '2027-01-14' })).toBe('Plan Riverside, sesión del 14 de enero de 2027');
    expect(subjectOf({ meeting_date: '2027-02-01' })).toBe('Plan Riverside, sesión del 1 de febrero de 2027');
    expect(subjectOf({ meeting_date: '2026-13-03' })).toBe('Plan Riverside, sesión del 2026-13-03');
    expect(subjectOf({ agenda_item_number: '7B' })).toBe('Plan Riverside, punto 7B del orden del día');
    for (const typed of ['Punto 7B', 'punto n.º 7B', 'Punto nº 7B', 'Ítem 7B', 'Item #7B', 'PUNTO  7B', 'punto del orden del día 7B', 'Punto núm. 7B']) {
      expect(subjectOf({ agenda_item_number: typed }), typed).toBe('Plan Riverside, punto 7B del orden del día');
    }
    expect(subjectOf({ agenda_item_number: '#7B' })).toBe('Plan Riverside, punto #7B del orden del día');
    expect(subjectOf({ agenda_item_number: 'Audiencia pública 4' })).toBe('Plan Riverside, punto Audiencia pública 4 del orden del día');
  });

  it('greets the body with its article and contractions, an office or a person directly, and never writes "de el" or "a el"', () => {
    const cases: [string, string][] = [
      ['Concejo Municipal', 'Estimados miembros del Concejo Municipal:'],
      ['El Concejo Municipal de Springfield', 'Estimados miembros del Concejo Municipal de Springfield:'],
      ['la Comisión de Planificación', 'Estimados miembros de la Comisión de Planificación:'],
      ['Comision de Planificacion', 'Estimados miembros de la Comision de Planificacion:'],
      ['Junta de Supervisores', 'Estimados miembros de la Junta de Supervisores:'],
      ['Comisión de Parques y Recreación', 'Estimados miembros de la Comisión de Parques y Recreación:'],
      ['Ayuntamiento de Springfield', 'Estimados miembros del Ayuntamiento de Springfield:'],
      ['Comité Asesor de Tránsito', 'Estimados miembros del Comité Asesor de Tránsito:'],
      ['Alcaldía de Springfield', 'Estimada Alcaldía de Springfield:'],
      ['Departamento de Obras Públicas', 'Estimado Departamento de Obras Públicas:'],
      ['Honorable Concejo Municipal', 'Honorable Concejo Municipal:'],
      ['Miembros del Concejo', 'Estimados Miembros del Concejo:'],
      ['Comisionados del Condado', 'Estimados Comisionados del Condado:'],
      ['Alcalde y Concejo Municipal', 'Estimados Alcalde y Concejo Municipal:'],
      ['Presidente y miembros de la Junta', 'Estimados Presidente y miembros de la Junta:'],
      ['Alcaldesa y Junta Escolar', 'Estimadas Alcaldesa y Junta Escolar:'],
      ['Alcalde Pérez', 'Estimado Alcalde Pérez:'],
      ['Alcaldesa Ruiz', 'Estimada Alcaldesa Ruiz:'],
      ['Directora de Obras Públicas', 'Estimada Directora de Obras Públicas:'],
      ['Concejal Ortiz', 'Honorable Concejal Ortiz:'],
      ['Señora Alcaldesa', 'Señora Alcaldesa:'],
      // Names it cannot read take no article rather than a guessed one.
      ['Springfield City Council', 'Estimados miembros de Springfield City Council:'],
      ['Los Angeles City Council', 'Estimados miembros de Los Angeles City Council:'],
    ];
    for (const [decision_body, greeting] of cases) {
      for (const perspective of PERSPECTIVES) {
        const letter = writeLetter(input({ perspective, publicComment: { ...KNOWN, decision_body } })).letter_content;
        expect(blocks(letter).header[0], decision_body).toBe(`Para: ${decision_body}, Ciudad de Springfield`);
        expect(blocks(letter).greeting, decision_body).toBe(greeting);
        expect(letter, decision_body).not.toMatch(/(?<!\p{L})(de|a) el(?!\p{L})|\{|\}/iu);
      }
    }
  });

  it('speaks to a council as ustedes and to one person as usted, the verbs agreeing', () => {
    const to = (decision_body: string, perspective: Perspective, n: number) =>
      framing(writeLetter(input({ perspective, publicComment: { ...KNOWN, decision_body }, supporter: { ...input().supporter, name: `Persona ${n}` } })).letter_content);
    // Every part that changes with the reader, as it reads to the other one.
    const marked = spanishParts('Springfield').filter((p) => p.includes('{'));
    const toCouncil = marked.map((p) => addressed(p, true));
    const toOne = marked.map((p) => addressed(p, false));
    for (const perspective of PERSPECTIVES) {
      for (let n = 0; n < 5; n++) {
        const council = to('Concejo Municipal', perspective, n);
        const mayor = to('Alcaldesa Ruiz', perspective, n);
        for (const part of toOne) expect(council, perspective).not.toMatch(new RegExp(`${oneOf([part])}(?!\\p{L})`, 'u'));
        for (const part of toCouncil) expect(mayor, perspective).not.toMatch(new RegExp(`${oneOf([part])}(?!\\p{L})`, 'u'));
        expect(mayor, perspective).not.toMatch(/(?<!\p{L})(les|ustedes)(?!\p{L})/iu);
      }
    }
    /** The ask: the opening sentence after the introduction and its 'y' (or 'e'). */
    const askOf = (opening: string) => opening.replace(/^.*?,? [ye] /, '').replace(/\.$/, '');
    const request = (decision_body: string, title: string) =>
      askOf(blocks(writeLetter(input({ perspective: 'veteran', publicComment: { ...KNOWN, decision_body }, campaign: { ...input().campaign, title } })).letter_content).paragraphs[0]!);
    // Across writers, every wording of the ask, each agreeing with its subject.
    const openings = (decision_body: string, title: string) =>
      Array.from(
        { length: 60 },
        (_, i) =>
          blocks(
            writeLetter(
              input({ supporter: { ...input().supporter, name: `Persona ${i}` }, publicComment: { ...KNOWN, decision_body }, campaign: { ...input().campaign, title } }),
            ).letter_content,
          ).paragraphs[0]!,
      );
    const wordings = (decision_body: string, title: string) => new Set(openings(decision_body, title).map(askOf));
    expect([...wordings('Concejo Municipal', 'Salvemos la biblioteca Eastside')].sort()).toEqual(
      [
        'animo al Concejo Municipal a que salve la biblioteca Eastside',
        'espero que el Concejo Municipal salve la biblioteca Eastside',
        'hago un llamado al Concejo Municipal para que salve la biblioteca Eastside',
        'insto al Concejo Municipal a que salve la biblioteca Eastside',
        'le pediría al Concejo Municipal que salve la biblioteca Eastside',
        'les escribo para pedirles que salven la biblioteca Eastside',
        'les pido que salven la biblioteca Eastside',
        'solicito respetuosamente al Concejo Municipal que salve la biblioteca Eastside',
      ].sort(),
    );
    expect([...wordings('Springfield City Council', 'Salvemos la biblioteca Eastside')].sort()).toEqual(
      [
        'espero que ustedes salven la biblioteca Eastside',
        'les animo a que salven la biblioteca Eastside',
        'les escribo para pedirles que salven la biblioteca Eastside',
        'les hago un llamado para que salven la biblioteca Eastside',
        'les insto a que salven la biblioteca Eastside',
        'les pediría que salven la biblioteca Eastside',
        'les pido que salven la biblioteca Eastside',
        'les solicito respetuosamente que salven la biblioteca Eastside',
      ].sort(),
    );
    // 'y' before the sound i is 'e': 'Crío a mis hijos en Springfield e insto...'.
    const insto = openings('Concejo Municipal', 'Salvemos la biblioteca Eastside').filter((o) => / insto /.test(o));
    expect(insto.length).toBeGreaterThan(0);
    for (const o of insto) expect(o).toMatch(/,? e insto /);
    expect([...wordings('Comisionados del Condado', 'Salvar la biblioteca Eastside')]).toContain('insto a los Comisionados del Condado a que salven la biblioteca Eastside');
    expect([...wordings('Concejal Ortiz', 'Salvar la biblioteca Eastside')]).toContain('le pido que salve la biblioteca Eastside');
    expect(request('la Comisión de Planificación', 'No al cierre de la biblioteca')).toMatch(/(rechace|rechacen) el cierre de la biblioteca$/);
  });

  it('asks the body to act as the title asks in its first sentence, and never quotes a title it cannot read', () => {
    const opening = (title: string, description = input().campaign.description) =>
      blocks(writeLetter(input({ campaign: { title, description }, publicComment: { ...KNOWN, decision_body: 'Springfield City Council' } })).letter_content)
        .paragraphs[0]!;
    expect(opening('Proteger el parque Riverside')).toMatch(/protejan el parque Riverside\.$/);
    expect(opening('¡Salvemos la biblioteca!')).toMatch(/salven la biblioteca\.$/);
    expect(opening('Ampliar el horario de la biblioteca')).toMatch(/amplíen el horario de la biblioteca\.$/);
    expect(opening('No a la tala de árboles')).toMatch(/rechacen la tala de árboles\.$/);
    expect(opening('Vecinos contra la cantera')).toMatch(/tengan plenamente en cuenta lo que expongo en esta carta al decidir\.$/);
    expect(opening('Vecinos contra la cantera')).not.toContain('Vecinos contra la cantera');
  });

  it('closes with "Atentamente," or "Respetuosamente,", both in use', () => {
    const closings = new Set(PERSPECTIVES.map((perspective) => blocks(writeLetter(input({ perspective })).letter_content).closing));
    expect([...closings].sort()).toEqual(['Atentamente,', 'Respetuosamente,']);
    const short = writeLetter(input({ points: [POINTS[0]!], personalNote: null })).letter_content.split('\n');
    // Name and city: street, e-mail and phone travel as fields, never in the text.
    expect(short.slice(-2)).toEqual(['María José Hernández-Whitfield', 'Springfield, IL']);
    expect(short.join('\n')).not.toMatch(/Riverside Drive, Apt|62704|mj\.hernandez|555-0142/);
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
    const longPoint = (p: LetterPoint): LetterPoint => ({ ...p, talking_points: `${p.talking_points} Está listo para construirse ya.`.slice(0, 250) });
    const selections = [POINTS.slice(0, 3).map(longPoint), POINTS.slice(1, 4).map(longPoint), POINTS.slice(2, 4), [POINTS[3]!]];
    for (const perspective of PERSPECTIVES) {
      for (const [i, name] of ['María Fernanda Castillo-Rodríguez', 'Bo Li', 'Christopher Montgomery III'].entries()) {
        for (const points of selections) {
          const supporter = { ...input().supporter, name, street_address: '98765 North Riverside Boulevard, Unit 1204', city: 'West Springfield Heights' };
          const letter = writeLetter(input({ perspective, points, personalNote: i === 1 ? null : NOTE, supporter }));
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
    const own = (text: string) => [...sentences(text)].filter((s) => !many.some((p) => p.talking_points === s) && !longNote.includes(s));
    const roomy = writeLetter(input({ points: many.slice(0, 6), personalNote: null })).letter_content;
    const tight = writeLetter(input({ points: many.slice(0, 6), personalNote: longNote })).letter_content;
    for (const p of many.slice(0, 6)) expect(tight).toContain(p.talking_points);
    expect(tight).toContain(longNote);
    expect(layoutLetter(tight, measure).fitsOnePage).toBe(true);
    expect(own(tight).length).toBeLessThan(own(roomy).length);
  });
});
