import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey } from '../contract';
import type { Database } from '../db/data-source';

/** All settings with their defaults filled in: a fresh install has no rows and still works. */
export async function readSettings(db: Database): Promise<Record<SettingKey, string>> {
  const rows = await db.ds.getRepository(db.entities.Setting).find();
  const out = { ...SETTING_DEFAULTS };
  for (const r of rows) if ((SETTING_KEYS as string[]).includes(r.setting_key)) out[r.setting_key as SettingKey] = r.setting_value;
  return out;
}

export async function writeSetting(db: Database, key: SettingKey, value: string) {
  await db.ds.getRepository(db.entities.Setting).upsert({ setting_key: key, setting_value: value }, ['setting_key']);
}
