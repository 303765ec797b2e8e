import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { PACKET_LETTERS_HEADER, packetQuerySchema } from '../../contract';
import type { Deps } from '../../deps';
import { currentSession, requireAdmin } from '../../auth/guards';
import { sendDownload, sendStreamed } from '../../http/download';
import { AppError, notFound } from '../../http/errors';
import { idParams, validate } from '../../http/validate';
import { preparePacketHtml } from '../../packet/html';
import { PACKET_HTML_HEADERS } from '../../packet/html-style';
import { countLetters } from '../../packet/read';
import { downloadScope, packetCsv, packetFilename, preparePacketPdf } from '../../packet/render';

const ONE_PDF_AT_A_TIME = 'You are already downloading a hearing packet PDF. Wait for it to finish, or cancel it, then try again.';

/**
 * The hearing packet of a campaign, as an admin downloads it: the PDF for the decision body, the
 * matching CSV report and the same packet as an HTML page, each optionally only of the letters
 * submitted after `since`. All are made as they are sent (packet/render.ts, packet/html.ts); the
 * downloads' letter count goes ahead in a header so the admin's page can show progress.
 *
 * An admin draws one PDF at a time (per process, as the PDF workers are counted): with two
 * workers for every download, one person must not be able to hold both, or queue a dozen. The CSV
 * and the HTML are streams of text with no worker behind them, so they are not limited.
 */
export function adminPacketRoutes({ db }: Deps): Router {
  const router = apiRouter();
  const campaign = async (id: number) => {
    const found = await db.ds.getRepository(db.entities.Campaign).findOneBy({ id });
    if (!found) throw notFound('Campaign');
    return found;
  };
  /** Admins (user ids) whose packet PDF is being drawn or waits for a worker now. */
  const drawing = new Set<number>();

  router.get(
    '/admin/campaigns/:id/packet.pdf',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), query: packetQuerySchema }, async (ctx, { params, query }) => {
      const admin = currentSession(ctx).user.id;
      if (drawing.has(admin)) throw new AppError('conflict', ONE_PDF_AT_A_TIME);
      drawing.add(admin);
      try {
        const c = await campaign(params.id);
        const packet = await preparePacketPdf(db, c, downloadScope(c, query.since ?? null, new Date()));
        const stream = packet.stream();
        // Sent, cancelled, cut for a stalled reader or failed: the admin may draw another.
        stream.once('close', () => drawing.delete(admin));
        ctx.set(PACKET_LETTERS_HEADER, String(packet.summary.letters));
        sendDownload(ctx, stream, 'application/pdf', packetFilename(c, 'pdf'));
      } catch (err) {
        drawing.delete(admin);
        throw err;
      }
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

  // Shown inline, not downloaded: the browser displays it and prints it.
  router.get(
    '/admin/campaigns/:id/packet.html',
    requireAdmin(db),
    validate({ params: idParams('Campaign id'), query: packetQuerySchema }, async (ctx, { params, query }) => {
      const c = await campaign(params.id);
      const packet = await preparePacketHtml(db, c, downloadScope(c, query.since ?? null, new Date()));
      ctx.set(PACKET_HTML_HEADERS);
      sendStreamed(ctx, packet.stream(), 'text/html; charset=utf-8');
    }),
  );

  return router;
}
