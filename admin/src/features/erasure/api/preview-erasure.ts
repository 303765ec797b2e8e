import { erasureSchema, type ErasurePreview } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

export const previewErasureInput = erasureSchema;
export type PreviewErasureInput = z.input<typeof previewErasureInput>;

/**
 * POST /api/admin/erasure/preview {email}: every signature and letter holding the address, on every
 * campaign, and how many e-mails Dais sent to it. A POST so the address stays out of access logs.
 */
export function previewErasure(input: PreviewErasureInput) {
  return apiData<ErasurePreview>('/api/admin/erasure/preview', { method: 'POST', json: previewErasureInput.parse(input) });
}
