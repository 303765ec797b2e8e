import { setImmediate as nextTurn } from 'node:timers/promises';
import { In } from 'typeorm';
import { perspectiveLabel, positionWording, type PositionLabels, type Residency } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { countSignatures, lettersById, lettersInOrder, quarantinedInScope, type LetterFacts, type QuarantinedTally } from './read';
import type { PacketScope } from './render';
import { VOICE_COLUMNS, voiceOf, type Voice } from './contents';

export interface Tally {
  label: string;
  count: number;
}

/** A talking point the letters share, printed once: its number in the packet is its place in `points`, from 1. */
export interface PointTally extends Tally {
  id: number;
}

/** The campaign's fields the figures are worded with. */
export type SummaryCampaign = Pick<CampaignRow, 'position_options' | 'position_labels'>;

/** The cover's figures, and the letters they were counted from, in the packet's order. */
export interface PacketSummary {
  letters: number;
  /** Letters submitted after scope.lateAfter. */
  late: number;
  /** Letters whose writers confirmed them from their own mailbox (contract/confirmation.ts). */
  confirmedByEmail: number;
  /** Distinct e-mail addresses among the letters' writers (folded as signatures are). */
  writers: number;
  /** Letters that carry at least PERSONAL_WORDS of their writer's own words. */
  personal: number;
  signatures: number;
  first: Date | null;
  last: Date | null;
  /** Null where the campaign asks no position. */
  positions: Tally[] | null;
  /** Null where no letter was placed (the campaign has no boundary set). */
  residency: Tally[] | null;
  districts: Tally[] | null;
  perspectives: Tally[];
  cities: Tally[];
  /** Each talking point with the number of letters that carry it, most first. */
  points: PointTally[];
  /** Rows the organisers held in quarantine in the same window, by the reason they gave. */
  quarantined: QuarantinedTally[];
  /** Each personal letter's own words, in packet order ("In their own words"). */
  voices: Voice[];
  /** Personal letters stored before Dais kept a writer's own words apart: printed in full, not quoted. */
  voicesUnknown: number;
  /**
   * Every letter's id in the packet's order: personal letters first, then by district, each group
   * in submission order. The letters printed are exactly the ones counted, even if one submitted
   * while the packet is made carries a created_at inside the window (PostgreSQL stamps a row with
   * its transaction's start, which can be before a packet's `until` and its commit after the
   * cover's count). Eight bytes a letter.
   */
  ids: number[];
  /** The ids of the late letters (a few, or none; the PDF and CSV mark them). */
  lateIds: number[];
}

/** Rows read per query for the cover: a few short columns each. */
const FACT_BATCH = 5_000;
/** Whole personal letters read per query for their own words. */
const VOICE_BATCH = 250;

