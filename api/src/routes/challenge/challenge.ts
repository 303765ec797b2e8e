import type Router from '@koa/router';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { apiRouter } from '../api-router';

/**
 * GET /api/challenge: a proof-of-work challenge for the widget to solve before it signs, generates
 * or submits (contract/bot-check.ts). Any origin, no credentials, never cached: each is new.
 */
export function challengeRoutes({ botCheck }: Deps): Router {
  const router = apiRouter();
  router.get(
    '/challenge',
    validate({}, async (ctx) => {
      ok(ctx, await botCheck.challenge());
    }),
  );
  return router;
}
