import type { EntityManager } from 'typeorm';
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
  const existing = await admins.findOneBy({ user_id: user.id });

  if (policy.adminEmails.includes(user.email.toLowerCase())) {
    if (!existing) {
      await admins.insert({ user_id: user.id, email: user.email, role: 'admin', is_active: true });
    } else if (!existing.is_active || existing.email !== user.email) {
      await admins.update({ id: existing.id }, { is_active: true, email: user.email });
    }
    return true;
  }

  if (existing) {
    if (existing.email !== user.email) await admins.update({ id: existing.id }, { email: user.email });
    return existing.is_active;
  }

  // Any admin row counts, active or not: deactivating every admin must not hand the install to
  // whoever signs in next.
  if (policy.allowFirstUserAdmin && (await admins.count()) === 0) {
    await admins.insert({ user_id: user.id, email: user.email, role: 'admin', is_active: true });
    return true;
  }
  return false;
}
