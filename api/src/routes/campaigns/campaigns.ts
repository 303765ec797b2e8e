import Router from '@koa/router';
import { campaignReadQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toCampaignCard, toPublicCampaign } from '../../presenters/campaign';
import { toPublicMessagePoint } from '../../presenters/message-point';
import { activeMessagePoints, findActiveCampaign } from '../../services/campaigns';

/** Public campaign reads: open to every origin, nothing personal in any reply. */
export function campaignRoutes({ db }: Deps): Router {
  const router = new Router();

  router.get('/campaigns', async (ctx) => {
    const rows = await db.ds.getRepository(db.entities.Campaign).find({
      // Only what a card shows: descriptions aside, the widget's colours and counters stay home.
      select: { id: true, title: true, description: true, supporter_count: true },
      where: { is_active: true },
      order: { id: 'ASC' },
    });
    ok(ctx, rows.map(toCampaignCard));
  });

  router.get(
    '/campaigns/:id',
    validate({ params: idParams('Campaign id'), query: campaignReadQuerySchema }, async (ctx, { params }) => {
      ok(ctx, toPublicCampaign(await findActiveCampaign(db, params.id)));
    }),
  );

  router.get(
    '/campaigns/:id/message-points',
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      await findActiveCampaign(db, params.id);
      const points = await activeMessagePoints(db, params.id);
      ok(ctx, points.map(toPublicMessagePoint));
    }),
  );

  return router;
}
