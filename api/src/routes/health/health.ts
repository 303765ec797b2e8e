import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import type { Database } from '../../db/data-source';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { forRequest } from '../../http/logger';
import { ok } from '../../http/reply';
import { outboxBacklog } from '../../mail/claims';

/** Long enough for a busy database, short enough that a balancer's probe does not time out first. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * GET (and HEAD) /api/health for load balancers: 200 when the database answers `SELECT 1` in time
 * (with the mail outbox's backlog, for monitoring), 503 when it does not, so traffic goes to a process that can serve it. Public and not rate
 * limited: a balancer probes often from one address.
 */
export function healthRoutes({ db, logger }: Deps): Router {
  const router = apiRouter();

  router.get('/health', async (ctx) => {
    // Every /api reply is no-store already; a probe cached by a proxy would hide an outage, so
    // this one says it itself.
    ctx.set('Cache-Control', 'no-store');
    let backlog: Awaited<ReturnType<typeof outboxBacklog>>;
    try {
      backlog = await databaseAnswers(db);
    } catch (error) {
      forRequest(logger, ctx).error('health check: the database did not answer', { error });
      throw new AppError(
        'unavailable',
        'This server cannot reach its database right now. Check that the database is running and reachable at DATABASE_URL.',
      );
    }
    // The outbox never makes a server unhealthy (a balancer should keep sending it traffic while a
    // mail server is down); monitoring can alert on how long mail has waited.
    const oldest = backlog.oldest ? Math.max(0, Math.round((Date.now() - backlog.oldest.getTime()) / 1000)) : null;
    ok(ctx, { status: 'ok' as const, database: 'ok' as const, mail: { waiting: backlog.waiting, oldest_waiting_seconds: oldest } });
  });

  return router;
}

/** The database answers `SELECT 1` and the outbox's backlog within the time allowed. */
async function databaseAnswers(db: Database): Promise<Awaited<ReturnType<typeof outboxBacklog>>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SELECT 1 took longer than ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([db.ds.query('SELECT 1'), timeout]);
    return await Promise.race([outboxBacklog(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
