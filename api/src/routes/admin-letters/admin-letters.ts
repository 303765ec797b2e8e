import Router from '@koa/router';
import { adminListQuerySchema, toPageMeta } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toAdminLetter } from '../../presenters/letter';
import { counterTotals } from '../../services/campaign-summary';

/** Submitted letters, for admins to read, print and download. */
export function adminLetterRoutes({ db }: Deps): Router {
  const router = new Router();
  const letters = () => db.ds.getRepository(db.entities.Letter);

  router.get(
    '/admin/letters',
    requireAdmin(db),
    validate({ query: adminListQuerySchema }, async (ctx, { query }) => {
      const { page, pageSize, campaign_id } = query;
      const { letters: total } = await counterTotals(db, campaign_id);
      const offset = (page - 1) * pageSize;
      // The counter is exact, so a page past the end is known to be empty without scanning to it.
      const rows =
        offset < total
          ? await letters().find({
              where: campaign_id === undefined ? {} : { campaign_id },
              // idx_letters_created, or idx_letters_campaign when filtered.
              order: { created_at: 'DESC', id: 'DESC' },
              skip: offset,
              take: pageSize,
            })
          : [];
      ok(ctx, rows.map(toAdminLetter), { meta: { ...toPageMeta(page, pageSize, total) } });
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
