import { erasureSchema, type ErasureResult } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

export const eraseSupporterInput = erasureSchema;
export type EraseSupporterInput = z.input<typeof eraseSupporterInput>;

/** POST /api/admin/erasure {email}: erases what the preview listed; the reply counts what went. */
export function eraseSupporter(input: EraseSupporterInput) {
  return apiData<ErasureResult>('/api/admin/erasure', { method: 'POST', json: eraseSupporterInput.parse(input) });
}
