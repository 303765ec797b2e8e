import type Router from '@koa/router';
import { confirmationParamsSchema } from '../../contract';
import { confirmByToken } from '../../commands/confirm-by-token';
import { removeByToken } from '../../commands/remove-by-token';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { apiRouter } from '../api-router';

/**
 * The two links of a supporter's e-mail, acted on by POST only: the pages at /confirm/{token} and
 * /remove/{token} send it (confirmations/pages.ts), so a mail scanner that fetches a link changes
 * nothing. Same-origin like the admin API: only those pages call them.
 */
export function confirmationRoutes({ db, rateLimit }: Deps): Router {
  const router = apiRouter();

  router.post(
    '/confirmations/:token',
    rateLimit('confirm'),
    validate({ params: confirmationParamsSchema }, async (ctx, { params }) => {
      ok(ctx, await confirmByToken(db, params.token));
    }),
  );

  router.post(
    '/removals/:token',
    rateLimit('remove'),
    validate({ params: confirmationParamsSchema }, async (ctx, { params }) => {
      ok(ctx, await removeByToken(db, params.token));
    }),
  );

  return router;
}
