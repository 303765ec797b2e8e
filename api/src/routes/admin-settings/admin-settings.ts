import type Router from '@koa/router';
import { actorOf } from '../../audit/record';
import { apiRouter } from '../api-router';
import { z } from 'zod';
import { isSettingKey, SETTING_KEYS, SETTING_VALUE_SCHEMAS, settingUpdateSchema, type Setting } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { AppError } from '../../http/errors';
import { ok } from '../../http/reply';
import { parseOrThrow, validate } from '../../http/validate';
import { readSettings, writeSetting } from '../../services/settings';

const settingParams = z.object({ key: z.string() });

/** Global settings: the closed list of contract SETTING_KEYS, each with its own value rule. */
export function adminSettingRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/settings',
    requireAdmin(db),
    validate({}, async (ctx) => {
      const values = await readSettings(db);
      const list: Setting[] = SETTING_KEYS.map((key) => ({ setting_key: key, setting_value: values[key] }));
      ok(ctx, list);
    }),
  );

  router.put(
    '/admin/settings/:key',
    requireAdmin(db),
    validate({ params: settingParams, body: settingUpdateSchema }, async (ctx, { params, body }) => {
      const key = params.key;
      if (!isSettingKey(key)) throw new AppError('not_found', `Unknown setting "${key}"`);
      // Checked per key, reported on the setting_value field like any other validation failure.
      const { setting_value } = parseOrThrow(z.object({ setting_value: SETTING_VALUE_SCHEMAS[key] }), body);
      await writeSetting(db, key, setting_value, actorOf(ctx));
      const reply: Setting = { setting_key: key, setting_value };
      ok(ctx, reply);
    }),
  );

  return router;
}
