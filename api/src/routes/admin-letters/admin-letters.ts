import Router from '@koa/router';
import { adminListQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toAdminLetter } from '../../presenters/letter';
import { counterTotals } from '../../services/campaign-summary';
import { newestFirstPage } from '../../services/newest-first-page';

/** Submitted letters, for admins to read, print and download. */
export function adminLetterRoutes({ db }: Deps): Router {
  const router = new Router();
  const letters = () => db.ds.getRepository(db.entities.Letter);

  router.get(
    '/admin/letters',
    requireAdmin(db),
    validate({ query: adminListQuerySchema }, async (ctx, { query }) => {
      const { letters: total } = await counterTotals(db, query.campaign_id);
      const { rows, meta } = await newestFirstPage(letters(), query, total);
      ok(ctx, rows.map(toAdminLetter), { meta: { ...meta } });
    }),
  );

  router.get(
    '/admin/letters/:id',
    requireAdmin(db),
    validate({ params: idParams('Letter id') }, async (ctx, { params }) => {
      const letter = await letters().findOneBy({ id: params.id });
      if (!letter) throw notFound('Letter');
      ok(ctx, toAdminLetter(letter));
    }),
  );

  return router;
}
