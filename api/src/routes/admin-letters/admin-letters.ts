import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { adminExportQuerySchema, adminListQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { notFound } from '../../http/errors';
import { sendCsv, type CsvCell } from '../../http/csv';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { LETTER_CSV_HEADER, toAdminLetter, toLetterCsvRow } from '../../presenters/letter';
import { adminListPage } from '../../services/admin-list';
import { assertCampaignExists, campaignDeadlines } from '../../services/campaign-summary';
import { EXPORT_BATCH, exportFileName } from '../../services/exports';
import { newestFirstBatches } from '../../services/newest-first-page';

/** Submitted letters, for admins to read, print and download. */
export function adminLetterRoutes({ db }: Deps): Router {
  const router = apiRouter();
  const letters = () => db.ds.getRepository(db.entities.Letter);

  router.get(
    '/admin/letters',
    requireAdmin(db),
    validate({ query: adminListQuerySchema }, async (ctx, { query }) => {
      const { rows, meta } = await adminListPage(db, 'letters', letters(), query);
      const deadlines = await campaignDeadlines(db, rows.map((l) => l.campaign_id));
      ok(ctx, rows.map((l) => toAdminLetter(l, deadlines.get(l.campaign_id) ?? null)), { meta: { ...meta } });
    }),
  );

  router.get(
    '/admin/letters.csv',
    requireAdmin(db),
    validate({ query: adminExportQuerySchema }, async (ctx, { query }) => {
      // An unknown campaign is a 404 before any byte of the file is sent.
      if (query.campaign_id !== undefined) await assertCampaignExists(db, query.campaign_id);
      async function* rows(): AsyncGenerator<CsvCell[][]> {
        for await (const batch of newestFirstBatches(letters(), query.campaign_id, EXPORT_BATCH)) {
          yield batch.map((l) => toLetterCsvRow(toAdminLetter(l)));
        }
      }
      sendCsv(ctx, exportFileName('letters', query.campaign_id), LETTER_CSV_HEADER, rows());
    }),
  );

  router.get(
    '/admin/letters/:id',
    requireAdmin(db),
    validate({ params: idParams('Letter id') }, async (ctx, { params }) => {
      const letter = await letters().findOneBy({ id: params.id });
      if (!letter) throw notFound('Letter');
      const deadlines = await campaignDeadlines(db, [letter.campaign_id]);
      ok(ctx, toAdminLetter(letter, deadlines.get(letter.campaign_id) ?? null));
    }),
  );

  return router;
}
