import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { erasureSchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { actorOf } from '../../audit/record';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { eraseAddress, erasurePreview } from '../../privacy/erasure';

/** Erasure on request (privacy/erasure.ts): look an address up, then erase what holds it. */
export function adminErasureRoutes({ db }: Deps): Router {
  const router = apiRouter();

  // A POST, though it changes nothing: an address in a query string would land in access logs.
  router.post(
    '/admin/erasure/preview',
    requireAdmin(db),
    validate({ body: erasureSchema }, async (ctx, { body }) => {
      ok(ctx, await erasurePreview(db, body.email));
    }),
  );

  router.post(
    '/admin/erasure',
    requireAdmin(db),
    validate({ body: erasureSchema }, async (ctx, { body }) => {
      ok(ctx, await eraseAddress(db, body.email, actorOf(ctx)));
    }),
  );

  return router;
}
