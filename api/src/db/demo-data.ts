import { isPersonal, ownWords, PERSPECTIVES, positionsOffered, speaksForCampaign, type DeliveryMode, type Position } from '../contract';
import { resolvePublicComment } from '../letters/public-comment';
import { writeLetter } from '../letters/write-letter';
import type { CampaignRow, MessagePointRow } from './types';

/**
 * Demo content for a fresh install: realistic enough to try every screen. Fictional town,
 * example.org addresses. One campaign has every Public Comment field, one has none, one has the
 * letter tab switched off. Each delivery mode is shown: the first campaign sends its packet
 * automatically before a deadline ten days out, the second e-mails each letter as it comes, the
 * last is delivered by hand and its deadline has passed, so its newest letters are late. The first
 * lists its recent public supporters in its widget. The last is in Spanish, end to end: its widget,
 * its e-mails and the letters its supporters write. The one that confirms also asks each supporter
 * a position, in its organiser's words, and shows the counts by position in its widget. The first
 * two place their supporters and writers in made-up council wards (demo-districts.ts): residents by
 * ward, some non-residents, some who chose their ward, some unknown.
 */
type DemoCampaign = Partial<CampaignRow> & Pick<CampaignRow, 'title' | 'description'>;
type DemoPoint = Pick<MessagePointRow, 'category' | 'talking_points'> & Partial<MessagePointRow>;

/** Delivery settings with the deadline relative to when the demo is seeded (at 5 PM in the zone). */
export interface DemoDelivery {
  mode: DeliveryMode;
  recipients: string[];
  timeZone: string;
  deadlineInDays: number | null;
  leadHours?: number;
}

export interface DemoCampaignData {
  campaign: DemoCampaign;
  points: DemoPoint[];
  supporters: number;
  delivery: DemoDelivery;
  /** Letters spread evenly over the last `overDays` days. */
  letters?: { count: number; overDays: number };
  /** Supporters confirm by e-mail (off unless set: the demo's counts are all confirmed ones). */
  requireConfirmation?: boolean;
  /** Of the supporters and letters, how many (the newest) have not confirmed yet. */
  pending?: { supporters: number; letters: number };
}

