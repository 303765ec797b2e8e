import type { CampaignCard } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/campaigns: the active campaigns as public cards (nothing personal). */
export function getActiveCampaigns(signal: AbortSignal): Promise<CampaignCard[]> {
  return apiData<CampaignCard[]>('/api/campaigns', { signal });
}

/** Stored only on a successful reply; loading ends after success or failure (SPEC.md section 2). */
export function useActiveCampaigns() {
  return useQuery('active-campaigns', getActiveCampaigns, { logAs: 'Error fetching campaigns:' });
}
