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
 * An admin's address as sign-in compares it: case does not make another admin. The key of
 * admin_users.email_key, unique, so one address has one admin row (an invitation, or the admin
 * who took it up). Not the signatures' fold (no +tag or Gmail-dot folding): an invitation is
 * taken up by the address the provider vouches for, and that is what it names.
 */
export const adminEmailKey = (email: string) => email.trim().toLowerCase();

/** Whether ADMIN_EMAILS names this address: its owner is an owner at every sign-in. */
export const namedInAdminEmails = (adminEmails: readonly string[], email: string) => adminEmails.includes(adminEmailKey(email));

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
  const key = adminEmailKey(user.email);
  // Their own row, or else an invitation to their address that nobody has taken up yet.
  const existing =
    (await admins.findOneBy({ user_id: user.id })) ?? (await admins.findOneBy({ user_id: IsNull(), email_key: key }));
  const claim = existing && existing.user_id === null ? { user_id: user.id } : {};
  // The address the provider now gives, when another row does not hold it already.
  const address = existing && existing.email !== user.email && (await addressFree(m, db, existing.id, key)) ? { email: user.email, email_key: key } : {};

  if (policy.adminEmails.includes(key)) {
    // ADMIN_EMAILS names the installation's owners, whatever the admin list says (so the list refuses
    // to remove or demote them: commands/manage-admins.ts).
    if (!existing) {
      const other = await admins.findOneBy({ email_key: key });
      // The address's row belongs to another account of theirs (the provider gave them a new id): it is theirs now.
      if (other) await admins.update({ id: other.id }, { user_id: user.id, email: user.email, role: 'owner', is_active: true });
      else await admins.insert({ user_id: user.id, email: user.email, email_key: key, role: 'owner', is_active: true });
    } else if (!existing.is_active || existing.role !== 'owner' || existing.user_id === null || 'email' in address) {
      await admins.update({ id: existing.id }, { ...claim, ...address, is_active: true, role: 'owner' });
    }
    return true;
  }

  if (existing) {
    if (existing.user_id === null || 'email' in address) await admins.update({ id: existing.id }, { ...claim, ...address });
    return existing.is_active;
  }

  // Any admin row counts, active or not, invitations too: deactivating every admin must not hand
  // the install to whoever signs in next.
  if (policy.allowFirstUserAdmin && (await admins.count()) === 0) {
    await admins.insert({ user_id: user.id, email: user.email, email_key: key, role: 'owner', is_active: true });
    return true;
  }
  return false;
}

/**
 * Whether admin `id` may take the address `key` (its user's provider now gives another one). An
 * invitation waiting for that address is theirs already: it goes, and they keep their own row and
 * role. Another account's admin row keeps it, and theirs keeps the old address.
 */
async function addressFree(m: EntityManager, db: Database, id: number, key: string): Promise<boolean> {
  const admins = m.getRepository(db.entities.AdminUser);
  const holder = await admins.findOneBy({ email_key: key });
  if (!holder || holder.id === id) return true;
  if (holder.user_id !== null) return false;
  await admins.delete({ id: holder.id });
  return true;
}
