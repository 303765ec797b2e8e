import type { AdminMessagePoint } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/message-points: general points first, then by campaign and display order. */
export function getMessagePoints(signal: AbortSignal): Promise<AdminMessagePoint[]> {
  return apiData<AdminMessagePoint[]>('/api/admin/message-points', { signal });
}

export function useMessagePoints() {
  return useQuery('message-points', getMessagePoints, { logAs: 'Error fetching message points:' });
}
