import type { BoundarySetSummary } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/boundary-sets: every set with how many districts it has and campaigns use it. */
export function getBoundarySets(signal: AbortSignal): Promise<BoundarySetSummary[]> {
  return apiData<BoundarySetSummary[]>('/api/admin/boundary-sets', { signal });
}

export function useBoundarySets() {
  return useQuery('boundary-sets', getBoundarySets, { logAs: 'Error fetching boundary sets:' });
}
