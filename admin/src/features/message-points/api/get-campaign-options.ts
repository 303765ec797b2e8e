import type { AdminCampaign } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** The campaigns a point may belong to (GET /api/admin/campaigns), for the Campaign select. */
export function getCampaignOptions(signal: AbortSignal): Promise<AdminCampaign[]> {
  return apiData<AdminCampaign[]>('/api/admin/campaigns', { signal });
}

export function useCampaignOptions() {
  return useQuery('message-point-campaigns', getCampaignOptions, { logAs: 'Error fetching campaigns:' });
}
