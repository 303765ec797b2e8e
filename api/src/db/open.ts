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
  if (db.dialect === 'sqlite') await keepStatistics(ds);
  else await analyzeNeverAnalyzed(ds);
  return {
    ds,
    dialect: db.dialect,
    entities,
    transaction: transactionRunner(ds, db.dialect),
  };
}

/** How often SQLite is asked to refresh the statistics of tables that changed much since the last time. */
const OPTIMIZE_EVERY_MS = 60 * 60_000;

/**
 * SQLite's planner chooses indexes by the statistics ANALYZE leaves, and nothing gathers them unless
 * asked: a database that grew from nothing to a million supporters would be planned as if empty.
 * `PRAGMA optimize` analyzes only the tables that need it (0x10002: every table, at open, those
 * never analyzed included), each from a sample (analysis_limit, set on the connection), so it takes
 * a fraction of a second even at a million rows; then again every hour, as SQLite advises for a
 * long-lived connection. PostgreSQL's autovacuum does the same on its own.
 */
async function keepStatistics(ds: DataSource) {
  const optimize = (mask: string) => ds.query(`PRAGMA optimize${mask}`).catch(() => undefined);
  await optimize('=0x10002');
  const timer = setInterval(() => {
    if (ds.isInitialized) void optimize('');
    else clearInterval(timer);
  }, OPTIMIZE_EVERY_MS);
  timer.unref();
}

/**
 * PostgreSQL's autovacuum analyzes a table once enough of it changed, but a table bulk-loaded (a
 * restore, an import) while no server ran, or just before, has no statistics yet, and the planner
 * then takes `status = 'confirmed'` for a handful of rows and sorts every one of a million (the
 * dashboard's recent lists). Those tables are analyzed at open (ANALYZE samples 30,000 rows: well
 * under a second at a million).
 */
async function analyzeNeverAnalyzed(ds: DataSource) {
  const rows = (await ds.query(
    `SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NULL AND last_autoanalyze IS NULL AND n_live_tup > 0 AND schemaname = current_schema()`,
  )) as { relname: string }[];
  for (const { relname } of rows) await ds.query(`ANALYZE "${relname.replace(/"/g, '""')}"`);
}