export const DEMO_CAMPAIGNS: DemoCampaignData[] = [
  {
    campaign: {
      title: 'Protect Riverside Park from Rezoning',
      description:
        'The Planning Commission will decide whether 12 acres of Riverside Park can be rezoned for a parking ' +
        'structure. Tell the commissioners the park is worth keeping: it is the only green space within walking ' +
        'distance for four neighborhoods.',
      category: 'Parks & Environment',
      target_signatures: 500,
      target_letters: 150,
      decision_body: 'Springfield Planning Commission',
      jurisdiction: 'City of Springfield',
      meeting_date: '2027-01-14',
      agenda_item_number: '7B',
      project_name: 'Riverside Park Rezoning (RZ-2026-014)',
      // Social proof: its widget lists recent supporters who chose to be shown.
      show_recent_supporters: true,
    },
    points: [
      {
        category: 'Open space',
        talking_points:
          'Riverside Park should remain zoned as public open space, and the rezoning application RZ-2026-014 should be denied.',
        is_locked: true,
        display_order: 0,
      },
      {
        category: 'Green space',
        talking_points:
          'The park is the only large green space within a ten-minute walk for more than 9,000 residents of four neighborhoods.',
        display_order: 1,
      },
      {
        category: 'Flooding',
        talking_points:
          'The meadow along the river absorbs storm water; paving it would increase flood risk for the homes downstream.',
        display_order: 2,
      },
      {
        category: 'Alternatives',
        talking_points:
          'The downtown garage on 5th Street is half empty on weekdays; shared parking there meets the demand without losing parkland.',
        display_order: 3,
      },
    ],
    supporters: 37,
    delivery: {
      mode: 'packet',
      recipients: ['planning.clerk@springfield.example.org'],
      timeZone: 'America/Chicago',
      deadlineInDays: 10,
      leadHours: 24,
    },
    letters: { count: 6, overDays: 14 },
  },
  {
    campaign: {
      title: 'Safe Streets for Lincoln Elementary',
      description:
        'Children walking to Lincoln Elementary cross four lanes of traffic on Oak Avenue with no signal. Ask the ' +
        'city for a signalized crosswalk and a school-zone speed limit before the next school year.',
      category: 'Transportation',
      target_signatures: 1000,
      target_letters: 100,
      widget_primary_color: '#1d4ed8',
      widget_secondary_color: '#1e40af',
      widget_background_color: '#eff6ff',
    },
    points: [
      {
        category: 'Safety',
        talking_points:
          'Three pedestrians were struck near the Oak Avenue crossing in the last two years; a signal would make the crossing predictable.',
        display_order: 1,
      },
      {
        category: 'Speed',
        talking_points:
          'A 20 mph school zone during drop-off and pick-up hours gives drivers time to stop for children.',
        display_order: 2,
      },
      {
        category: 'Old idea',
        talking_points: 'Ask the district to move the school entrance to the side street instead.',
        display_order: 3,
        is_active: false,
      },
    ],
    supporters: 12,
    delivery: { mode: 'each', recipients: ['traffic.clerk@springfield.example.org'], timeZone: 'America/Chicago', deadlineInDays: null },
  },
  {
    campaign: {
      title: 'Keep the Eastside Library Open Evenings',
      description:
        'Proposed budget cuts would close the Eastside branch library at 5 pm. Students and working families ' +
        'depend on evening hours for homework help, job searches and a quiet place to study.',
      category: 'Libraries',
      target_signatures: 250,
      enable_letter_tab: false,
    },
    points: [],
    supporters: 8,
    // The written comments closed three days ago (and the letter tab with them); the last letters
    // came in after the deadline.
    delivery: { mode: 'manual', recipients: ['library.board@springfield.example.org'], timeZone: 'America/Chicago', deadlineInDays: -3 },
    letters: { count: 6, overDays: 6 },
  },
  {
    // The one that confirms: each supporter follows a link in their e-mail before they count (the
    // development mailbox holds those e-mails on a laptop); some have not yet.
    campaign: {
      title: 'Plant 500 Street Trees on Elm Avenue',
      description:
        'Elm Avenue is the hottest street in Springfield on summer afternoons. The Urban Forestry Board can fund ' +
        'five hundred street trees this year if residents show they want them and will help water them.',
      category: 'Parks & Environment',
      target_signatures: 500,
      target_letters: 50,
      // Its forms ask where each supporter stands; the widget shows how many stand where.
      position_options: 'support_oppose_neutral',
      position_labels: {
        support: 'Plant all 500 trees this year',
        oppose: 'Spend the forestry budget on other work',
        neutral: 'Plant fewer trees, on the blocks that ask for them',
      },
      show_position_counts: true,
    },
    points: [
      {
        category: 'Cooler streets',
        talking_points: 'A full street canopy can cool the sidewalk by ten degrees on a summer afternoon.',
        display_order: 1,
      },
      {
        category: 'Stormwater',
        talking_points:
          'Every mature street tree soaks up thousands of gallons of rain a year that would otherwise flood the storm drains on Elm Avenue.',
        display_order: 2,
      },
      {
        category: 'Neighbors will help',
        talking_points: 'Residents on every block have offered to water the young trees through their first two summers.',
        display_order: 3,
      },
    ],
    supporters: 10,
    delivery: { mode: 'manual', recipients: [], timeZone: 'America/Chicago', deadlineInDays: 30 },
    letters: { count: 3, overDays: 5 },
    requireConfirmation: true,
    pending: { supporters: 2, letters: 1 },
  },
  {
    // In Spanish: what its supporters read, its e-mails and its letters (contract/texts, letters/).
    campaign: {
      title: 'Proteger el parque Las Palmas',
      description:
        'La Comisión de Planificación estudia permitir un estacionamiento sobre la mitad del parque Las Palmas, ' +
        'el único espacio verde del barrio. Cientos de familias lo usan cada semana para jugar, caminar y reunirse.',
      category: 'Parques',
      target_signatures: 300,
      target_letters: 60,
      language: 'es',
      decision_body: 'la Comisión de Planificación de Springfield',
      jurisdiction: 'Ciudad de Springfield',
      agenda_item_number: '4A',
      show_recent_supporters: true,
    },
    points: [
      {
        category: 'Espacio verde',
        talking_points: 'El parque Las Palmas es el único lugar del barrio donde los niños pueden jugar al aire libre.',
        display_order: 1,
      },
      {
        category: 'Salud',
        talking_points: 'Los árboles del parque dan sombra y aire más limpio a las calles que lo rodean en los meses de calor.',
        display_order: 2,
      },
      {
        category: 'Alternativas',
        talking_points: 'Pedimos que la Comisión estudie otros terrenos para el estacionamiento antes de tocar el parque.',
        display_order: 3,
      },
    ],
    supporters: 9,
    delivery: { mode: 'manual', recipients: ['planning.clerk@springfield.example.org'], timeZone: 'America/Chicago', deadlineInDays: 20 },
    letters: { count: 3, overDays: 4 },
  },
];

