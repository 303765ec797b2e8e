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

/**
 * `expression` is one of a list bound from placeholder `from` on (see listParams): one array
 * parameter on PostgreSQL, so the statement text does not change with the list's length.
 */
export const inList = (dialect: Dialect, expression: string, from: number, count: number, type: 'int' | 'text') =>
  dialect === 'postgres' ? `${expression} = ANY($${from}::${type}[])` : `${expression} IN (${Array.from({ length: count }, () => '?').join(', ')})`;

/** Binds a list for inList. */
export const listParams = (dialect: Dialect, values: (number | string)[]): unknown[] => (dialect === 'postgres' ? [values] : values);

/** `"id"` is one of a list of ids bound from placeholder `from` on. */
export const idIn = (dialect: Dialect, from: number, count: number) => inList(dialect, '"id"', from, count, 'int');

/** A timestamp read back by raw SQL: a Date from pg, a UTC text from SQLite. */
export function readTime(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

/**
 * `rows` parenthesised tuples of `width` placeholders each, numbered from 1, each ending with the
 * SQL of `tail` if given (an expression every row shares, such as the clock), for a multi-row
 * INSERT: one statement (one round trip, one pass through the indexes' pages) for a whole batch.
 */
export function tuples(dialect: Dialect, rows: number, width: number, tail?: string): string {
  const row = (r: number) => Array.from({ length: width }, (_c, col) => ph(dialect, r * width + col + 1));
  return Array.from({ length: rows }, (_r, r) => `(${[...row(r), ...(tail ? [tail] : [])].join(', ')})`).join(', ');
}
