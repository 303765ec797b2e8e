import Router from '@koa/router';
import { adminListQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { toAdminSupporter } from '../../presenters/supporter';
import { campaignTitles, counterTotals } from '../../services/campaign-summary';
import { newestFirstPage } from '../../services/newest-first-page';

/** Signatures, for admins: the only place a supporter's address leaves the server. */
export function adminSupporterRoutes({ db }: Deps): Router {
  const router = new Router();

  router.get(
    '/admin/supporters',
    requireAdmin(db),
    validate({ query: adminListQuerySchema }, async (ctx, { query }) => {
      const { supporters: total } = await counterTotals(db, query.campaign_id);
      const { rows, meta } = await newestFirstPage(db.ds.getRepository(db.entities.Supporter), query, total);
      const titles = await campaignTitles(db, rows.map((s) => s.campaign_id));
      ok(ctx, rows.map((s) => toAdminSupporter(s, titles.get(s.campaign_id) ?? '')), { meta: { ...meta } });
    }),
  );

  return router;
}
