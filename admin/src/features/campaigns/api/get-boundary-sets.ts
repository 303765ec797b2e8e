import type { BoundarySetSummary } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/boundary-sets: the sets a campaign may use (features/boundary-sets manages them). */
export function useBoundarySets() {
  return useQuery('boundary-sets', (signal) => apiData<BoundarySetSummary[]>('/api/admin/boundary-sets', { signal }), {
    logAs: 'Error fetching boundary sets:',
  });
}