/** General points (no campaign): offered in the letter form of every campaign in their language. */
export const DEMO_GENERAL_POINTS: DemoPoint[] = [
  {
    category: 'Community voice',
    talking_points:
      'Residents who live with the outcome every day should be heard before the decision is made, not after.',
    display_order: 10,
  },
  {
    category: 'Transparency',
    talking_points:
      'Please publish the staff analysis and the public comments received before the meeting so everyone can review them.',
    display_order: 11,
  },
  {
    category: 'La voz de la comunidad',
    talking_points: 'Quienes viven cada día con el resultado deben ser escuchados antes de que se tome la decisión, no después.',
    display_order: 10,
    language: 'es',
  },
  {
    category: 'Transparencia',
    talking_points:
      'Les pido que publiquen el análisis del personal técnico y los comentarios recibidos antes de la sesión, para que todos puedan revisarlos.',
    display_order: 11,
    language: 'es',
  },
];

const FIRST = ['Maria', 'James', 'Aisha', 'Chen', 'Olivia', 'Diego', 'Fatima', 'Noah', 'Grace', 'Samuel'];
const LAST = ['Garcia', 'Okafor', 'Nguyen', 'Smith', 'Haddad', 'Kowalski', 'Brown', 'Patel', 'Lopez', 'Kim'];
const STREETS = ['Maple St', 'Oak Ave', 'River Rd', 'Elm St', 'Hillside Dr', '5th St'];

/** Where the n-th demo supporter of a campaign that asks stands: most for, some against, a few neither. */
export function demoPosition(c: DemoCampaign, n: number): Position | null {
  const offered = positionsOffered(c.position_options ?? 'none');
  const stand: Position = n % 5 === 3 ? 'oppose' : n % 7 === 5 ? 'neutral' : 'support';
  return offered.length === 0 ? null : offered.includes(stand) ? stand : 'support';
}

