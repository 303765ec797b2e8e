import type { AdminCampaign } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/campaigns/{id}: its title and its counts as they stand; 404 when there is none. */
export function getCampaign(id: number, signal: AbortSignal): Promise<AdminCampaign> {
  return apiData<AdminCampaign>(`/api/admin/campaigns/${id}`, { signal });
}

export function useCampaign(id: number) {
  return useQuery(`admin-campaign-${id}`, (signal) => getCampaign(id, signal), { logAs: 'Error fetching campaign:' });
}
