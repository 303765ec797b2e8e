import { DataSource } from 'typeorm';
import type { Config } from '../config';
import { dataSourceOptions, type Database } from './data-source';
import { buildEntities } from './entities';
import { transactionRunner } from './transaction';

/** Opens the database and brings its schema up to date. */
export async function openDatabase(db: Config['database']): Promise<Database> {
  const entities = buildEntities(db.dialect);
  const ds = new DataSource(dataSourceOptions(db, entities));
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  return {
    ds,
    dialect: db.dialect,
    entities,
    transaction: transactionRunner(ds, db.dialect),
  };
}