class Counter {
  private readonly byKey = new Map<string, Tally>();
  add(key: string, label: string) {
    const t = this.byKey.get(key);
    if (t) t.count++;
    else this.byKey.set(key, { label, count: 1 });
  }
  keys(): string[] {
    return [...this.byKey.keys()];
  }
  entries(): [string, Tally][] {
    return [...this.byKey];
  }
  get size(): number {
    return this.byKey.size;
  }
  /** Most first, ties in alphabetical order; `relabel` names each key once its names are known. */
  sorted(relabel?: (key: string) => string): Tally[] {
    const tallies = [...this.byKey].map(([key, t]) => (relabel ? { label: relabel(key), count: t.count } : t));
    return tallies.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  }
  /** In an order of their labels (districts by name, positions as offered). */
  ordered(compare: (a: string, b: string) => number): Tally[] {
    return [...this.byKey.values()].sort((a, b) => compare(a.label, b.label));
  }
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Districts in the order people count them: 'Ward 2' before 'Ward 10'. */
const byName = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' }).compare;

const RESIDENCY_WORDS: Record<Residency, string> = {
  resident: 'Residents (address inside a district)',
  non_resident: 'Outside every district',
  unknown: 'Address could not be placed',
  pending: 'Not yet placed',
};
const RESIDENCY_ORDER: Residency[] = ['resident', 'non_resident', 'unknown', 'pending'];
/** The label of letters without a district, in the district tally; always last. */
export const NO_DISTRICT = 'No district';

/**
 * One pass over the scope's letters (their short columns only, in keyset batches) for everything
 * the cover says and the packet's order, then the labels of the talking points, the quarantines
 * of the same window, and the personal letters' own words.
 */
export async function summarize(db: Database, scope: PacketScope, campaign: SummaryCampaign): Promise<PacketSummary> {
  const perspectives = new Counter();
  const cities = new Counter();
  const positions = new Counter();
  const residency = new Counter();
  const districts = new Counter();
  const points = new Counter();
  const writers = new Set<string>();
  const rows: OrderKey[] = [];
  const lateIds: number[] = [];
  let anonymous = 0;
  let confirmedByEmail = 0;
  let placed = 0;
  let first: Date | null = null;
  let last: Date | null = null;
  await eachFact(db, scope, (letter, late) => {
    count(letter);
    if (late) lateIds.push(letter.id);
  });
  function count(l: LetterFacts) {
    rows.push(orderKey(l, rows.length));
    if (l.submitted_at) confirmedByEmail++;
    // An anonymised letter has lost its address: it counts as a writer of its own.
    if (l.email_key) writers.add(l.email_key);
    else anonymous++;
    first ??= l.created_at;
    last = l.created_at;
    perspectives.add(l.perspective, perspectiveLabel(l.perspective));
    const city = clean(l.city);
    const state = clean(l.state).toUpperCase();
    cities.add(`${city.toLowerCase()}|${state}`, state ? `${city}, ${state}` : city);
    if (l.position) positions.add(l.position, positionWording(l.position, campaign.position_labels));
    if (l.residency) {
      placed++;
      residency.add(l.residency, RESIDENCY_WORDS[l.residency]);
      districts.add(l.district_name ?? '', l.district_name ?? NO_DISTRICT);
    }
    for (const id of new Set(l.message_point_ids)) points.add(String(id), '');
  }
  const ids = packetOrder(rows);
  const personal = rows.filter((r) => r.personal).length;
  const { voices, unknown } = await voicesOf(db, ids.slice(0, personal), campaign.position_labels);
  return {
    letters: rows.length,
    late: lateIds.length,
    confirmedByEmail,
    writers: writers.size + anonymous,
    personal,
    signatures: await countSignatures(db, scope),
    first,
    last,
    positions: campaign.position_options === 'none' && positions.size === 0 ? null : positions.ordered(positionOrder(campaign)),
    residency: placed === 0 ? null : residency.ordered((a, b) => residencyRank(a) - residencyRank(b)),
    districts: placed === 0 ? null : districts.ordered((a, b) => (a === NO_DISTRICT ? 1 : b === NO_DISTRICT ? -1 : byName(a, b))),
    perspectives: perspectives.sorted(),
    cities: cities.sorted(),
    points: await labelPoints(db, points),
    quarantined: await quarantinedInScope(db, scope),
    voices,
    voicesUnknown: unknown,
    ids,
    lateIds,
  };
}

const residencyRank = (label: string) => RESIDENCY_ORDER.findIndex((r) => RESIDENCY_WORDS[r] === label);

/** Support, oppose, neutral: as the campaign's forms offer them, in the organiser's words. */
function positionOrder(campaign: SummaryCampaign): (a: string, b: string) => number {
  const order = (['support', 'oppose', 'neutral'] as const).map((p) => positionWording(p, campaign.position_labels));
  return (a, b) => order.indexOf(a) - order.indexOf(b);
}

/** Every letter of the scope, its short columns, in submission order, a batch at a time. */
async function eachFact(db: Database, scope: PacketScope, visit: (letter: LetterFacts, late: boolean) => void): Promise<void> {
  for await (const batch of lettersInOrder(db, scope, FACT_BATCH, 'facts')) {
    for (const { letter, late } of batch) visit(letter, late);
    // SQLite's reads do not wait on I/O, so nothing else would run until the last batch: let the
    // requests that came meanwhile (a signature, a widget's read) go first.
    await nextTurn();
  }
}

/** What places a letter in the packet's order; `at` is its place in submission order. */
interface OrderKey {
  id: number;
  personal: boolean;
  district: string | null;
  at: number;
}
const orderKey = (l: LetterFacts, at: number): OrderKey => ({ id: l.id, personal: l.personal, district: l.district_name, at });

/** The scope's letters in the packet's order, and which are late: what the CSV needs of the summary. */
export async function packetIds(db: Database, scope: PacketScope): Promise<{ ids: number[]; lateIds: number[] }> {
  const rows: OrderKey[] = [];
  const lateIds: number[] = [];
  await eachFact(db, scope, (letter, late) => {
    rows.push(orderKey(letter, rows.length));
    if (late) lateIds.push(letter.id);
  });
  return { ids: packetOrder(rows), lateIds };
}

/**
 * Personal letters first (a clerk reads them first), then by district ('Ward 2' before 'Ward 10',
 * letters with none last), each group in submission order.
 */
export function packetOrder(rows: readonly OrderKey[]): number[] {
  const rank = (r: OrderKey) => (r.personal ? 0 : 1);
  return rows
    .slice()
    .sort((a, b) => rank(a) - rank(b) || compareDistricts(a.district, b.district) || a.at - b.at)
    .map((r) => r.id);
}

function compareDistricts(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return byName(a, b);
}

/** The own words of the personal letters (their ids in packet order), with their writers' details, a batch at a time. */
async function voicesOf(db: Database, ids: readonly number[], labels: PositionLabels): Promise<{ voices: Voice[]; unknown: number }> {
  const voices: Voice[] = [];
  let unknown = 0;
  let n = 0;
  for await (const batch of lettersById(db, ids, VOICE_BATCH, VOICE_COLUMNS)) {
    for (const letter of batch) {
      n++;
      const voice = voiceOf(letter, n, labels);
      if (voice) voices.push(voice);
      else if (letter.own_words === null) unknown++;
    }
  }
  return { voices, unknown };
}

/** "Category: talking point", as the organiser wrote it; a point deleted since is named by its number. */
async function labelPoints(db: Database, counted: Counter): Promise<PointTally[]> {
  const ids = counted.keys().map(Number);
  if (ids.length === 0) return [];
  const rows = await db.ds.getRepository(db.entities.MessagePoint).find({
    select: { id: true, category: true, talking_points: true, is_locked: true },
    where: { id: In(ids) },
  });
  const byId = new Map(rows.map((p) => [p.id, p]));
  const label = (key: string) => {
    const p = byId.get(Number(key));
    if (!p) return `Talking point #${key} (since deleted)`;
    return `${clean(p.category)}: ${clean(p.talking_points)}${p.is_locked ? ' (included in every letter)' : ''}`;
  };
  return counted
    .entries()
    .map(([key, t]) => ({ id: Number(key), label: label(key), count: t.count }))
    .sort((a, b) => b.count - a.count || a.id - b.id);
}
