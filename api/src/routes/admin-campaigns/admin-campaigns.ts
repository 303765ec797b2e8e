import type Router from '@koa/router';
import { talliesByCampaign } from '../../services/campaign-summary';
import type { CampaignRow } from '../../db/types';
import { districtCountsOf } from '../../services/district-counts';
import { apiRouter } from '../api-router';
import { campaignCreateSchema, campaignUpdateSchema, type WidgetPreview } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { createCampaign } from '../../commands/create-campaign';
import { updateCampaign } from '../../commands/update-campaign';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toAdminCampaign } from '../../presenters/campaign';
import { presentPublic } from '../../services/public-campaigns';
import { toPublicMessagePoint } from '../../presenters/message-point';
import { activeMessagePoints } from '../../services/campaigns';
import { actorOf } from '../../audit/record';

/**
 * Campaign management. There is deliberately no DELETE: a campaign holds signatures and letters,
 * which are never lost; an admin switches a campaign off instead.
 */
export function adminCampaignRoutes({ db }: Deps): Router {
  const router = apiRouter();
  const campaigns = () => db.ds.getRepository(db.entities.Campaign);
  /** One campaign as the console reads it, with its tallied figures and its counts by district. */
  const withFigures = async (campaign: CampaignRow) => {
    const [tallies, districts] = await Promise.all([talliesByCampaign(db, [campaign.id]), districtCountsOf(db, [campaign])]);
    return toAdminCampaign(campaign, tallies.get(campaign.id), districts.get(campaign.id));
  };

  router.get(
    '/admin/campaigns',
    requireAdmin(db),
    validate({}, async (ctx) => {
      const [rows, pending] = await Promise.all([campaigns().find({ order: { created_at: 'DESC', id: 'DESC' } }), talliesByCampaign(db)]);
      const districts = await districtCountsOf(db, rows);
      ok(ctx, rows.map((c) => toAdminCampaign(c, pending.get(c.id), districts.get(c.id))));
    }),
  );

  router.get(
    '/admin/campaigns/:id',
    requireAdmin(db),
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      const campaign = await campaigns().findOneBy({ id: params.id });
      if (!campaign) throw notFound('Campaign');
      ok(ctx, await withFigures(campaign));
    }),
  );

  // The widget as supporters will see it, for any campaign, switched off or not (the widget page's
  // ?preview): what the public reads give for an active one, which they refuse for an inactive one.
  router.get(
    '/admin/campaigns/:id/widget-preview',
    requireAdmin(db),
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      const campaign = await campaigns().findOneBy({ id: params.id });
      if (!campaign) throw notFound('Campaign');
      const points = await activeMessagePoints(db, campaign);
      ok(ctx, { campaign: await presentPublic(db, campaign), message_points: points.map(toPublicMessagePoint) } satisfies WidgetPreview);
    }),
  );

  router.post(
    '/admin/campaigns',
    requireAdmin(db),
    validate({ body: campaignCreateSchema }, async (ctx, { body }) => {
      ok(ctx, toAdminCampaign(await createCampaign(db, body, actorOf(ctx))), { status: 201 });
    }),
  );

  router.put(
    '/admin/campaigns/:id',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), body: campaignUpdateSchema }, async (ctx, { params, body }) => {
      ok(ctx, await withFigures(await updateCampaign(db, params.id, body, actorOf(ctx))));
    }),
  );

  return router;
}
