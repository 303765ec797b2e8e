import type { Dialect } from '../config';

/**
 * The few SQL pieces the outbox writes by hand on both databases. Times come from the database's
 * clock, never a process's: on PostgreSQL several API processes (on several machines) compare
 * leases and due times, and one clock keeps them honest.
 */

/** Now, in the form each database stores timestamps (SQLite: TypeORM's 'YYYY-MM-DD HH:MM:SS.SSS', UTC). */
export const dbNow = (dialect: Dialect) => (dialect === 'postgres' ? 'now()' : "strftime('%Y-%m-%d %H:%M:%f', 'now')");

/** Now plus the milliseconds bound to placeholder `n` (see laterParam for its value). */
export const dbLater = (dialect: Dialect, n: number) =>
  dialect === 'postgres' ? `(now() + $${n}::double precision * interval '1 millisecond')` : "strftime('%Y-%m-%d %H:%M:%f', 'now', ?)";

/** The value bound for dbLater's placeholder. */
export const laterParam = (dialect: Dialect, ms: number): number | string =>
  dialect === 'postgres' ? ms : `${ms >= 0 ? '+' : '-'}${(Math.abs(ms) / 1000).toFixed(3)} seconds`;

/** An instant bound as each database compares timestamps: a Date for pg, TypeORM's UTC text on SQLite. */
export const dbTime = (dialect: Dialect, at: Date): Date | string => (dialect === 'postgres' ? at : at.toISOString().replace('T', ' ').replace('Z', ''));

/** Placeholder number n (1-based): `$n` on PostgreSQL, `?` on SQLite (bound in order). */
export const ph = (dialect: Dialect, n: number) => (dialect === 'postgres' ? `$${n}` : '?');

/** `"id"` is one of a list bound from placeholder `from` on (see idParams). */
export const idIn = (dialect: Dialect, from: number, count: number) =>
  dialect === 'postgres' ? `"id" = ANY($${from}::int[])` : `"id" IN (${Array.from({ length: count }, () => '?').join(', ')})`;

/** Binds an id list for idIn. */
export const idParams = (dialect: Dialect, ids: number[]): unknown[] => (dialect === 'postgres' ? [ids] : ids);

/** A timestamp read back by raw SQL: a Date from pg, a UTC text from SQLite. */
export function readTime(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
