import { TZDate } from '@date-fns/tz';
import type { Activity } from '../../contract';
import type { Database } from '../../db/data-source';
import { counted } from '../../services/campaign-summary';
import { dbTime, ph } from '../../mail/sql';

/** A tally's slot: a quarter hour (migrations/1795780000001-Tallies.ts). */
const SLOT_MS = 15 * 60_000;

/**
 * Counted signatures and letters (confirmed, outside any quarantine: the rule every figure in the
 * console follows) per calendar day in `timeZone`, over the last `days` days, oldest first, every
 * day present.
 *
 * The days' bounds are computed here, in the zone (a day of 23 or 25 hours where the clocks change
 * included), and summed from the quarter-hour tallies the triggers keep: one range of the tallies'
 * key, at most 96 rows a day and campaign, however many signatures a day brings. Every zone in use starts its
 * days on a quarter hour; a day bound that is not (a zone's old local mean time) is counted from
 * the rows themselves, by a range of the created_at index.
 */
export async function dailyActivity(db: Database, days: number, timeZone = 'UTC', now = new Date()): Promise<Activity> {
  const dayStarts = zoneDayStarts(days, timeZone, now);
  if (dayStarts.some((d) => d.start.getTime() % SLOT_MS !== 0)) return countedActivity(db, dayStarts, days);
  const slot = (d: Date) => d.getTime() / SLOT_MS;
  // Summed over the campaigns in the database: at most a quarter hour's campaigns a slot.
  const tallies = (
    await db.ds
      .getRepository(db.entities.Tally)
      .createQueryBuilder('t')
      .select('t.figure', 'figure')
      .addSelect('t.slot', 'slot')
      .addSelect('SUM(t.n)', 'n')
      .where('t.figure IN (:...figures)', { figures: ['supporters:counted', 'letters:counted'] })
      .andWhere('t.slot >= :from AND t.slot < :to', { from: slot(dayStarts[0]!.start), to: slot(dayStarts[days]!.start) })
      .groupBy('t.figure')
      .addGroupBy('t.slot')
      .getRawMany<{ figure: string; slot: number | string; n: number | string }>()
  ).map((r) => ({ figure: r.figure, slot: Number(r.slot), n: Number(r.n) }));
  const out = dayStarts.slice(0, days).map((d) => ({ date: d.date, signatures: 0, letters: 0 }));
  // Day i covers [slot(start i), slot(start i+1)): the day a tally falls in, by binary search.
  const bounds = dayStarts.map((d) => slot(d.start));
  for (const t of tallies) {
    let lo = 0;
    let hi = days - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bounds[mid]! <= t.slot) lo = mid;
      else hi = mid - 1;
    }
    out[lo]![t.figure === 'supporters:counted' ? 'signatures' : 'letters'] += t.n;
  }
  return out;
}

/** Each day one COUNT over a range of the created_at index (whose entries hold status and quarantine_id). */
async function countedActivity(db: Database, dayStarts: { date: string; start: Date }[], days: number): Promise<Activity> {
  const params: unknown[] = [];
  const countOf = (table: 'supporters' | 'letters', i: number) => {
    // Bound once per use: SQLite binds its placeholders in order.
    const at = (d: Date) => {
      params.push(bound(db.dialect, d));
      return ph(db.dialect, params.length);
    };
    const from = at(dayStarts[i]!.start);
    const to = at(dayStarts[i + 1]!.start);
    return `(SELECT COUNT(*) FROM "${table}" WHERE "created_at" >= ${from} AND "created_at" < ${to} AND ${counted(db.dialect)}) AS "${table[0]}${i}"`;
  };
  const columns = [];
  for (let i = 0; i < days; i++) columns.push(countOf('supporters', i), countOf('letters', i));
  const [row] = (await db.ds.query(`SELECT ${columns.join(', ')}`, params)) as Record<string, number | string>[];
  // COUNT(*) is a bigint on PostgreSQL, which pg hands over as a string.
  return dayStarts.slice(0, days).map((d, i) => ({ date: d.date, signatures: Number(row?.[`s${i}`] ?? 0), letters: Number(row?.[`l${i}`] ?? 0) }));
}

/**
 * PostgreSQL compares a bound instant; SQLite the UTC text TypeORM stores, here without '.000', so
 * that a row stamped on the second by a column default ('... 05:00:00') falls on the same side of
 * a bound as one stamped '... 05:00:00.000'.
 */
const bound = (dialect: Database['dialect'], at: Date) => (dialect === 'postgres' ? at : String(dbTime(dialect, at)).replace(/\.000$/, ''));

/** The starts of the last `days` calendar days in the zone and of tomorrow there, with each day's date. */
export function zoneDayStarts(days: number, timeZone: string, now: Date): { date: string; start: Date }[] {
  const today = new TZDate(now.getTime(), timeZone);
  return Array.from({ length: days + 1 }, (_, i) => {
    // Day overflow rolls into the month before or after, as Date's does; a midnight the clocks skip
    // (a few zones change at 00:00) becomes the day's first instant.
    const start = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1) + i, 0, 0, 0, timeZone);
    const date = `${String(start.getFullYear()).padStart(4, '0')}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    return { date, start: new Date(start.getTime()) };
  });
}
