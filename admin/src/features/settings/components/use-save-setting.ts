import { useCallback } from 'react';
import type { Setting, SettingKey } from '@dais/api/contract';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import { updateSetting } from '../api/update-setting';

/**
 * Saves one setting with the spec's notices ('Setting updated successfully' / 'Failed to update
 * setting: {error}'); resolves to the stored setting, or null when it failed.
 */
export function useSaveSetting(onSaved: (setting: Setting) => void) {
  const notify = useNotify();
  return useCallback(
    async (key: SettingKey, value: string): Promise<Setting | null> => {
      try {
        const saved = await updateSetting(key, { setting_value: value });
        onSaved(saved);
        notify.success('Setting updated successfully');
        return saved;
      } catch (error) {
        console.error(`Error updating setting ${key}:`, error);
        notify.error(failureText('Failed to update setting', error));
        return null;
      }
    },
    [notify, onSaved],
  );
}
