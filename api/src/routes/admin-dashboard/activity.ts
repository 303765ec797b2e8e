import type { Activity } from '../../contract';
import type { Database } from '../../db/data-source';

const DAY_MS = 86_400_000;

/**
 * Signatures and letters per UTC day over the last `days` days, oldest first, every day present.
 *
 * Grouped in SQL, so a busy month returns `days` rows rather than every signature's timestamp.
 * Taking the UTC day of a timestamp has no portable spelling, so only that expression (and the
 * bound it is compared with) is per dialect; the range scan walks the created_at indexes on both.
 */
export async function dailyActivity(db: Database, days: number, now = new Date()): Promise<Activity> {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(todayStart - (days - 1) * DAY_MS);
  const end = new Date(todayStart + DAY_MS);
  const [signatures, letters] = await Promise.all([
    countPerDay(db, 'Supporter', first, end),
    countPerDay(db, 'Letter', first, end),
  ]);
  return Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(first.getTime() + i * DAY_MS));
    return { date, signatures: signatures.get(date) ?? 0, letters: letters.get(date) ?? 0 };
  });
}

/** Rows with from <= created_at < to (both UTC midnights), counted per UTC day. */
async function countPerDay(db: Database, entity: 'Supporter' | 'Letter', from: Date, to: Date): Promise<Map<string, number>> {
  // PostgreSQL stores timestamptz: take the day in UTC explicitly, whatever the session zone.
  // SQLite: TypeORM stores 'YYYY-MM-DD HH:MM:SS[.SSS]' in UTC, so the day is the first 10 characters,
  // and a bare 'YYYY-MM-DD' bound sorts before every time of that day (a bound Date would become
  // 'YYYY-MM-DD 00:00:00.000', which sorts after a row stored at exactly '... 00:00:00').
  const bound = (d: Date) => (db.dialect === 'postgres' ? d : isoDay(d));
  const day =
    db.dialect === 'postgres' ? `to_char(x.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : 'substr(x.created_at, 1, 10)';
  const rows = await db.ds
    .getRepository(db.entities[entity])
    .createQueryBuilder('x')
    .select(day, 'day')
    .addSelect('COUNT(*)', 'n')
    .where('x.created_at >= :from AND x.created_at < :to', { from: bound(from), to: bound(to) })
    .groupBy(day)
    .getRawMany<{ day: string; n: string | number }>();
  // COUNT(*) is a bigint on PostgreSQL, which pg hands over as a string.
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
