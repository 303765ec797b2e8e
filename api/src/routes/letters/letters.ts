import type Router from '@koa/router';
import { originOf } from '../../floods/sources';
import { apiRouter } from '../api-router';
import { z } from 'zod';
import {
  isPersonal,
  letterGenerateSchema,
  letterSubmitSchema,
  ownWords,
  pathId,
  type GeneratedLetter,
  type letterReceiptSchema,
} from '../../contract';
import { pretendToSubmit, submitLetter } from '../../commands/submit-letter';
import { solutionIfAny } from '../../bot-check/proof-of-work';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { campaignForAction, districtFor, positionFor } from '../../services/campaign-for-action';
import { letterFor, letterPlace } from './letter-for';
import { letterReceipt } from './letter-receipt';
import { letterPoints } from './letter-points';

type LetterReceipt = z.infer<typeof letterReceiptSchema>;

// SPEC.md section 7 names this path's parameter campaign_id.
const submitParams = z.object({ campaign_id: pathId('Campaign id') });

/**
 * Writing and submitting a letter from the public widget, on any origin, without an account.
 *
 * An empty selection is accepted even when the campaign lists visible points. "Select at least
 * one" is the widget's rule for its own form (SPEC.md section 5); the server's job is a good
 * letter for any valid request, so it writes from the hidden points, or from the campaign's
 * description (its core messaging) when there are none.
 */
export function letterRoutes({ config, db, rateLimit, botCheck }: Deps): Router {
  const router = apiRouter();

  router.post(
    '/campaigns/:id/generate-letter',
    rateLimit('generate'),
    validate({ params: idParams('Campaign id'), body: letterGenerateSchema }, async (ctx, { params, body }) => {
      const campaign = await campaignForAction(db, 'letter', params.id, body.campaign_id);
      const position = positionFor(campaign, body.position);
      // Checked as the submission will be, so a district not listed is said at the review step.
      const district = districtFor(campaign, body.district_id, config);
      await botCheck.check(body.altcha);
      const points = await letterPoints(db, campaign, body.message_point_ids, position);
      // Written to the writer's representative where each letter goes to theirs.
      const place = await letterPlace(db, campaign, district);
      const { subject, letter_content } = letterFor(campaign, { ...body, position }, points, new Date(), place);
      const letter: GeneratedLetter = { letter_content, campaign_id: campaign.id, campaign_title: campaign.title, subject };
      ok(ctx, letter);
    }),
  );

  router.post(
    '/campaigns/:campaign_id/submit-letter',
    rateLimit('submit'),
    validate({ params: submitParams, body: letterSubmitSchema }, async (ctx, { params, body }) => {
      const campaign = await campaignForAction(db, 'letter', params.campaign_id, body.campaign_id);
      const position = positionFor(campaign, body.position);
      const district = districtFor(campaign, body.district_id, config);
      const honeypot = Boolean(body.website);
      // Verified here, spent with the letter it carries (in submitLetter's transaction); a honeypot's
      // good solution is spent too, a bad one thanked all the same.
      const solution = honeypot ? solutionIfAny(botCheck, body.altcha) : botCheck.verify(body.altcha);
      const place = await letterPlace(db, campaign, district);
      // The same reply whoever wrote it, and for a bot that filled the field people never see.
      const receipt: LetterReceipt = await letterReceipt(db, campaign, district, place);
      // Stored: the points the letter was written from, hidden ones included, in letter order.
      const points = await letterPoints(db, campaign, body.message_point_ids, position);
      // The writer's own words, and whether there are enough to make it personal: what Dais writes for the same choices is not theirs.
      const generated = letterFor(campaign, { ...body, position }, points, new Date(), place).letter_content;
      const personal = isPersonal(body.letter_content, generated, body.personal_note);
      const own_words = ownWords(body.letter_content, generated, body.personal_note);
      const letter = { ...body, position, personal, own_words, ...district };
      await (honeypot ? pretendToSubmit : submitLetter)(db, campaign, letter, points.map((p) => p.id), originOf(ctx), solution);
      ok(ctx, receipt, { status: 201 });
    }),
  );

  return router;
}
