import { quarantineSchema, type QuarantineCounts } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

export const previewQuarantineInput = quarantineSchema;
export type PreviewQuarantineInput = z.input<typeof previewQuarantineInput>;

/** POST /api/admin/campaigns/{id}/quarantines/preview: what a quarantine would take, all rows and the counted ones. Changes nothing. */
export function previewQuarantine(campaignId: number, input: PreviewQuarantineInput): Promise<QuarantineCounts> {
  // Sent as typed: parsing turns from and to into Dates, which JSON writes in UTC and without the admin's offset.
  previewQuarantineInput.parse(input);
  return apiData<QuarantineCounts>(`/api/admin/campaigns/${campaignId}/quarantines/preview`, { method: 'POST', json: input });
}
