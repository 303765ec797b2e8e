import type { AdminCampaign, CampaignUpdateInput } from '@dais/api/contract';
import { apiData } from '../../../lib/api';

/** The dashboard toggle's request: only is_active (a subset the contract's campaignUpdateSchema accepts). */
export type CampaignStatusInput = Required<Pick<CampaignUpdateInput, 'is_active'>>;

/** PUT /api/admin/campaigns/{id} with { is_active }; the reply is the updated campaign. */
export function updateCampaignStatus(id: number, input: CampaignStatusInput): Promise<AdminCampaign> {
  return apiData<AdminCampaign>(`/api/admin/campaigns/${id}`, { method: 'PUT', json: input });
}
