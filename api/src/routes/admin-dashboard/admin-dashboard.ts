import type Router from '@koa/router';
import { IsNull } from 'typeorm';
import { apiRouter } from '../api-router';
import { activityQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { toRecentLetter } from '../../presenters/letter';
import { toRecentSupporter } from '../../presenters/supporter';
import { campaignTitles, counterTotals, uncountedTotals } from '../../services/campaign-summary';
import { dailyActivity } from './activity';
import { floodAlerts } from '../../floods/alerts';

const RECENT = 5;

/** The admin dashboard; GET /admin/dashboard is also the admin shell's access check. */
export function adminDashboardRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/dashboard',
    requireAdmin(db),
    validate({}, async (ctx) => {
      // Newest first walks idx_*_created backwards; only the columns the lists show are read.
      const [totals, uncounted, supporters, letters, floods] = await Promise.all([
        counterTotals(db),
        uncountedTotals(db),
        db.ds.getRepository(db.entities.Supporter).find({
          select: { id: true, campaign_id: true, name: true, email: true, created_at: true },
          where: { quarantine_id: IsNull() },
          order: { created_at: 'DESC', id: 'DESC' },
          take: RECENT,
        }),
        db.ds.getRepository(db.entities.Letter).find({
          select: { id: true, supporter_name: true, perspective: true, campaign_title: true, created_at: true },
          where: { quarantine_id: IsNull() },
          order: { created_at: 'DESC', id: 'DESC' },
          take: RECENT,
        }),
        floodAlerts(db),
      ]);
      const titles = await campaignTitles(db, supporters.map((s) => s.campaign_id));
      ok(ctx, {
        stats: {
          total_supporters: totals.supporters,
          total_letters: totals.letters,
          pending_supporters: uncounted.pendingSupporters,
          pending_letters: uncounted.pendingLetters,
        },
        recent_supporters: supporters.map((s) => toRecentSupporter(s, titles.get(s.campaign_id) ?? '')),
        recent_letters: letters.map(toRecentLetter),
        flood_alerts: floods,
      });
    }),
  );

  router.get(
    '/admin/activity',
    requireAdmin(db),
    validate({ query: activityQuerySchema }, async (ctx, { query }) => {
      ok(ctx, await dailyActivity(db, query.days));
    }),
  );

  return router;
}
