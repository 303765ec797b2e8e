import { ACTIVITY_DAYS, type Activity } from '@dais/api/contract';
import { apiData, query } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** The chart's window: the contract's default, 30 days. */
export const ACTIVITY_WINDOW_DAYS = ACTIVITY_DAYS.default;

/**
 * GET /api/admin/activity?days=30&time_zone=: counted signatures and letters (confirmed, in no
 * quarantine, as the totals count) per calendar day of the screen's zone, oldest first.
 */
export function getActivity(signal: AbortSignal, timeZone: string, days: number = ACTIVITY_WINDOW_DAYS): Promise<Activity> {
  return apiData<Activity>(`/api/admin/activity${query({ days, time_zone: timeZone })}`, { signal });
}

export function useActivity(timeZone: string) {
  return useQuery(`activity-${timeZone}`, (signal) => getActivity(signal, timeZone), { logAs: 'Error fetching activity:' });
}