/** The n-th demo supporter of a campaign: deterministic, clearly fictional. */
export function demoSupporter(campaignIndex: number, n: number) {
  const first = FIRST[(n * 7 + campaignIndex) % FIRST.length]!;
  const last = LAST[(n * 3 + campaignIndex * 5) % LAST.length]!;
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${campaignIndex}.${n}@example.org`.toLowerCase(),
    comment: n % 4 === 0 ? 'This matters to my family and my neighbors.' : null,
    is_public: n % 5 !== 0,
    street_address: `${100 + n * 13} ${STREETS[n % STREETS.length]}`,
    city: 'Springfield',
    state: 'IL',
    zip_code: '62704',
    phone_number: n % 3 === 0 ? `(217) 555-${String(1000 + n).slice(-4)}` : null,
  };
}

/**
 * What some demo writers add in their own words (every other letter), so the console shows
 * personal letters beside those sent as Dais wrote them. Indexed by campaign, in its language.
 */
const OWN_WORDS: readonly (readonly string[])[] = [
  [
    'I walk along the river path every morning, and the meadow is where my children first saw herons and learned to skip stones.',
    'When the storm drains backed up two springs ago, the water off that meadow ran straight into the basements on our block.',
    'I coach a youth soccer team, and the open field by the river is the only place in this part of town where thirty kids can practice.',
    'My grandmother planted the oak at the south entrance in 1962, and I would like my own grandchildren to sit under it too.',
  ],
  [
    'My son crosses Oak Avenue every morning, and twice this fall a driver has not stopped for him at the crossing by the school.',
    'I walk the children of three families to Lincoln Elementary, and we wait at that crossing longer than anywhere else on the way.',
    'I drive a school bus on this route, and from my seat I see children dart between parked cars because there is no crosswalk near the gate.',
    'Our crossing guard retired in June and nobody replaced her, so the older kids now wave the little ones across themselves.',
  ],
  [
    'I finished my nursing degree at the Eastside branch because it was the only quiet place open after my shifts ended at seven.',
    'My daughter does her homework at the library after school, since our apartment has no quiet corner and no internet connection.',
    'I run an English conversation group there on Tuesday evenings, and half of our members come straight from work at six thirty.',
    'The library is where I printed every job application last winter; the computers at home stopped working and the branch was my office.',
  ],
  [
    'On the hottest afternoons last summer the sidewalk on Elm Avenue was too hot for my dog, and my neighbors stopped walking there.',
    'Our street lost four old maples in the last storm, and the block has felt hotter and louder every summer since they came down.',
    'I wait for the number 9 bus on Elm Avenue with my two toddlers, and there is not a single patch of shade at that stop all afternoon.',
    'As a nurse I have seen older patients come in with heat exhaustion after walking home from the pharmacy on Elm in July.',
  ],
  [
    'Mis hijos aprendieron a andar en bicicleta en el parque Las Palmas, y allí nos encontramos con los vecinos cada domingo por la tarde.',
    'Trabajo de noche y el parque es el único lugar fresco y con sombra donde mi madre puede caminar un rato durante el verano.',
    'Soy entrenador de un equipo infantil de béisbol y la cancha de Las Palmas es la única iluminada que nos queda en el barrio.',
    'Mi abuelo plantó las palmas de la entrada cuando llegó de Jalisco, y cada año celebramos su cumpleaños a la sombra de ellas.',
  ],
];

/**
 * The n-th demo letter of a campaign: written by Dais, as a supporter's would be, from its hidden
 * points and one other, by that campaign's n-th demo supporter on `date` (the day in the campaign's
 * zone); every other writer added words of their own, which makes the letter personal.
 */
export function demoLetter(campaignIndex: number, n: number, c: DemoCampaignData, points: MessagePointRow[], date: string) {
  const who = demoSupporter(campaignIndex, n);
  const perspective = PERSPECTIVES[(n * 3 + campaignIndex) % PERSPECTIVES.length]!;
  const offered = points.filter((p) => p.is_active !== false && !p.is_locked);
  const position = demoPosition(c.campaign, n);
  // As the server picks them (routes/letters/letter-points.ts): the hidden points only for a writer in favour.
  const hidden = speaksForCampaign(position);
  const chosen = points.filter((p) => p.is_active !== false && ((hidden && p.is_locked) || p === offered[n % Math.max(1, offered.length)]));
  const own = OWN_WORDS[campaignIndex % OWN_WORDS.length]!;
  const note = n % 2 === 0 ? own[(n / 2) % own.length]! : null;
  const { letter_content } = writeLetter({
    campaign: c.campaign,
    publicComment: resolvePublicComment(c.campaign, {}, date),
    perspective,
    supporter: who,
    points: chosen,
    personalNote: note,
    position: position && { position, label: c.campaign.position_labels?.[position] ?? '' },
    language: c.campaign.language ?? 'en',
    date,
  });
  return {
    letter_content,
    supporter_name: who.name,
    supporter_email: who.email,
    street_address: who.street_address,
    city: who.city,
    state: who.state,
    zip_code: who.zip_code,
    phone_number: who.phone_number,
    perspective,
    campaign_title: c.campaign.title,
    message_point_ids: chosen.map((p) => p.id),
    personal: isPersonal(letter_content, letter_content, note),
    own_words: ownWords(letter_content, letter_content, note),
    position,
  };
}
