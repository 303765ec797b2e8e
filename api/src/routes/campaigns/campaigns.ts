import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import type { Middleware } from 'koa';
import { campaignReadQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { ok, okEncoded } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toCampaignCard } from '../../presenters/campaign';
import { toPublicMessagePoint } from '../../presenters/message-point';
import { activeMessagePoints } from '../../services/campaigns';
import { publicCampaigns } from '../../services/public-campaigns';

/** GET /api/campaigns/:id, the call every widget view makes. */
const campaignRead = { params: idParams('Campaign id'), query: campaignReadQuerySchema };
const CAMPAIGN_READ_PATH = /^\/api\/campaigns\/([^/]+)$/;

/** Public campaign reads: open to every origin, nothing personal in any reply. */
export function campaignRoutes({ db }: Deps): Router {
  const router = apiRouter();

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
    validate(campaignRead, async (ctx, { params }) => {
      okEncoded(ctx, await publicCampaigns(db).reply(params.id));
    }),
  );

  router.get(
    '/campaigns/:id/message-points',
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      await publicCampaigns(db).read(params.id);
      const points = await activeMessagePoints(db, params.id);
      ok(ctx, points.map(toPublicMessagePoint));
    }),
  );

  return router;
}

/**
 * The same read, answered before body parsing and the router when this process holds a fresh
 * copy: under a viral campaign's watchers the router's matching and the middleware chain were most
 * of the cost left. It answers only a request the route would answer the same way (parsed by the
 * same schemas); anything else, a miss or an invalid id included, goes on to the route and its errors.
 */
export function hotCampaignRead({ db }: Deps): Middleware {
  const cache = publicCampaigns(db);
  return (ctx, next) => {
    const path = ctx.method === 'GET' ? CAMPAIGN_READ_PATH.exec(ctx.path) : null;
    if (!path) return next();
    const params = campaignRead.params.safeParse({ id: path[1] });
    const reply = params.success && campaignRead.query.safeParse(ctx.query).success ? cache.cachedReply(params.data.id) : undefined;
    if (reply === undefined) return next();
    okEncoded(ctx, reply);
    return Promise.resolve();
  };
}
