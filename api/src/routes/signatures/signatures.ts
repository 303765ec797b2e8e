import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import type { z } from 'zod';
import { signatureCreateSchema, type signatureReceiptSchema } from '../../contract';
import { signPetition } from '../../commands/sign-petition';
import { originOf } from '../../floods/sources';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { campaignForAction } from '../../services/campaign-for-action';

type SignatureReceipt = z.infer<typeof signatureReceiptSchema>;

/** Signing a petition from the public widget, on any origin, without an account. */
export function signatureRoutes({ db, rateLimit, botCheck }: Deps): Router {
  const router = apiRouter();

  router.post(
    '/campaigns/:id/support',
    rateLimit('sign'),
    validate({ params: idParams('Campaign id'), body: signatureCreateSchema }, async (ctx, { params, body }) => {
      const campaign = await campaignForAction(db, 'sign', params.id, body.campaign_id);
      // A bot that filled the field people never see is thanked as anyone would be, and nothing is stored.
      if (body.website) return ok(ctx, { campaign_id: campaign.id, supporter_count: campaign.supporter_count } satisfies SignatureReceipt);
      // Verified here, spent with the signature it carries (in the batch's transaction).
      const solution = botCheck.verify(body.altcha);
      // A repeat signature gets this same reply: it must not reveal that the address signed before.
      const { supporter_count } = await signPetition(db, campaign, body, originOf(ctx), solution);
      const receipt: SignatureReceipt = { campaign_id: campaign.id, supporter_count };
      ok(ctx, receipt);
    }),
  );

  return router;
}
