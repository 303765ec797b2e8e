import fs from 'node:fs';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
import { buildEntities, type Entities } from './entities';
import { migrations } from './migrations';

export interface Database {
  ds: DataSource;
  dialect: Config['database']['dialect'];
  entities: Entities;
  /** Runs fn in one transaction; see ./transaction.ts for why SQLite needs a queue. */
  transaction: <T>(fn: (m: import('typeorm').EntityManager) => Promise<T>) => Promise<T>;
}

export function dataSourceOptions(
  db: Config['database'],
  built: Entities = buildEntities(db.dialect),
  extra: Partial<DataSourceOptions> = {},
): DataSourceOptions {
  const entities = Object.values(built);
  if (db.dialect === 'sqlite') {
    if (db.path !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(db.path)), { recursive: true });
    return {
      type: 'better-sqlite3',
      database: db.path,
      // WAL: readers never wait for the writer; foreign keys are switched on by the driver.
      enableWAL: true,
      prepareDatabase: (conn: { pragma: (s: string) => unknown }) => {
        conn.pragma('busy_timeout = 5000');
        // NORMAL is durable against process crashes in WAL mode (only an OS crash can lose the
        // last commits), and several times faster than FULL.
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        // What is deleted or overwritten is zeroed in the file, not left in free space: an erased or
        // anonymised supporter must leave no trace in the database file (privacy/).
        conn.pragma('secure_delete = ON');
        // PRAGMA optimize (db/open.ts) reads a sample of each index, not all of it: a fraction of a
        // second at a million rows.
        conn.pragma('analysis_limit = 1000');
      },
      entities,
      migrations,
      migrationsRun: false,
      synchronize: false,
      logging: false,
      ...extra,
    } as DataSourceOptions;
  }
  return {
    type: 'postgres',
    url: db.url,
    entities,
    migrations,
    synchronize: false,
    logging: false,
    extra: { max: 10 },
    ...extra,
  } as DataSourceOptions;
}
