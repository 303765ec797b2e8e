import type { BoundarySet } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/boundary-sets/{id}: one set and its districts in the file's order; 404 when there is none. */
export function getBoundarySet(id: number, signal: AbortSignal): Promise<BoundarySet> {
  return apiData<BoundarySet>(`/api/admin/boundary-sets/${id}`, { signal });
}

export function useBoundarySet(id: number) {
  return useQuery(`boundary-set-${id}`, (signal) => getBoundarySet(id, signal), { logAs: 'Error fetching boundary set:' });
}
