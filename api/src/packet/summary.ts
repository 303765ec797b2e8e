import { setImmediate as nextTurn } from 'node:timers/promises';
import { In } from 'typeorm';
import { perspectiveLabel } from '../contract';
import type { Database } from '../db/data-source';
import { countSignatures, lettersInOrder, type LetterFacts } from './read';
import type { PacketScope } from './render';

export interface Tally {
  label: string;
  count: number;
}

/** The cover's figures, and the letters they were counted from. */
export interface PacketSummary {
  letters: number;
  /** Letters submitted after scope.lateAfter; always the last ones in submission order. */
  late: number;
  /** Letters whose writers confirmed them from their own mailbox (contract/confirmation.ts). */
  confirmedByEmail: number;
  signatures: number;
  first: Date | null;
  last: Date | null;
  perspectives: Tally[];
  cities: Tally[];
  zips: Tally[];
  /** Each talking point with the number of letters that chose it. */
  points: Tally[];
  /**
   * Every letter's id in submission order: the letters printed are exactly the ones counted, even
   * if one submitted while the packet is made carries a created_at inside the window (PostgreSQL
   * stamps a row with its transaction's start, which can be before a packet's `until` and its
   * commit after the cover's count). Eight bytes a letter.
   */
  ids: number[];
}

/** Rows read per query for the cover: a few short columns each. */
const FACT_BATCH = 5_000;

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
  /** Most first, ties in alphabetical order; `relabel` names each key once its names are known. */
  sorted(relabel?: (key: string) => string): Tally[] {
    const tallies = [...this.byKey].map(([key, t]) => (relabel ? { label: relabel(key), count: t.count } : t));
    return tallies.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  }
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** 62701 and 62701-1234 are the same five-digit ZIP code; anything else is counted as typed. */
function zipKey(zip: string): string {
  const z = clean(zip).toUpperCase();
  return /^\d{5}(-?\d{4})?$/.test(z) ? z.slice(0, 5) : z;
}

/**
 * One pass over the scope's letters (their short columns only, in keyset batches) for everything
 * the cover says, then the labels of the talking points they chose.
 */
export async function summarize(db: Database, scope: PacketScope): Promise<PacketSummary> {
  const perspectives = new Counter();
  const cities = new Counter();
  const zips = new Counter();
  const points = new Counter();
  const ids: number[] = [];
  let late = 0;
  let confirmedByEmail = 0;
  let first: Date | null = null;
  let last: Date | null = null;
  for await (const batch of lettersInOrder(db, scope, FACT_BATCH, 'facts')) {
    for (const { letter, late: isLate } of batch) {
      count(letter);
      if (isLate) late++;
    }
    // SQLite's reads do not wait on I/O, so nothing else would run until the last batch: let the
    // requests that came meanwhile (a signature, a widget's read) go first.
    await nextTurn();
  }
  function count(l: LetterFacts) {
    ids.push(l.id);
    if (l.submitted_at) confirmedByEmail++;
    first ??= l.created_at;
    last = l.created_at;
    perspectives.add(l.perspective, perspectiveLabel(l.perspective));
    const city = clean(l.city);
    const state = clean(l.state).toUpperCase();
    cities.add(`${city.toLowerCase()}|${state}`, state ? `${city}, ${state}` : city);
    const zip = zipKey(l.zip_code);
    zips.add(zip, zip);
    for (const id of new Set(l.message_point_ids)) points.add(String(id), '');
  }
  return {
    letters: ids.length,
    late,
    confirmedByEmail,
    signatures: await countSignatures(db, scope),
    first,
    last,
    perspectives: perspectives.sorted(),
    cities: cities.sorted(),
    zips: zips.sorted(),
    points: await labelPoints(db, points),
    ids,
  };
}

/** "Category: talking point", as the organiser wrote it; a point deleted since is named by its number. */
async function labelPoints(db: Database, counted: Counter): Promise<Tally[]> {
  const ids = counted.keys().map(Number);
  if (ids.length === 0) return [];
  const rows = await db.ds.getRepository(db.entities.MessagePoint).find({
    select: { id: true, category: true, talking_points: true, is_locked: true },
    where: { id: In(ids) },
  });
  const byId = new Map(rows.map((p) => [p.id, p]));
  return counted.sorted((key) => {
    const p = byId.get(Number(key));
    if (!p) return `Talking point #${key} (since deleted)`;
    return `${clean(p.category)}: ${clean(p.talking_points)}${p.is_locked ? ' (included in every letter)' : ''}`;
  });
}
