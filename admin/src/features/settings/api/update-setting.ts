import { SETTING_VALUE_SCHEMAS, type Setting, type SettingKey } from '@dais/api/contract';
import { z } from 'zod';
import { apiData } from '../../../lib/api';

/** Each setting's own rule (the API checks the same one): a blank success title is refused, etc. */
export const updateSettingInput = (key: SettingKey) => z.object({ setting_value: SETTING_VALUE_SCHEMAS[key] });
export type UpdateSettingInput = { setting_value: string };

/** PUT /api/admin/settings/{key} { setting_value }; the reply is the setting as stored. */
export function updateSetting(key: SettingKey, input: UpdateSettingInput): Promise<Setting> {
  return apiData<Setting>(`/api/admin/settings/${encodeURIComponent(key)}`, {
    method: 'PUT',
    json: updateSettingInput(key).parse(input),
  });
}
