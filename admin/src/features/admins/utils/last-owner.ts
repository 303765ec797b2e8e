import type { Admin } from '@dais/api/contract';

/**
 * Whether removing (or demoting) this admin must fail: the server keeps at least one owner who has
 * signed in (commands/manage-admins.ts: an invitation cannot manage anyone yet), so the last such
 * owner is offered neither.
 */
export function isLastOwner(admin: Admin, admins: Admin[]): boolean {
  if (admin.role !== 'owner' || !admin.joined) return false;
  return admins.filter((a) => a.role === 'owner' && a.joined).length === 1;
}
