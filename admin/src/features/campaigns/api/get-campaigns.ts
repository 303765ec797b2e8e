import type { AdminCampaign } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/campaigns: every campaign, newest first. */
export function getCampaigns(signal: AbortSignal): Promise<AdminCampaign[]> {
  return apiData<AdminCampaign[]>('/api/admin/campaigns', { signal });
}

export function useCampaigns() {
  return useQuery('admin-campaigns', getCampaigns, { logAs: 'Error fetching campaigns:' });
}
