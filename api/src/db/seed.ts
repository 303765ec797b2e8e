import type { Config } from '../config';
import type { Database } from './data-source';

/** Seeds demo data on a fresh, empty database outside production (see SEED_DEMO_DATA). */
export async function seedIfEmpty(db: Database, config: Config): Promise<boolean> {
  const wanted = config.seedDemoData === 'true' || (config.seedDemoData === 'auto' && config.env === 'development');
  if (!wanted) return false;
  const count = await db.ds.getRepository(db.entities.Campaign).count();
  if (count > 0) return false;
  await seedDemoData(db);
  return true;
}

export async function seedDemoData(_db: Database): Promise<void> {
  // TODO(issue 2): demo campaigns, message points and settings.
}
