import type { Admin } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/**
 * Whether the signed-in admin may upload and delete boundary sets (owners and editors), from GET
 * /api/admin/admins, which any admin may read: a viewer is not offered what the server would refuse.
 * undefined while it loads; true if it fails (the server still refuses a viewer, with its own words).
 */
export function useCanChangeBoundarySets(): boolean | undefined {
  const admins = useQuery('admins', (signal) => apiData<Admin[]>('/api/admin/admins', { signal }), { logAs: 'Error fetching the admins:' });
  if (admins.status === 'loading') return undefined;
  if (admins.status === 'error') return true;
  return admins.data.find((a) => a.is_you)?.role !== 'viewer';
}
