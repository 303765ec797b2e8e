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
  const slots = dayStarts.map((d) => d.start.getTime() / SLOT_MS);
  // Whole numbers of our own making (any other went to countedActivity above), written into the
  // statement: no placeholders whose types PostgreSQL would have to guess inside VALUES.
  const dayRanges = Array.from({ length: days }, (_, i) => `(${i}, ${slots[i]}, ${slots[i + 1]})`).join(', ');
  // One statement: the days' ranges joined to the tallies' key (figure, slot, campaign), summed in
  // the database, so two numbers a day reach this process. (One sub-select a day and figure took
  // PostgreSQL some 95 ms to plan at 90 days, at any size.)
  const sums = (await db.ds.query(
    `WITH "days"("i", "lo", "hi") AS (VALUES ${dayRanges}) ` +
      `SELECT "days"."i" AS "i", "t"."figure" AS "figure", SUM("t"."n") AS "n" FROM "days" ` +
      `JOIN "tallies" "t" ON "t"."figure" IN (${ph(db.dialect, 1)}, ${ph(db.dialect, 2)}) AND "t"."slot" >= "days"."lo" AND "t"."slot" < "days"."hi" ` +
      `GROUP BY "days"."i", "t"."figure"`,
    ['supporters:counted', 'letters:counted'],
  )) as { i: number | string; figure: string; n: number | string }[];
  const out: Activity = dayStarts.slice(0, days).map((d) => ({ date: d.date, signatures: 0, letters: 0 }));
  // SUM is a bigint on PostgreSQL, which pg hands over as a string.
  for (const r of sums) out[Number(r.i)]![r.figure === 'supporters:counted' ? 'signatures' : 'letters'] = Number(r.n);
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
