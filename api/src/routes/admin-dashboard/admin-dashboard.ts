import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { activityQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { toRecentLetter } from '../../presenters/letter';
import { toRecentSupporter } from '../../presenters/supporter';
import { campaignTitles, counted, counterTotals, uncountedTotals } from '../../services/campaign-summary';
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
      // Newest first walks idx_*_created backwards, whose entries hold status and quarantine_id:
      // only counted rows are listed, like the totals above them.
      const [totals, uncounted, supporters, letters, floods] = await Promise.all([
        counterTotals(db),
        uncountedTotals(db),
        db.ds
          .getRepository(db.entities.Supporter)
          .createQueryBuilder('s')
          .select(['s.id', 's.campaign_id', 's.name', 's.email', 's.created_at'])
          .where(counted(db.dialect, 's'))
          .orderBy('s.created_at', 'DESC')
          .addOrderBy('s.id', 'DESC')
          .limit(RECENT)
          .getMany(),
        db.ds
          .getRepository(db.entities.Letter)
          .createQueryBuilder('l')
          .select(['l.id', 'l.supporter_name', 'l.perspective', 'l.campaign_title', 'l.created_at'])
          .where(counted(db.dialect, 'l'))
          .orderBy('l.created_at', 'DESC')
          .addOrderBy('l.id', 'DESC')
          .limit(RECENT)
          .getMany(),
        floodAlerts(db),
      ]);
      const titles = await campaignTitles(db, supporters.map((s) => s.campaign_id));
      ok(ctx, {
        stats: {
          total_supporters: totals.supporters,
          total_letters: totals.letters,
          pending_supporters: uncounted.pendingSupporters,
          pending_letters: uncounted.pendingLetters,
          personal_letters: uncounted.personalLetters,
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
      ok(ctx, await dailyActivity(db, query.days, query.time_zone));
    }),
  );

  return router;
}
