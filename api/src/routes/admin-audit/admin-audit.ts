import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { auditQuerySchema, toPageMeta } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { toAuditEntry } from '../../presenters/audit';

/**
 * The audit log, read-only: there is no route that writes, changes or deletes an entry (each admin
 * write records its own, audit/record.ts). Newest first, filtered by action, campaign and actor.
 */
export function adminAuditRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/audit-log',
    requireAdmin(db),
    validate({ query: auditQuerySchema }, async (ctx, { query }) => {
      const qb = db.ds.getRepository(db.entities.AuditEntry).createQueryBuilder('a');
      if (query.action) qb.andWhere('a.action = :action', { action: query.action });
      if (query.campaign_id !== undefined) qb.andWhere('a.campaign_id = :campaign', { campaign: query.campaign_id });
      // Part of an address is enough ("jane@", "@example.org"); the LIKE wildcards typed are literal.
      if (query.actor) qb.andWhere(`lower(a.actor_email) LIKE :actor ESCAPE '\\'`, { actor: `%${query.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
      const [rows, total] = await qb
        .orderBy('a.created_at', 'DESC')
        .addOrderBy('a.id', 'DESC')
        .skip((query.page - 1) * query.pageSize)
        .take(query.pageSize)
        .getManyAndCount();
      ok(ctx, rows.map(toAuditEntry), { meta: { ...toPageMeta(query.page, query.pageSize, total) } });
    }),
  );

  return router;
}
