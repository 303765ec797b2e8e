import { dashboardFromCheckOrFetch } from '../../../lib/admin-dashboard';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/dashboard: totals and the latest 5 supporters and letters. */
export function useDashboard() {
  return useQuery('dashboard', dashboardFromCheckOrFetch, { logAs: 'Error fetching dashboard:' });
}
