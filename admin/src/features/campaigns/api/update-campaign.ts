import { campaignUpdateSchema, type AdminCampaign } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

/** Any subset of the campaign's fields: the full form, or only { logo_url: null } to remove the logo. */
export const updateCampaignInput = campaignUpdateSchema;
export type UpdateCampaignInput = z.input<typeof updateCampaignInput>;

/** PUT /api/admin/campaigns/{id}; the reply is the campaign as saved. */
export function updateCampaign(id: number, input: UpdateCampaignInput): Promise<AdminCampaign> {
  return apiData<AdminCampaign>(`/api/admin/campaigns/${id}`, { method: 'PUT', json: updateCampaignInput.parse(input) });
}
