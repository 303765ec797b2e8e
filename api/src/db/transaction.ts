import type { DataSource, EntityManager } from 'typeorm';
import type { Database } from './data-source';

/**
 * One transaction, the same call on both databases.
 *
 * SQLite through better-sqlite3 is one connection shared by every request. TypeORM awaits between
 * the statements of a transaction, so two concurrent transactions would interleave on that one
 * connection ("cannot start a transaction within a transaction", or one request's rollback undoing
 * another's insert). A promise queue runs SQLite transactions one after another; PostgreSQL has a
 * pool and real isolation, so it needs none.
 */
export function transactionRunner(ds: DataSource, dialect: 'sqlite' | 'postgres') {
  if (dialect === 'postgres') {
    return <T>(fn: (m: EntityManager) => Promise<T>) => ds.transaction(fn);
  }
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: (m: EntityManager) => Promise<T>): Promise<T> => {
    const run = tail.then(() => ds.transaction(fn));
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * One statement on its own. PostgreSQL runs it in autocommit: one round trip, where a transaction
 * around it would add a BEGIN and a COMMIT (the mail worker makes several such statements for each
 * e-mail). SQLite's one connection must not run it between another transaction's statements, so
 * it takes its turn in that queue.
 */
export async function runStatement<T>(db: Database, sql: string, params: unknown[]): Promise<T> {
  if (db.dialect === 'sqlite') return db.transaction((m) => m.queryRunner!.query(sql, params, true) as Promise<T>);
  const runner = db.ds.createQueryRunner();
  try {
    return (await runner.query(sql, params, true)) as T;
  } finally {
    await runner.release();
  }
}

/**
 * Runs `write` inside a savepoint of the caller's transaction and undoes it: what a honeypot costs.
 * On PostgreSQL each statement is a round trip, so the undoing is one (two statements without
 * parameters go as one simple query): the honeypot pays the write a person's request pays, and two
 * round trips of nothing, rather than a stand-in cheaper than the write.
 */
export async function writtenAndTakenBack(m: EntityManager, db: Pick<Database, 'dialect'>, write: () => Promise<unknown>): Promise<void> {
  await m.query('SAVEPOINT "honeypot"');
  await write();
  if (db.dialect === 'postgres') {
    await m.query('ROLLBACK TO SAVEPOINT "honeypot"; RELEASE SAVEPOINT "honeypot"');
    return;
  }
  await m.query('ROLLBACK TO SAVEPOINT "honeypot"');
  await m.query('RELEASE SAVEPOINT "honeypot"');
}
