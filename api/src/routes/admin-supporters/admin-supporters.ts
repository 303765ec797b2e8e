import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { adminExportQuerySchema, adminListQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { sendCsv, type CsvCell } from '../../http/csv';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { SUPPORTER_CSV_HEADER, toAdminSupporter, toSupporterCsvRow } from '../../presenters/supporter';
import { adminListPage } from '../../services/admin-list';
import { assertCampaignExists, campaignTitles } from '../../services/campaign-summary';
import { EXPORT_BATCH, exportFileName } from '../../services/exports';
import { newestFirstBatches } from '../../services/newest-first-page';

/** Signatures, for admins: the only place a supporter's address leaves the server. */
export function adminSupporterRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/supporters',
    requireAdmin(db),
    validate({ query: adminListQuerySchema }, async (ctx, { query }) => {
      const repo = db.ds.getRepository(db.entities.Supporter);
      const { rows, meta } = await adminListPage(db, 'supporters', repo, query);
      const titles = await campaignTitles(db, rows.map((s) => s.campaign_id));
      ok(ctx, rows.map((s) => toAdminSupporter(s, titles.get(s.campaign_id) ?? '')), { meta: { ...meta } });
    }),
  );

  router.get(
    '/admin/supporters.csv',
    requireAdmin(db),
    validate({ query: adminExportQuerySchema }, async (ctx, { query }) => {
      // An unknown campaign is a 404 before any byte of the file is sent.
      if (query.campaign_id !== undefined) await assertCampaignExists(db, query.campaign_id);
      const repo = db.ds.getRepository(db.entities.Supporter);
      const titles = new Map<number, string>();
      async function* rows(): AsyncGenerator<CsvCell[][]> {
        for await (const batch of newestFirstBatches(repo, query.campaign_id, EXPORT_BATCH)) {
          const unseen = batch.map((s) => s.campaign_id).filter((id) => !titles.has(id));
          if (unseen.length > 0) for (const [id, title] of await campaignTitles(db, unseen)) titles.set(id, title);
          yield batch.map((s) => toSupporterCsvRow(toAdminSupporter(s, titles.get(s.campaign_id) ?? '')));
        }
      }
      sendCsv(ctx, exportFileName('signatures', query.campaign_id), SUPPORTER_CSV_HEADER, rows());
    }),
  );

  return router;
}
