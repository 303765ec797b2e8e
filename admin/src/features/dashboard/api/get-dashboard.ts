import type { Dashboard } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/dashboard: totals and the latest 5 supporters and letters. */
export function getDashboard(signal: AbortSignal): Promise<Dashboard> {
  return apiData<Dashboard>('/api/admin/dashboard', { signal });
}

export function useDashboard() {
  return useQuery('dashboard', getDashboard, { logAs: 'Error fetching dashboard:' });
}
