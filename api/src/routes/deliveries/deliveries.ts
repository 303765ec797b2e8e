import type Router from '@koa/router';
import { actorOf } from '../../audit/record';
import { apiRouter } from '../api-router';
import { deliveryCreateSchema, pageQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { queuePacket } from '../../commands/queue-packet';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { campaignDeliveries, presentDeliveries } from '../../services/deliveries';

/**
 * A campaign's deliveries to its decision body: every packet and, in `each` mode, every letter's
 * e-mail, with each one's state in the mail outbox; and "send a packet now".
 */
export function deliveryRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/campaigns/:id/deliveries',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), query: pageQuerySchema }, async (ctx, { params, query }) => {
      const { deliveries, meta } = await campaignDeliveries(db, params.id, query);
      ok(ctx, deliveries, { meta: { ...meta } });
    }),
  );

  router.post(
    '/admin/campaigns/:id/deliveries',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), body: deliveryCreateSchema }, async (ctx, { params, body }) => {
      // Never null for an admin: nothing to send is a refusal that says why.
      const delivery = (await queuePacket(db, params.id, { trigger: 'admin', actor: actorOf(ctx), since: body.since }))!;
      const [presented] = await presentDeliveries(db, [delivery]);
      ok(ctx, presented, { status: 201 });
    }),
  );

  return router;
}
