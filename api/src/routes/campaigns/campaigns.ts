import Router from '@koa/router';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toCampaignCard, toPublicCampaign } from '../../presenters/campaign';
import { toPublicMessagePoint } from '../../presenters/message-point';
import { activeMessagePoints, findActiveCampaign } from '../../services/campaigns';

// GET /campaigns/{id}?t=... : the widget adds a timestamp to defeat caches; nothing else is allowed.
const campaignQuery = z.object({ t: z.string().max(32).optional() });

/** Public campaign reads: open to every origin, nothing personal in any reply. */
export function campaignRoutes({ db }: Deps): Router {
  const router = new Router();

  router.get('/campaigns', async (ctx) => {
    const rows = await db.ds.getRepository(db.entities.Campaign).find({
      where: { is_active: true },
      order: { id: 'ASC' },
    });
    ok(ctx, rows.map(toCampaignCard));
  });

  router.get(
    '/campaigns/:id',
    validate({ params: idParams('Campaign id'), query: campaignQuery }, async (ctx, { params }) => {
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
