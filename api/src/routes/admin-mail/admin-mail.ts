import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { outboxBacklog } from '../../mail/claims';
import { devMailboxUrl } from '../../mail/dev-mailbox/routes';
import { toMailStatus } from '../../presenters/mail';

/** How this server sends e-mail: for the admin's link to the development mailbox and its warnings. */
export function adminMailRoutes({ config, db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/mail',
    requireAdmin(db),
    validate({}, async (ctx) => {
      ok(ctx, toMailStatus(config.mail, devMailboxUrl(config), await outboxBacklog(db)));
    }),
  );

  return router;
}
