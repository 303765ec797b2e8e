import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { PACKET_LETTERS_HEADER, packetQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { sendDownload } from '../../http/download';
import { notFound } from '../../http/errors';
import { idParams, validate } from '../../http/validate';
import { countLetters } from '../../packet/read';
import { downloadScope, packetCsv, packetFilename, preparePacketPdf } from '../../packet/render';

/**
 * The hearing packet of a campaign, as an admin downloads it: the PDF for the decision body and
 * the matching CSV report, each optionally only of the letters submitted after `since`. Both are
 * made as they are sent (packet/render.ts); the letter count goes ahead in a header so the admin's
 * page can show progress.
 */
export function adminPacketRoutes({ db }: Deps): Router {
  const router = apiRouter();
  const campaign = async (id: number) => {
    const found = await db.ds.getRepository(db.entities.Campaign).findOneBy({ id });
    if (!found) throw notFound('Campaign');
    return found;
  };

  router.get(
    '/admin/campaigns/:id/packet.pdf',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), query: packetQuerySchema }, async (ctx, { params, query }) => {
      const c = await campaign(params.id);
      const packet = await preparePacketPdf(db, c, downloadScope(c, query.since ?? null, new Date()));
      ctx.set(PACKET_LETTERS_HEADER, String(packet.summary.letters));
      sendDownload(ctx, packet.stream(), 'application/pdf', packetFilename(c, 'pdf'));
    }),
  );

  router.get(
    '/admin/campaigns/:id/packet.csv',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), query: packetQuerySchema }, async (ctx, { params, query }) => {
      const c = await campaign(params.id);
      const scope = downloadScope(c, query.since ?? null, new Date());
      ctx.set(PACKET_LETTERS_HEADER, String(await countLetters(db, scope)));
      sendDownload(ctx, packetCsv(db, scope), 'text/csv; charset=utf-8', packetFilename(c, 'csv'));
    }),
  );

  return router;
}
