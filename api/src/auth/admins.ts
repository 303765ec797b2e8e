import { IsNull, type EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import type { UserRow } from '../db/types';

export interface AdminPolicy {
  /** ADMIN_EMAILS, lower-cased: admins at every sign-in, whatever the admin list says. */
  adminEmails: string[];
  /** The setting 'Allow First User as Admin'. */
  allowFirstUserAdmin: boolean;
}

/**
 * Decides at sign-in whether this user is an admin, and records it. Must run inside the sign-in
 * transaction that holds the sign-in lock (see sign-in.ts): "no admin yet" is only true for one
 * of two people signing in at the same moment if the second one waits for the first to commit.
 */
export async function settleAdminRights(
  m: EntityManager,
  db: Database,
  user: UserRow,
  policy: AdminPolicy,
): Promise<boolean> {
  const admins = m.getRepository(db.entities.AdminUser);
  const address = user.email.toLowerCase();
  // Their own row, or else an invitation to their address that nobody has taken up yet.
  const existing =
    (await admins.findOneBy({ user_id: user.id })) ??
    (await admins.findOne({ where: { user_id: IsNull(), email: address }, order: { id: 'ASC' } }));
  const claim = existing && existing.user_id === null ? { user_id: user.id } : {};

  if (policy.adminEmails.includes(address)) {
    // ADMIN_EMAILS names the installation's owners, whatever the admin list says.
    if (!existing) {
      await admins.insert({ user_id: user.id, email: user.email, role: 'owner', is_active: true });
    } else if (!existing.is_active || existing.email !== user.email || existing.role !== 'owner' || existing.user_id === null) {
      await admins.update({ id: existing.id }, { ...claim, is_active: true, email: user.email, role: 'owner' });
    }
    return true;
  }

  if (existing) {
    if (existing.email !== user.email || existing.user_id === null) await admins.update({ id: existing.id }, { ...claim, email: user.email });
    return existing.is_active;
  }

  // Any admin row counts, active or not, invitations too: deactivating every admin must not hand
  // the install to whoever signs in next.
  if (policy.allowFirstUserAdmin && (await admins.count()) === 0) {
    await admins.insert({ user_id: user.id, email: user.email, role: 'owner', is_active: true });
    return true;
  }
  return false;
}
