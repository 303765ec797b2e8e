import { quarantineSchema, type QuarantineView } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

export const createQuarantineInput = quarantineSchema;
export type CreateQuarantineInput = z.input<typeof createQuarantineInput>;

/**
 * POST /api/admin/campaigns/{id}/quarantines: the burst's rows leave the counts, the lists, the
 * exports and the packet; the reply is the quarantine (201). A burst with nothing in it is a 400 on `from`.
 */
export function createQuarantine(campaignId: number, input: CreateQuarantineInput): Promise<QuarantineView> {
  // Sent as typed, as the preview is.
  createQuarantineInput.parse(input);
  return apiData<QuarantineView>(`/api/admin/campaigns/${campaignId}/quarantines`, { method: 'POST', json: input });
}
