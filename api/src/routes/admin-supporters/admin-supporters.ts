import Router from '@koa/router';
import { adminListQuerySchema, toPageMeta } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { toAdminSupporter } from '../../presenters/supporter';
import { campaignTitles, counterTotals } from '../../services/campaign-summary';

/** Signatures, for admins: the only place a supporter's address leaves the server. */
export function adminSupporterRoutes({ db }: Deps): Router {
  const router = new Router();

  router.get(
    '/admin/supporters',
    requireAdmin(db),
    validate({ query: adminListQuerySchema }, async (ctx, { query }) => {
      const { page, pageSize, campaign_id } = query;
      const { supporters: total } = await counterTotals(db, campaign_id);
      const offset = (page - 1) * pageSize;
      // The counter is exact, so a page past the end is known to be empty without scanning to it.
      const rows =
        offset < total
          ? await db.ds.getRepository(db.entities.Supporter).find({
              where: campaign_id === undefined ? {} : { campaign_id },
              order: { created_at: 'DESC', id: 'DESC' },
              skip: offset,
              take: pageSize,
            })
          : [];
      const titles = await campaignTitles(db, rows.map((s) => s.campaign_id));
      ok(
        ctx,
        rows.map((s) => toAdminSupporter(s, titles.get(s.campaign_id) ?? '')),
        { meta: { ...toPageMeta(page, pageSize, total) } },
      );
    }),
  );

  return router;
}
