import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import type { z } from 'zod';
import { signatureCreateSchema, type signatureReceiptSchema } from '../../contract';
import { pretendToSign, signPetition } from '../../commands/sign-petition';
import { solutionIfAny } from '../../bot-check/proof-of-work';
import { originOf } from '../../floods/sources';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { campaignForAction, districtFor, positionFor } from '../../services/campaign-for-action';

type SignatureReceipt = z.infer<typeof signatureReceiptSchema>;

/** Signing a petition from the public widget, on any origin, without an account. */
export function signatureRoutes({ config, db, rateLimit, botCheck }: Deps): Router {
  const router = apiRouter();

  router.post(
    '/campaigns/:id/support',
    rateLimit('sign'),
    validate({ params: idParams('Campaign id'), body: signatureCreateSchema }, async (ctx, { params, body }) => {
      const campaign = await campaignForAction(db, 'sign', params.id, body.campaign_id);
      const signature = { ...body, position: positionFor(campaign, body.position), ...districtFor(campaign, body.district_id, config) };
      // The same reply for a first signature, a repeat and a bot: it must not tell whether the
      // address signed before, nor that the field people never see was noticed.
      const receipt: SignatureReceipt = { campaign_id: campaign.id };
      if (body.website) {
        // Thanked as anyone would be, after a batch's COMMIT like anyone; nothing is stored.
        await pretendToSign(db, campaign, signature, originOf(ctx), solutionIfAny(botCheck, body.altcha));
        return ok(ctx, receipt);
      }
      // Verified here, spent with the signature it carries (in the batch's transaction).
      const solution = botCheck.verify(body.altcha);
      await signPetition(db, campaign, signature, originOf(ctx), solution);
      ok(ctx, receipt);
    }),
  );

  return router;
}
