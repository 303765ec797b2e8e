import { messagePointUpdateSchema, type AdminMessagePoint } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

/** The inline edit's full body, or only { is_active } for Activate / Deactivate. */
export const updateMessagePointInput = messagePointUpdateSchema;
export type UpdateMessagePointInput = z.input<typeof updateMessagePointInput>;

/** PUT /api/admin/message-points/{id}; the reply is the point as saved. */
export function updateMessagePoint(id: number, input: UpdateMessagePointInput): Promise<AdminMessagePoint> {
  return apiData<AdminMessagePoint>(`/api/admin/message-points/${id}`, { method: 'PUT', json: updateMessagePointInput.parse(input) });
}
