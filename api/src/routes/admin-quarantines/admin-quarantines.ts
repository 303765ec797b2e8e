import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { quarantineSchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { actorOf } from '../../audit/record';
import { previewQuarantine, quarantineBurst, restoreQuarantine } from '../../floods/quarantine';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toQuarantineView } from '../../presenters/quarantine';
import { assertCampaignExists } from '../../services/campaign-summary';

/** Quarantining a burst of signatures and letters (floods/quarantine.ts), previewing it first, and restoring it. */
export function adminQuarantineRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/campaigns/:id/quarantines',
    requireAdmin(db),
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      await assertCampaignExists(db, params.id);
      const rows = await db.ds.getRepository(db.entities.Quarantine).find({ where: { campaign_id: params.id }, order: { created_at: 'DESC', id: 'DESC' } });
      ok(ctx, rows.map(toQuarantineView));
    }),
  );

  router.post(
    '/admin/campaigns/:id/quarantines/preview',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), body: quarantineSchema }, async (ctx, { params, body }) => {
      ok(ctx, await previewQuarantine(db, params.id, body));
    }),
  );

  router.post(
    '/admin/campaigns/:id/quarantines',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), body: quarantineSchema }, async (ctx, { params, body }) => {
      const { quarantine } = await quarantineBurst(db, params.id, body, actorOf(ctx));
      ok(ctx, toQuarantineView(quarantine), { status: 201 });
    }),
  );

  router.post(
    '/admin/quarantines/:id/restore',
    requireAdmin(db),
    validate({ params: idParams('Quarantine id') }, async (ctx, { params }) => {
      ok(ctx, toQuarantineView(await restoreQuarantine(db, params.id, actorOf(ctx))));
    }),
  );

  return router;
}
