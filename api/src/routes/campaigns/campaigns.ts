import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { campaignReadQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { ok, okEncoded } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toCampaignCard } from '../../presenters/campaign';
import { toPublicMessagePoint } from '../../presenters/message-point';
import { activeMessagePoints } from '../../services/campaigns';
import { publicCampaigns } from '../../services/public-campaigns';
import { recentSupporters } from '../../services/recent-supporters';

/** GET /api/campaigns/:id, the call every widget view makes. */
export const campaignRead = { params: idParams('Campaign id'), query: campaignReadQuerySchema };

/** Public campaign reads: open to every origin, nothing personal in any reply. */
export function campaignRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get('/campaigns', async (ctx) => {
    const rows = await db.ds.getRepository(db.entities.Campaign).find({
      // Only what a card shows: descriptions aside, the widget's colours and counters stay home.
      select: { id: true, title: true, description: true, supporter_count: true, language: true },
      where: { is_active: true },
      order: { id: 'ASC' },
    });
    ok(ctx, rows.map(toCampaignCard));
  });

  router.get(
    '/campaigns/:id',
    validate(campaignRead, async (ctx, { params }) => {
      okEncoded(ctx, await publicCampaigns(db).reply(params.id));
    }),
  );

  router.get(
    '/campaigns/:id/message-points',
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      const campaign = await publicCampaigns(db).read(params.id);
      const points = await activeMessagePoints(db, campaign);
      ok(ctx, points.map(toPublicMessagePoint));
    }),
  );

  router.get(
    '/campaigns/:id/recent-supporters',
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      // 404 for a campaign the public cannot see, as its other reads; an empty list when the
      // organiser has not turned the list on.
      const campaign = await publicCampaigns(db).read(params.id);
      ok(ctx, await recentSupporters(db, campaign));
    }),
  );

  return router;
}
