import { messagePointCreateSchema, type AdminMessagePoint } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

export const createMessagePointInput = messagePointCreateSchema;
export type CreateMessagePointInput = z.input<typeof createMessagePointInput>;

/** POST /api/admin/message-points: category, talking_points, display_order, campaign_id, is_locked. */
export function createMessagePoint(input: CreateMessagePointInput): Promise<AdminMessagePoint> {
  return apiData<AdminMessagePoint>('/api/admin/message-points', { method: 'POST', json: createMessagePointInput.parse(input) });
}
