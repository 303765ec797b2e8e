import { DataSource, type Logger } from 'typeorm';
import type { Config } from '../config';
import { dataSourceOptions, type Database } from './data-source';
import { buildEntities } from './entities';
import { transactionRunner } from './transaction';

/**
 * Opens the database and brings its schema up to date. `onQuery` sees every statement and its
 * parameters (tests use it to prove the hot paths issue as few statements as they claim, and to
 * read the plans of the statements a route really issues).
 */
export async function openDatabase(db: Config['database'], opts: { onQuery?: (sql: string, parameters?: unknown[]) => void } = {}): Promise<Database> {
  const entities = buildEntities(db.dialect);
  const logger: Logger | undefined = opts.onQuery && {
    logQuery: (sql, parameters) => opts.onQuery?.(sql, Array.isArray(parameters) ? parameters : undefined),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const ds = new DataSource(dataSourceOptions(db, entities, logger ? { logging: ['query'], logger } : {}));
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  return {
    ds,
    dialect: db.dialect,
    entities,
    transaction: transactionRunner(ds, db.dialect),
  };
}
