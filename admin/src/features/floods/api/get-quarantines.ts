import type { QuarantineView } from '@dais/api/contract';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/campaigns/{id}/quarantines: every quarantine of the campaign, newest first, restored ones too. */
export function getQuarantines(campaignId: number, signal: AbortSignal): Promise<QuarantineView[]> {
  return apiData<QuarantineView[]>(`/api/admin/campaigns/${campaignId}/quarantines`, { signal });
}

export function useQuarantines(campaignId: number) {
  return useQuery(`quarantines-${campaignId}`, (signal) => getQuarantines(campaignId, signal), { logAs: 'Error fetching quarantines:' });
}
