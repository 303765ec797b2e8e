/**
 * Issue 10's measure (../sentence-overlap.test.ts) for Spanish letters: on three Spanish campaigns
 * of the demo's shape (own points, one of them hidden, and general points), for every selection a
 * supporter can make, every pair of perspectives and every pair of selections within one.
 */
import { describe, expect, it } from 'vitest';
import { PERSPECTIVES, type Perspective } from '../../contract';
import { DEMO_CAMPAIGNS } from '../../db/demo-data';
import { pointSentences, splitSentences } from '../phrasing';
import { resolvePublicComment } from '../public-comment';
import { writeLetter, type LetterPoint } from '../write-letter';
import { CLOSINGS } from './perspectives';

const WRITER = {
  name: 'Lucía Ramírez',
  email: 'lucia.ramirez@example.org',
  street_address: '113 Calle Roble',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
  phone_number: null,
};

const GENERAL = [
  { category: 'Participación', talking_points: 'Las decisiones que afectan a un barrio deben tomarse escuchando primero a quienes viven en él.' },
  { category: 'Presupuesto', talking_points: 'Cada dólar invertido en servicios de barrio se recupera en salud, seguridad y vida comunitaria.' },
];

const CAMPAIGNS = [
  {
    campaign: {
      title: 'Proteger el parque Las Palmas',
      description:
        'La Comisión de Planificación estudia permitir un estacionamiento sobre la mitad del parque Las Palmas, el único espacio verde del barrio. Cientos de familias lo usan cada semana.',
      decision_body: 'la Comisión de Planificación de Springfield',
      jurisdiction: 'Ciudad de Springfield',
      agenda_item_number: '4A',
    },
    points: [
      { category: 'Espacio verde', talking_points: 'El parque Las Palmas es el único lugar del barrio donde los niños pueden jugar al aire libre.', hidden: true },
      { category: 'Salud', talking_points: 'Los árboles del parque dan sombra y aire más limpio a las calles que lo rodean en los meses de calor.' },
      { category: 'Alternativas', talking_points: 'Pedimos que la Comisión estudie otros terrenos para el estacionamiento antes de tocar el parque.' },
    ],
  },
  {
    campaign: {
      title: 'Mantener abierta la biblioteca Eastside por las tardes',
      description: 'Los recortes cerrarían la biblioteca Eastside a las 5 de la tarde. Estudiantes y familias trabajadoras dependen de su horario de tarde.',
      decision_body: 'Concejo Municipal',
      meeting_date: '2027-03-09',
    },
    points: [
      { category: 'Educación', talking_points: 'Muchos estudiantes hacen sus tareas en la biblioteca porque en casa no tienen internet ni un lugar tranquilo.', hidden: true },
      { category: 'Trabajo', talking_points: 'Quienes trabajan de día solo pueden usar la biblioteca por la tarde. Cerrar a las 5 los deja fuera.' },
      { category: 'Costo', talking_points: 'Mantener el horario de tarde cuesta menos del uno por ciento del presupuesto de bibliotecas.' },
    ],
  },
  {
    campaign: {
      title: 'No al cierre de la clínica comunitaria',
      description: 'La clínica comunitaria del barrio Norte atiende a miles de pacientes sin seguro. El condado propone cerrarla el próximo año.',
      decision_body: 'Junta de Supervisores del Condado',
      agenda_item_number: '12',
      meeting_date: '2027-02-01',
    },
    points: [
      { category: 'Salud', talking_points: 'La clínica es el único lugar donde muchas familias del barrio Norte reciben atención preventiva.', hidden: true },
      { category: 'Urgencias', talking_points: 'Sin la clínica, más pacientes acudirán a urgencias, donde la atención cuesta mucho más.' },
      { category: 'Acceso', talking_points: 'El hospital más cercano queda a cuarenta minutos en autobús. Muchas familias no tienen coche.' },
    ],
  },
];

function bodySentences(letter: string): Set<string> {
  const lines = letter.split('\n');
  const start = lines.findIndex((l, i) => i >= 2 && l.endsWith(':'));
  const end = lines.findIndex((l, i) => i > start && (CLOSINGS as readonly string[]).includes(l));
  return new Set(splitSentences(lines.slice(start + 1, end).join(' '), 'es'));
}

/**
 * The share of a pair: the writer's own sentences (every body sentence but the organiser's points,
 * which letters choosing the same points rightly share) found in both, over the shorter letter's.
 */
function share(a: Set<string>, b: Set<string>, points: ReadonlySet<string>): number {
  const own = (x: Set<string>) => [...x].filter((s) => !points.has(s));
  const [oa, ob] = [own(a), own(b)];
  return oa.filter((s) => ob.includes(s)).length / Math.min(oa.length, ob.length);
}

