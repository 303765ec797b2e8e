import type { QuarantineView } from '@dais/api/contract';
import { apiData } from '../../../lib/api';

/** POST /api/admin/quarantines/{id}/restore: its rows count again; 409 when it was restored already. */
export function restoreQuarantine(id: number): Promise<QuarantineView> {
  return apiData<QuarantineView>(`/api/admin/quarantines/${id}/restore`, { method: 'POST' });
}
