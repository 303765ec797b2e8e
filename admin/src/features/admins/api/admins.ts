import { adminInviteSchema, adminRoleSchema, type Admin, type AdminRole } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/admins: who has access, with their roles; any admin may read it. */
export function useAdmins() {
  return useQuery('admins', (signal) => apiData<Admin[]>('/api/admin/admins', { signal }), { logAs: 'Error fetching the admins:' });
}

/** The form and the request share one schema: what the form accepts, the API accepts. */
export const inviteAdminInput = adminInviteSchema;
export type InviteAdminInput = z.input<typeof inviteAdminInput>;

/** POST /api/admin/admins (owners): the address gets an e-mail, and access at its first sign-in. */
export function inviteAdmin(input: InviteAdminInput) {
  return apiData<Admin>('/api/admin/admins', { method: 'POST', json: inviteAdminInput.parse(input) });
}

/** PUT /api/admin/admins/{id} (owners). */
export function changeAdminRole(id: number, role: AdminRole) {
  return apiData<Admin>(`/api/admin/admins/${id}`, { method: 'PUT', json: adminRoleSchema.parse({ role }) });
}

/** DELETE /api/admin/admins/{id} (owners). */
export function removeAdmin(id: number) {
  return apiData<null>(`/api/admin/admins/${id}`, { method: 'DELETE' });
}
