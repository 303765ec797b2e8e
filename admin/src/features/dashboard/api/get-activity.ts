import { ACTIVITY_DAYS, type Activity } from '@dais/api/contract';
import { apiData, query } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** The chart's window: the contract's default, 30 days. */
export const ACTIVITY_WINDOW_DAYS = ACTIVITY_DAYS.default;

/** GET /api/admin/activity?days=30: signatures and letters per UTC day, oldest first. */
export function getActivity(signal: AbortSignal, days: number = ACTIVITY_WINDOW_DAYS): Promise<Activity> {
  return apiData<Activity>(`/api/admin/activity${query({ days })}`, { signal });
}

export function useActivity() {
  return useQuery('activity', (signal) => getActivity(signal), { logAs: 'Error fetching activity:' });
}
