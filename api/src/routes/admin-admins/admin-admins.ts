import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../api-router';
import { adminInviteSchema, adminRoleSchema } from '../../contract';
import type { Deps } from '../../deps';
import { currentSession, requireAdmin } from '../../auth/guards';
import { changeAdminRole, inviteAdmin, removeAdmin, type OwnerActor } from '../../commands/manage-admins';
import { actorOf } from '../../audit/record';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toAdmin } from '../../presenters/admin';

/** Who has access to the console: every admin may read the list; only owners change it. */
export function adminAdminRoutes({ db, config }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/admins',
    requireAdmin(db, 'read'),
    validate({}, async (ctx) => {
      const rows = await db.ds.getRepository(db.entities.AdminUser).find({ where: { is_active: true }, order: { id: 'ASC' } });
      ok(ctx, rows.map((a) => toAdmin(a, currentSession(ctx).user.id)));
    }),
  );

  router.post(
    '/admin/admins',
    requireAdmin(db, 'owner'),
    validate({ body: adminInviteSchema }, async (ctx, { body }) => {
      const admin = await inviteAdmin(db, body, ownerOf(ctx), `${config.publicUrl}/admin`);
      ok(ctx, toAdmin(admin, currentSession(ctx).user.id), { status: 201 });
    }),
  );

  router.put(
    '/admin/admins/:id',
    requireAdmin(db, 'owner'),
    validate({ params: idParams('Admin id'), body: adminRoleSchema }, async (ctx, { params, body }) => {
      const admin = await changeAdminRole(db, params.id, body.role, ownerOf(ctx), config.adminEmails);
      ok(ctx, toAdmin(admin, currentSession(ctx).user.id));
    }),
  );

  router.delete(
    '/admin/admins/:id',
    requireAdmin(db, 'owner'),
    validate({ params: idParams('Admin id') }, async (ctx, { params }) => {
      await removeAdmin(db, params.id, ownerOf(ctx), config.adminEmails);
      ok(ctx, null);
    }),
  );

  return router;
}

/** The owner behind this request, by their user id too: the commands check again, under their lock, that they still are one. */
const ownerOf = (ctx: Context): OwnerActor => ({ ...actorOf(ctx), userId: currentSession(ctx).user.id });
