import type { Setting } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/settings: every setting as { setting_key, setting_value }. */
export function getSettings(signal: AbortSignal): Promise<Setting[]> {
  return apiData<Setting[]>('/api/admin/settings', { signal });
}

export function useSettings() {
  return useQuery('settings', getSettings, { logAs: 'Error fetching settings:' });
}