const campaigns = CAMPAIGNS.map(({ campaign, points }, c) => {
  const all = [...points, ...GENERAL].map((p, i) => ({ id: 100 * (c + 1) + i, category: p.category, talking_points: p.talking_points, hidden: 'hidden' in p }));
  const optional = all.filter((p) => !p.hidden);
  const selections: LetterPoint[][] = [];
  for (let mask = 0; mask < 1 << optional.length; mask++) {
    selections.push(all.filter((p) => p.hidden || (mask & (1 << optional.indexOf(p))) !== 0));
  }
  const publicComment = resolvePublicComment(campaign, {}, '2026-05-14');
  const write = (perspective: Perspective, selection: LetterPoint[]) =>
    writeLetter({ campaign, publicComment, perspective, supporter: WRITER, points: selection, personalNote: null, language: 'es', date: '2026-05-14' }).letter_content;
  return { campaign, all, selections, write };
});

function pairs<T>(items: T[]): [T, T][] {
  return items.flatMap((a, i) => items.slice(i + 1).map((b): [T, T] => [a, b]));
}

describe('how many sentences two Spanish letters share', () => {
  it('two perspectives share none of their own sentences, for every selection on every campaign', () => {
    const shares: number[] = [];
    for (const { campaign, selections, write, all } of campaigns) {
      // With no point chosen, a letter carries the campaign's description in its place.
      const points = new Set([...all.flatMap((p) => pointSentences(p.talking_points, 'es')), ...splitSentences(campaign.description, 'es')]);
      for (const selection of selections) {
        const letters = PERSPECTIVES.map((p) => ({ p, sentences: bodySentences(write(p, selection)) }));
        for (const [a, b] of pairs(letters)) {
          const s = share(a.sentences, b.sentences, points);
          shares.push(s);
          expect(s, `${campaign.title}, ${selection.length} points: ${a.p} and ${b.p}`).toBe(0);
        }
      }
    }
    expect(shares.length).toBe(3 * 16 * 45);
  });

  it('share no framing sentence across perspectives: only the talking points both carry', () => {
    for (const { selections, write, all } of campaigns) {
      const points = new Set(all.flatMap((p) => pointSentences(p.talking_points, 'es')));
      const letters = PERSPECTIVES.map((p) => ({ p, sentences: bodySentences(write(p, selections.at(-1)!)) }));
      for (const [a, b] of pairs(letters)) {
        const common = [...a.sentences].filter((s) => b.sentences.has(s));
        expect(common.filter((s) => !points.has(s)), `${a.p} and ${b.p}`).toEqual([]);
      }
    }
  });

  it('two point selections of one writer and perspective share at most one in five of their own sentences in 99 pairs of 100', () => {
    const shares: number[] = [];
    for (const { selections, write, all } of campaigns) {
      const points = new Set(all.flatMap((p) => pointSentences(p.talking_points, 'es')));
      for (const perspective of PERSPECTIVES) {
        const letters = selections.map((s) => bodySentences(write(perspective, s)));
        for (const [a, b] of pairs(letters)) shares.push(share(a, b, points));
      }
    }
    shares.sort((x, y) => x - y);
    const mean = shares.reduce((sum, s) => sum + s, 0) / shares.length;
    expect(shares.length).toBe(3 * 10 * 120);
    expect(shares[Math.floor(shares.length * 0.99)]!).toBeLessThanOrEqual(0.2);
    expect(mean).toBeLessThan(0.05);
    expect(shares.at(-1)!).toBeLessThan(1);
  });

  it('asks each campaign in its own words, the verb agreeing with the body', () => {
    const [parque, biblioteca, clinica] = campaigns.map(({ write, selections }) =>
      PERSPECTIVES.map((p) => [...bodySentences(write(p, selections.at(-1)!))].join(' ')).join(' '),
    );
    expect(parque).toMatch(/(protejan|proteja) el parque Las Palmas\./);
    expect(biblioteca).toMatch(/(mantengan|mantenga) abierta la biblioteca Eastside por las tardes\./);
    expect(clinica).toMatch(/(rechacen|rechace) el cierre de la clínica comunitaria\./);
    expect(clinica).not.toMatch(/insto a la Junta de Supervisores del Condado a que rechacen/i);
  });

  it("writes the demo's Spanish campaign with no framing sentence shared across perspectives", () => {
    const demo = DEMO_CAMPAIGNS.find(({ campaign }) => campaign.language === 'es')!;
    const points = demo.points.map((p, i) => ({ id: 900 + i, category: p.category, talking_points: p.talking_points }));
    const publicComment = resolvePublicComment({ ...demo.campaign, title: demo.campaign.title }, {}, '2026-05-14');
    const letters = PERSPECTIVES.map((perspective) => ({
      perspective,
      sentences: bodySentences(
        writeLetter({ campaign: demo.campaign, publicComment, perspective, supporter: WRITER, points, personalNote: null, language: 'es', date: '2026-05-14' }).letter_content,
      ),
    }));
    const carried = new Set(points.flatMap((p) => pointSentences(p.talking_points, 'es')));
    for (const [a, b] of pairs(letters)) {
      expect([...a.sentences].filter((s) => b.sentences.has(s) && !carried.has(s)), `${a.perspective} and ${b.perspective}`).toEqual([]);
    }
  });
});
