import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { messagePointCreateSchema, messagePointUpdateSchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { createMessagePoint, deleteMessagePoint, updateMessagePoint } from '../../commands/save-message-point';
import { actorOf } from '../../audit/record';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toAdminMessagePoint } from '../../presenters/message-point';
import { campaignTitles } from '../../services/campaign-summary';

/** Talking points: general ones (no campaign) and campaign-specific ones. */
export function adminMessagePointRoutes({ db }: Deps): Router {
  const router = apiRouter();
  const points = () => db.ds.getRepository(db.entities.MessagePoint);

  router.get(
    '/admin/message-points',
    requireAdmin(db),
    validate({}, async (ctx) => {
      const rows = await points().find({
        // NULLS FIRST spelled out: PostgreSQL sorts NULL last by default, SQLite first.
        order: { campaign_id: { direction: 'ASC', nulls: 'FIRST' }, display_order: 'ASC', id: 'ASC' },
      });
      const titles = await campaignTitles(db, rows.map((p) => p.campaign_id));
      ok(
        ctx,
        rows.map((p) => toAdminMessagePoint(p, p.campaign_id === null ? null : (titles.get(p.campaign_id) ?? null))),
      );
    }),
  );

  router.post(
    '/admin/message-points',
    requireAdmin(db),
    validate({ body: messagePointCreateSchema }, async (ctx, { body }) => {
      const { point, campaignTitle } = await createMessagePoint(db, body, actorOf(ctx));
      ok(ctx, toAdminMessagePoint(point, campaignTitle), { status: 201 });
    }),
  );

  router.put(
    '/admin/message-points/:id',
    requireAdmin(db),
    validate({ params: idParams('Message point id'), body: messagePointUpdateSchema }, async (ctx, { params, body }) => {
      const { point, campaignTitle } = await updateMessagePoint(db, params.id, body, actorOf(ctx));
      ok(ctx, toAdminMessagePoint(point, campaignTitle));
    }),
  );

  router.delete(
    '/admin/message-points/:id',
    requireAdmin(db),
    validate({ params: idParams('Message point id') }, async (ctx, { params }) => {
      await deleteMessagePoint(db, params.id, actorOf(ctx));
      ok(ctx, { id: params.id });
    }),
  );

  return router;
}
