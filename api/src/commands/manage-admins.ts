import type { EntityManager } from 'typeorm';
import { ADMIN_ROLE_LABELS, ADMIN_TEXTS, type AdminInvite, type AdminRole } from '../contract';
import type { Database } from '../db/data-source';
import type { AdminUserRow } from '../db/types';
import { recordAudit, type Actor } from '../audit/record';
import { AppError } from '../http/errors';
import { queueMail } from '../mail/outbox';

/**
 * Admins managing admins (owners only; the routes check). Each change is one transaction with its
 * audit entry; the invitation's e-mail is queued in it too. "At least one active owner" is checked
 * with every owner row locked (FOR UPDATE on PostgreSQL; SQLite writes one at a time), so two owners
 * demoting each other at once cannot both succeed.
 */

/** Invites `email` as `role`: an admin at once if they have signed in before, otherwise at their first sign-in. */
export async function inviteAdmin(db: Database, invite: AdminInvite, actor: Actor, consoleUrl: string): Promise<AdminUserRow> {
  return db.transaction(async (m) => {
    const admins = m.getRepository(db.entities.AdminUser);
    const taken = await m
      .createQueryBuilder(db.entities.AdminUser, 'a')
      .where('lower(a.email) = :email', { email: invite.email })
      .getOne();
    if (taken) throw new AppError('conflict', ADMIN_TEXTS.alreadyAdmin(invite.email));
    const user = await m.createQueryBuilder(db.entities.User, 'u').where('lower(u.email) = :email', { email: invite.email }).getOne();
    // A user who already has an admin row under another address keeps that one (user_id is unique).
    const userFree = user && !(await admins.findOneBy({ user_id: user.id }));
    const inserted = await admins.insert({ user_id: userFree ? user.id : null, email: invite.email, role: invite.role, is_active: true });
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
}

/** Gives an admin another role; the last active owner keeps theirs. */
export async function changeAdminRole(db: Database, id: number, role: AdminRole, actor: Actor): Promise<AdminUserRow> {
  return db.transaction(async (m) => {
    const admin = await lockedAdmin(m, db, id);
    if (admin.role === role) return admin;
    if (admin.role === 'owner') await keepAnOwner(m, db, admin);
    await m.getRepository(db.entities.AdminUser).update({ id }, { role });
    await recordAudit(m, db, actor, {
      action: 'admin.role',
      summary: `${admin.email}: ${ADMIN_ROLE_LABELS[admin.role]} -> ${ADMIN_ROLE_LABELS[role]}`,
    });
    return { ...admin, role };
  });
}

/** Removes an admin (their sessions lose the console at their next request); never the last active owner. */
export async function removeAdmin(db: Database, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (m) => {
    const admin = await lockedAdmin(m, db, id);
    if (admin.role === 'owner') await keepAnOwner(m, db, admin);
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

async function lockedAdmin(m: EntityManager, db: Database, id: number): Promise<AdminUserRow> {
  const qb = m.createQueryBuilder(db.entities.AdminUser, 'a').where('a.id = :id', { id });
  if (db.dialect === 'postgres') qb.setLock('pessimistic_write');
  const admin = await qb.getOne();
  if (!admin) throw new AppError('not_found', ADMIN_TEXTS.notFound);
  return admin;
}

/** Refuses when `leaving` is the only active owner who has signed in (an invitation cannot manage anyone yet). */
async function keepAnOwner(m: EntityManager, db: Database, leaving: AdminUserRow): Promise<void> {
  const qb = m
    .createQueryBuilder(db.entities.AdminUser, 'a')
    .where("a.role = 'owner'")
    .andWhere('a.is_active = :active', { active: true })
    .andWhere('a.user_id IS NOT NULL');
  if (db.dialect === 'postgres') qb.setLock('pessimistic_write');
  const owners = await qb.getMany();
  if (!owners.some((o) => o.id !== leaving.id)) throw new AppError('conflict', ADMIN_TEXTS.lastOwner);
}
