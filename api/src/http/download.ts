import type { Readable } from 'node:stream';
import type { Context } from 'koa';

/**
 * Sends a file made as it is sent (an export, a hearing packet). Errors found before this is
 * called are still JSON refusals; a failure after the first byte (the database gone mid-file) can
 * no longer become one, so the connection is cut and the browser reports the download as failed
 * instead of saving a file that silently ends early. Koa reports the error to the app (app.ts).
 */
export function sendDownload(ctx: Context, stream: Readable, type: string, filename: string): void {
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  sendStreamed(ctx, stream, type);
}

/** The same for a page the browser shows itself (the HTML packet): no file name, no download. */
export function sendStreamed(ctx: Context, stream: Readable, type: string): void {
  stream.once('error', () => ctx.res.destroy());
  ctx.status = 200;
  ctx.type = type;
  ctx.body = stream;
}
