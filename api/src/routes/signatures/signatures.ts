import Router from '@koa/router';
import type { z } from 'zod';
import { signatureCreateSchema, type signatureReceiptSchema } from '../../contract';
import { signPetition } from '../../commands/sign-petition';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { publicCampaigns } from '../../services/public-campaigns';

type SignatureReceipt = z.infer<typeof signatureReceiptSchema>;

/** Signing a petition from the public widget, on any origin, without an account. */
export function signatureRoutes({ db, rateLimit }: Deps): Router {
  const router = new Router();

  router.post(
    '/campaigns/:id/support',
    rateLimit('sign'),
    validate({ params: idParams('Campaign id'), body: signatureCreateSchema }, async (ctx, { params, body }) => {
      if (body.campaign_id !== undefined && body.campaign_id !== params.id) {
        throw new AppError(
          'validation_failed',
          `campaign_id ${body.campaign_id} does not match the campaign being signed (${params.id}); send the same id or leave campaign_id out`,
          { field: 'campaign_id' },
        );
      }
      const campaign = await publicCampaigns(db).read(params.id);
      if (!campaign.enable_sign_tab) {
        throw new AppError('action_disabled', 'Signing is turned off for this campaign');
      }
      // A repeat signature gets this same reply: it must not reveal that the address signed before.
      const { supporter_count } = await signPetition(db, campaign.id, body);
      const receipt: SignatureReceipt = { campaign_id: campaign.id, supporter_count };
      ok(ctx, receipt);
    }),
  );

  return router;
}
