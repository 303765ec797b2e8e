/** For tests: a Spanish letter's input and the helpers that cut a letter into its parts. */
import { splitSentences } from '../phrasing';
import type { PublicComment } from '../public-comment';
import type { LetterInput, LetterPoint } from '../write-letter';
import { addressed } from './phrasebook';
import { CLOSINGS } from './perspectives';

export const POINTS: LetterPoint[] = [
  {
    id: 11,
    category: 'Seguridad',
    talking_points:
      'Los carriles bici protegidos en la avenida Riverside separarían a los ciclistas del tráfico en el corredor más transitado de la ciudad, donde once personas resultaron gravemente heridas en los últimos tres años.',
  },
  {
    id: 12,
    category: 'Economía local',
    talking_points:
      'Las ciudades que construyeron carriles protegidos vieron crecer las ventas en esas calles, porque quienes van a pie o en bicicleta se detienen más a menudo y gastan más en los comercios del barrio.',
  },
  {
    id: 13,
    category: 'Medio ambiente',
    talking_points:
      'Cada trayecto corto que pasa del coche a la bicicleta reduce emisiones y ruido; el plan une tres escuelas y dos parques, y da a las familias una forma segura de dejar el coche en casa para los recados diarios.',
  },
  {
    id: 14,
    category: 'Presupuesto',
    talking_points:
      'Las subvenciones estatales cubren la mayor parte del costo, así que la ciudad paga una pequeña parte de un proyecto que servirá a sus residentes durante décadas y abaratará las futuras reparaciones.',
  },
];
export const NOTE =
  'Mi hija va en bicicleta a la escuela Lincoln cada mañana y contengo la respiración hasta que me escribe que llegó. La primavera pasada un conductor atropelló a una vecina sin verla. Por favor, no esperen a que otra familia reciba esa llamada. Una línea pintada no protege; un bordillo sí.';

export const KNOWN = {
  decision_body: 'Concejo Municipal',
  jurisdiction: 'Ciudad de Springfield',
  meeting_date: '2026-12-03',
  agenda_item_number: '7B',
  project_name: 'Plan de Calles Completas de la avenida Riverside',
};
export const UNKNOWN: PublicComment = { decision_body: null, jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null };

export const input = (over: Partial<LetterInput> = {}): LetterInput => ({
  campaign: {
    title: 'Construir carriles bici seguros en la avenida Riverside',
    description: 'La avenida Riverside necesita carriles bici protegidos. Once personas resultaron heridas allí en tres años. El Concejo vota en diciembre.',
  },
  publicComment: KNOWN,
  perspective: 'parent',
  supporter: {
    name: 'María José Hernández-Whitfield',
    email: 'mj.hernandez@example.org',
    street_address: '1234 Riverside Drive, Apt 5',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62704',
    phone_number: '(217) 555-0142',
  },
  points: POINTS.slice(0, 3),
  personalNote: NOTE,
  language: 'es',
  date: '2026-11-27',
  ...over,
});

/** A letter cut into its blocks: the date, two header lines, the greeting, the paragraphs, the closing, the signature. */
export function blocks(letter: string) {
  const lines = letter.split('\n');
  const to = lines.findIndex((l) => l.startsWith('Para: '));
  const greeting = lines.findIndex((l, i) => i > to + 1 && l.endsWith(':'));
  const closing = lines.findIndex((l) => (CLOSINGS as readonly string[]).includes(l));
  return {
    date: lines[0]!,
    header: lines.slice(to, to + 2),
    greeting: lines[greeting]!,
    paragraphs: lines.slice(greeting + 1, closing).filter(Boolean),
    closing: lines[closing]!,
    signature: lines.slice(closing + 1),
  };
}

export const sentences = (letter: string) => new Set(splitSentences(blocks(letter).paragraphs.join(' '), 'es'));

/** The letter's own words: its paragraphs without the organiser's points, title and description, the note or the city. */
export function framing(letter: string, i: LetterInput = input()): string {
  let text = blocks(letter).paragraphs.join('\n');
  const organisers = [...i.points.map((p) => p.talking_points), i.personalNote ?? '', i.campaign.description, i.supporter.city];
  for (const words of organisers.filter(Boolean)) text = text.split(words).join(' ');
  return text;
}

/** A regular expression matching any one of `options` exactly. */
export const oneOf = (options: readonly string[]) => `(?:${options.map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
export const ustedes = (parts: readonly string[]) => parts.map((p) => addressed(p, true));

