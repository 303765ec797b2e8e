import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { simpleParser } from 'mailparser';
import { In } from 'typeorm';
import type { Deps } from '../../deps';
import { forPublicUrl, fromThisMachineOnly, wrongHostMessage } from '../../http/local-only';
import { renderOutboxText } from '../outbox';
import { listPage, messagePage, refusedPage, type OutboxLine } from './pages';
import { getDevMail, listDevMail } from './store';

const PAGE = 50;
const ID = /^[1-9]\d{0,9}$/;

/** Where the admin's link points; null when there is no development mailbox. */
export const devMailboxUrl = (config: Deps['config']) => (devMailboxOn(config) ? '/dev-mailbox' : null);

/**
 * Only with no SMTP_URL on a loopback PUBLIC_URL outside production (config.mail.transport says so;
 * the rest is belt and braces, as for the development sign-in).
 */
export const devMailboxOn = (config: Deps['config']) =>
  config.mail.transport === 'dev-mailbox' && config.publicUrlIsLoopback && config.env !== 'production';

/**
 * /dev-mailbox: the mail Dais would have sent, for a newcomer on a laptop. Lists messages, shows one
 * (headers, text, attachments to download) and its raw .eml. Answers browsers on this machine only,
 * like /dev-oauth; does not exist at all otherwise.
 */
export function devMailboxPages({ config, db }: Deps): Middleware[] {
  if (!devMailboxOn(config)) return [];
  // Exact paths, like the /api routers (routes/api-router.ts); router.use() runs for matched routes only.
  const router = new Router({ sensitive: true, strict: true });

  router.use((ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    if (!fromThisMachineOnly(ctx)) {
      return sendPage(ctx, 403, (nonce) =>
        refusedPage(nonce, 403, 'The development mailbox only answers browsers on this machine, not other machines or requests passed on by a proxy.'),
      );
    }
    // Another name for this machine may be another site's, rebound to it (http/local-only.ts).
    if (!forPublicUrl(ctx, config.publicUrl)) return sendPage(ctx, 421, (nonce) => refusedPage(nonce, 421, wrongHostMessage(ctx, config.publicUrl)));
    return next();
  });

  router.get('/dev-mailbox', async (ctx) => {
    const before = typeof ctx.query.before === 'string' && ID.test(ctx.query.before) ? Number(ctx.query.before) : undefined;
    const [mail, undelivered] = await Promise.all([
      listDevMail(db, { before, limit: PAGE + 1 }),
      db.ds.getRepository(db.entities.MailOutbox).find({
        select: { id: true, recipients: true, subject: true, status: true, attempts: true, last_error: true, next_attempt_at: true },
        where: { status: In(['queued', 'sending', 'failed']) },
        order: { id: 'DESC' },
        take: 20,
      }),
    ]);
    const shown = mail.slice(0, PAGE);
    const olderThan = mail.length > PAGE ? (shown[shown.length - 1]?.id ?? null) : null;
    sendPage(ctx, 200, (nonce) => listPage(nonce, shown, olderThan, undelivered as OutboxLine[]));
  });

  router.get('/dev-mailbox/:id', async (ctx) => {
    const found = await parsedMail(ctx, ctx.params.id);
    if (found) sendPage(ctx, 200, (nonce) => messagePage(nonce, found.id, found.stored, found.mail, new URL(config.publicUrl).origin));
  });

  router.get('/dev-mailbox/:id/raw', async (ctx) => {
    const id = ctx.params.id ?? '';
    const stored = ID.test(id) ? await getDevMail(db, Number(id)) : null;
    if (!stored) return notFound(ctx);
    download(ctx, `message-${stored.id}.eml`, 'message/rfc822', Buffer.from(stored.raw, 'utf8'));
  });

  router.get('/dev-mailbox/:id/attachments/:n', async (ctx) => {
    const found = await parsedMail(ctx, ctx.params.id);
    if (!found) return;
    const n = /^\d{1,3}$/.test(ctx.params.n ?? '') ? Number(ctx.params.n) : -1;
    const attachment = found.mail.attachments[n];
    if (!attachment) return notFound(ctx);
    // Only types a browser will not run; anything else is bytes to save.
    const type = ['application/pdf', 'text/csv'].includes(attachment.contentType) ? attachment.contentType : 'application/octet-stream';
    download(ctx, attachment.filename ?? `attachment-${n + 1}`, type, attachment.content);
  });

  async function parsedMail(ctx: Context, idText: string | undefined) {
    const stored = idText && ID.test(idText) ? await getDevMail(db, Number(idText)) : null;
    if (!stored) {
      notFound(ctx);
      return null;
    }
    const mail = await simpleParser(stored.raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
    // The copy keeps no usable link (a supporter e-mail's are made from a secret as it is sent): written in now, for this machine's browser.
    if (mail.text && stored.outbox_id) mail.text = await renderOutboxText(db, { id: stored.outbox_id, message_id: stored.message_id, text: mail.text });
    return { id: stored.id, stored, mail };
  }

  return [router.routes() as Middleware, router.allowedMethods() as Middleware];
}

function notFound(ctx: Context) {
  sendPage(ctx, 404, (nonce) => refusedPage(nonce, 404, 'There is no such message in the development mailbox (it keeps the newest 500).'));
}

function sendPage(ctx: Context, status: number, render: (nonce: string) => string) {
  const nonce = crypto.randomBytes(16).toString('base64');
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`);
  ctx.body = render(nonce);
}

function download(ctx: Context, filename: string, type: string, content: Buffer) {
  ctx.attachment(filename);
  ctx.type = type;
  // Opened by mistake in a tab, it still runs nothing.
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.body = content;
}
