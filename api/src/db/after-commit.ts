import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * Runs `fn` once the transaction `m` belongs to has committed, and never if it rolls back; outside a
 * transaction, right away. For work that must only see committed rows: the mail worker is woken this
 * way after a transaction queued mail, so it neither looks too early (and finds nothing) nor waits
 * for its next poll.
 *
 * Built on TypeORM's transaction events (a subscriber added to the data source on first use): the
 * query runner that ran the transaction is the key, which holds on both databases (PostgreSQL gives
 * each transaction its own runner; SQLite has one, and its transactions run one at a time).
 */
export function afterCommit(m: EntityManager, fn: () => void): void {
  const runner = m.queryRunner;
  if (!runner?.isTransactionActive) {
    queueMicrotask(fn);
    return;
  }
  listenTo(m.dataSource);
  const waiting = pending.get(runner);
  if (waiting) waiting.push(fn);
  else pending.set(runner, [fn]);
}

const pending = new WeakMap<QueryRunner, (() => void)[]>();
const listening = new WeakSet<DataSource>();

function listenTo(ds: DataSource) {
  if (listening.has(ds)) return;
  listening.add(ds);
  ds.subscribers.push({
    afterTransactionCommit({ queryRunner }) {
      // A savepoint's release also reports a commit; only the outermost COMMIT counts.
      if (queryRunner.isTransactionActive) return;
      const waiting = pending.get(queryRunner);
      if (!waiting) return;
      pending.delete(queryRunner);
      for (const fn of waiting) queueMicrotask(fn);
    },
    afterTransactionRollback({ queryRunner }) {
      if (!queryRunner.isTransactionActive) pending.delete(queryRunner);
    },
  });
}
