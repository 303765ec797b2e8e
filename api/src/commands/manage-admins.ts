import type { EntityManager } from 'typeorm';
import { ADMIN_ROLE_LABELS, ADMIN_TEXTS, type AdminInvite, type AdminRole } from '../contract';
import type { Database } from '../db/data-source';
import type { AdminUserRow } from '../db/types';
import { recordAudit, type Actor } from '../audit/record';
import { adminEmailKey, namedInAdminEmails } from '../auth/admins';
import { AppError } from '../http/errors';
import { queueMail } from '../mail/outbox';

/**
 * Admins managing admins (owners only). Each change is one transaction with its audit entry; the
 * invitation's e-mail is queued in it too. Every change first locks the owner rows and the admin it
 * is about, in id order, in one statement (FOR UPDATE on PostgreSQL; SQLite writes one at a time):
 * two owners demoting or removing each other then queue one behind the other instead of each
 * holding the row the other waits for (a deadlock), and the second sees the first's outcome. Under
 * that lock the actor must still be an owner (the route's check ran before another owner's change
 * committed), and at least one active owner who has signed in must stay.
 */

/** The owner making the change, as the route's session knows them. */
export interface OwnerActor extends Actor {
  userId: number;
}

/** Invites `email` as `role`: an admin at once if they have signed in before, otherwise at their first sign-in. */
export async function inviteAdmin(db: Database, invite: AdminInvite, actor: OwnerActor, consoleUrl: string): Promise<AdminUserRow> {
  const key = adminEmailKey(invite.email);
  try {
    return await db.transaction(async (m) => {
      await lockedForChange(m, db, actor, null);
      const admins = m.getRepository(db.entities.AdminUser);
      if (await admins.findOneBy({ email_key: key })) throw new AppError('conflict', ADMIN_TEXTS.alreadyAdmin(invite.email));
      const user = await m.createQueryBuilder(db.entities.User, 'u').where('lower(u.email) = :email', { email: key }).getOne();
      // A user who already has an admin row under another address keeps that one (user_id is unique).
      const userFree = user && !(await admins.findOneBy({ user_id: user.id }));
      const inserted = await admins.insert({ user_id: userFree ? user.id : null, email: invite.email, email_key: key, role: invite.role, is_active: true });
      const id = Number((inserted.identifiers[0] as { id: number }).id);
      await queueMail(m, {
        to: [invite.email],
        subject: 'You are invited to the Dais admin console',
        text:
          `Hello,\n\n${actor.email} has given you access to the Dais admin console as ${ADMIN_ROLE_LABELS[invite.role]} ` +
          `(${roleMeaning(invite.role)}).\n\nSign in with this address (${invite.email}) at:\n\n${consoleUrl}\n\n` +
          `If you did not expect this, you can ignore this e-mail: nothing happens until you sign in.\n`,
      });
      await recordAudit(m, db, actor, { action: 'admin.invite', summary: `Invited ${invite.email} as ${ADMIN_ROLE_LABELS[invite.role]}` });
      return admins.findOneByOrFail({ id });
    });
  } catch (err) {
    // The unique address key, met by a sign-in that made this address an admin meanwhile (sign-in
    // does not wait for the owners' lock): the same answer as when the check above sees it.
    if (isUniqueViolation(err)) throw new AppError('conflict', ADMIN_TEXTS.alreadyAdmin(invite.email));
    throw err;
  }
}

/** Gives an admin another role; the last active owner keeps theirs. */
export async function changeAdminRole(db: Database, id: number, role: AdminRole, actor: OwnerActor, adminEmails: readonly string[]): Promise<AdminUserRow> {
  return db.transaction(async (m) => {
    const { admin, owners } = await lockedForChange(m, db, actor, id);
    if (admin.role === role) return admin;
    if (role !== 'owner') refuseNamedInConfig(admin, adminEmails);
    if (admin.role === 'owner') keepAnOwner(owners, admin);
    await m.getRepository(db.entities.AdminUser).update({ id }, { role });
    await recordAudit(m, db, actor, {
      action: 'admin.role',
      summary: `${admin.email}: ${ADMIN_ROLE_LABELS[admin.role]} -> ${ADMIN_ROLE_LABELS[role]}`,
    });
    return { ...admin, role };
  });
}

/** Removes an admin (their sessions lose the console at their next request); never the last active owner. */
export async function removeAdmin(db: Database, id: number, actor: OwnerActor, adminEmails: readonly string[]): Promise<void> {
  await db.transaction(async (m) => {
    const { admin, owners } = await lockedForChange(m, db, actor, id);
    refuseNamedInConfig(admin, adminEmails);
    if (admin.role === 'owner') keepAnOwner(owners, admin);
    await m.getRepository(db.entities.AdminUser).delete({ id });
    await recordAudit(m, db, actor, { action: 'admin.remove', summary: `Removed ${admin.email} (${ADMIN_ROLE_LABELS[admin.role]})` });
  });
}

const roleMeaning = (role: AdminRole) =>
  role === 'owner'
    ? 'everything, including who else has access'
    : role === 'editor'
      ? 'campaigns, message points, letters and settings, but not who has access'
      : 'you can look at everything but change nothing';

/**
 * Locks every owner row and admin `id` (when given), in id order, and checks the actor is still an
 * owner. Returns the admin and the owners as they are now.
 */
async function lockedForChange(m: EntityManager, db: Database, actor: OwnerActor, id: number): Promise<{ admin: AdminUserRow; owners: AdminUserRow[] }>;
async function lockedForChange(m: EntityManager, db: Database, actor: OwnerActor, id: null): Promise<{ owners: AdminUserRow[] }>;
async function lockedForChange(m: EntityManager, db: Database, actor: OwnerActor, id: number | null) {
  const qb = m.createQueryBuilder(db.entities.AdminUser, 'a').where("a.role = 'owner'");
  if (id !== null) qb.orWhere('a.id = :id', { id });
  qb.orderBy('a.id', 'ASC');
  if (db.dialect === 'postgres') qb.setLock('pessimistic_write');
  const rows = await qb.getMany();
  // On PostgreSQL a row changed by a transaction this one waited for is read again as committed:
  // an owner demoted meanwhile is no longer among these.
  const owners = rows.filter((r) => r.role === 'owner');
  if (!owners.some((o) => o.user_id === actor.userId && o.is_active)) throw new AppError('forbidden', ADMIN_TEXTS.ownerOnly);
  if (id === null) return { owners };
  const admin = rows.find((r) => r.id === id);
  if (!admin) throw new AppError('not_found', ADMIN_TEXTS.notFound);
  return { admin, owners };
}

/** Refuses when `leaving` is the only active owner who has signed in (an invitation cannot manage anyone yet). */
function keepAnOwner(owners: AdminUserRow[], leaving: AdminUserRow): void {
  if (!owners.some((o) => o.id !== leaving.id && o.is_active && o.user_id !== null)) throw new AppError('conflict', ADMIN_TEXTS.lastOwner);
}

/** ADMIN_EMAILS makes its addresses owners at every sign-in: a change the next sign-in undoes is refused, saying why. */
function refuseNamedInConfig(admin: AdminUserRow, adminEmails: readonly string[]): void {
  if (namedInAdminEmails(adminEmails, admin.email)) throw new AppError('conflict', ADMIN_TEXTS.namedInConfig(admin.email));
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  const code = e.driverError?.code ?? e.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
