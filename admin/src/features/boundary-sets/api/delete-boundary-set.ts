import { apiData } from '../../../lib/api';

/** DELETE /api/admin/boundary-sets/{id} (owners and editors): a 409 naming the campaigns that still use it. */
export function deleteBoundarySet(id: number) {
  return apiData<{ id: number }>(`/api/admin/boundary-sets/${id}`, { method: 'DELETE' });
}
