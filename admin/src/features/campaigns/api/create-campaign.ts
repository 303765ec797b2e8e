import { campaignCreateSchema, type AdminCampaign } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

/** The 'new' campaign screen's request: the schema the API applies drives the form's messages. */
export const createCampaignInput = campaignCreateSchema;
export type CreateCampaignInput = z.input<typeof createCampaignInput>;

/** POST /api/admin/campaigns; the reply is the new campaign (with its id). */
export function createCampaign(input: CreateCampaignInput): Promise<AdminCampaign> {
  return apiData<AdminCampaign>('/api/admin/campaigns', { method: 'POST', json: createCampaignInput.parse(input) });
}
