import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import type { Deps } from '../../deps';
import { ok } from '../../http/reply';
import { toSuccessMessage, toWidgetSettings } from '../../presenters/settings';
import { readSettings } from '../../services/settings';

/** The two settings the public widget and review page read, open to every origin. */
export function publicSettingRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get('/settings/widget', async (ctx) => {
    ok(ctx, toWidgetSettings(await readSettings(db)));
  });

  router.get('/settings/letter-success', async (ctx) => {
    ok(ctx, toSuccessMessage(await readSettings(db)));
  });

  return router;
}
