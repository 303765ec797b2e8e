import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey } from '../contract';
import type { Database } from '../db/data-source';
import { quoted, recordAudit, type Actor } from '../audit/record';

/** All settings with their defaults filled in: a fresh install has no rows and still works. */
export async function readSettings(db: Database): Promise<Record<SettingKey, string>> {
  const rows = await db.ds.getRepository(db.entities.Setting).find();
  const out = { ...SETTING_DEFAULTS };
  for (const r of rows) if ((SETTING_KEYS as string[]).includes(r.setting_key)) out[r.setting_key as SettingKey] = r.setting_value;
  return out;
}

/** An admin's change of one setting, with its audit entry in the same transaction. */
export async function writeSetting(db: Database, key: SettingKey, value: string, actor: Actor) {
  await db.transaction(async (m) => {
    await m.getRepository(db.entities.Setting).upsert({ setting_key: key, setting_value: value }, ['setting_key']);
    await recordAudit(m, db, actor, { action: 'setting.update', summary: `Set ${key} to ${quoted(value)}` });
  });
}
