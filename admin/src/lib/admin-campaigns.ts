import { campaignUpdateSchema, type AdminCampaign } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from './api';
import { useQuery } from './use-query';

/**
 * GET /api/admin/campaigns: every campaign, newest first. Shared by the Dashboard and Campaigns
 * tables and the message points' Campaign select.
 */
export function getCampaigns(signal: AbortSignal): Promise<AdminCampaign[]> {
  return apiData<AdminCampaign[]>('/api/admin/campaigns', { signal });
}

export function useCampaigns() {
  return useQuery('admin-campaigns', getCampaigns, { logAs: 'Error fetching campaigns:' });
}

/** Any subset of the campaign's fields: the full form, { is_active } from a list's toggle, or { logo_url: null }. */
export const updateCampaignInput = campaignUpdateSchema;
export type UpdateCampaignInput = z.input<typeof updateCampaignInput>;

/** PUT /api/admin/campaigns/{id}; the reply is the campaign as saved. */
export function updateCampaign(id: number, input: UpdateCampaignInput): Promise<AdminCampaign> {
  return apiData<AdminCampaign>(`/api/admin/campaigns/${id}`, { method: 'PUT', json: updateCampaignInput.parse(input) });
}
