import { apiData } from '../../../lib/api';

/** DELETE /api/admin/message-points/{id}; the reply names the id that is gone. */
export function deleteMessagePoint(id: number): Promise<{ id: number }> {
  return apiData<{ id: number }>(`/api/admin/message-points/${id}`, { method: 'DELETE' });
}
