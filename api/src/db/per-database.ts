import type { Database } from './data-source';

/**
 * One instance of something per open database handle in this process (the signature batcher, the
 * public campaign copy), made on first use and gone with the handle.
 */
export function perDatabase<T extends object>(create: (db: Database) => T): (db: Database) => T {
  const instances = new WeakMap<Database, T>();
  return (db) => {
    let instance = instances.get(db);
    if (!instance) {
      instance = create(db);
      instances.set(db, instance);
    }
    return instance;
  };
}
