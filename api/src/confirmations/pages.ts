import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { CONFIRMATION_TEXTS, confirmationTokenSchema } from '../contract';
import { hashToken } from './tokens';
import type { Deps } from '../deps';
import { escapeHtml } from '../mail/dev-mailbox/pages';

type Kind = 'confirm' | 'remove';

/**
 * /confirm/{token} and /remove/{token}: the pages a supporter's e-mail links to. Opening one
 * changes nothing; its script POSTs the token (confirming on load, removing on a button press), so a
 * mail scanner that fetches the link, even one that renders it without script, confirms nothing.
 * A wrong, used or expired link gets a page that says so, never an error page.
 */
export function confirmationPages({ db }: Deps): Middleware {
  const router = new Router({ sensitive: true, strict: true });
  const page = (kind: Kind) => async (ctx: Context) => {
    const token = confirmationTokenSchema.safeParse(ctx.params.token);
    const column = kind === 'confirm' ? 'confirm_token_hash' : 'remove_token_hash';
    const mail = token.success
      ? await db.ds.getRepository(db.entities.SupporterMail).findOne({ select: { id: true, campaign_id: true }, where: { [column]: hashToken(token.data) } })
      : null;
    const campaign = mail
      ? await db.ds.getRepository(db.entities.Campaign).findOne({ select: { id: true, title: true }, where: { id: mail.campaign_id } })
      : null;
    if (!token.success || !campaign) return send(ctx, 404, (nonce) => layout(nonce, 'Link not valid', `<h1>This link is not valid</h1><p>${escapeHtml(CONFIRMATION_TEXTS.notFound)}</p>`));
    send(ctx, 200, (nonce) => actionPage(nonce, kind, token.data, campaign.title));
  };
  router.get('/confirm/:token', page('confirm'));
  router.get('/remove/:token', page('remove'));
  return router.routes() as Middleware;
}

function actionPage(nonce: string, kind: Kind, token: string, title: string): string {
  const heading = kind === 'confirm' ? `Confirming your support for “${escapeHtml(title)}”` : `Remove what you sent to “${escapeHtml(title)}”?`;
  const intro =
    kind === 'confirm'
      ? '<p id="status" role="status">Confirming…</p><noscript><p>This page needs JavaScript to confirm. Turn it on and reload the page.</p></noscript>'
      : '<p>This deletes your signature and any letters you sent for this campaign under this e-mail address, and takes them off the counts. A letter already delivered to the decision body cannot be called back; it is kept there with your name and details removed.</p><p id="status" role="status"></p>';
  const button = kind === 'confirm' ? 'Confirm' : 'Remove my signature and letters';
  return layout(
    nonce,
    kind === 'confirm' ? 'Confirm your support' : 'Remove your support',
    `<main data-kind="${kind}" data-token="${token}" data-title="${escapeHtml(title)}">
<h1>${heading}</h1>
${intro}
<button id="act" type="button"${kind === 'confirm' ? ' hidden' : ''}>${button}</button>
</main>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>`,
  );
}

/**
 * The page's script: sends the POST and says what happened in words. Plain ES2017, no build step:
 * the page must work in any browser a supporter opens a mail link in.
 */
const PAGE_SCRIPT = `(function () {
  var main = document.querySelector('main');
  var kind = main.dataset.kind, token = main.dataset.token, title = main.dataset.title;
  var status = document.getElementById('status'), button = document.getElementById('act');
  function what(d) {
    var parts = [];
    if (d.signatures) parts.push('your signature');
    if (d.letters) parts.push(d.letters === 1 ? 'your letter' : 'your ' + d.letters + ' letters');
    return parts.join(' and ');
  }
  function said(d) {
    if (kind === 'confirm') {
      if (d.state === 'already') return 'Already confirmed: there is nothing more to do. Thank you!';
      return 'Thank you! ' + what(d).charAt(0).toUpperCase() + what(d).slice(1) + ' for \\u201c' + title + '\\u201d now ' + (d.signatures + d.letters === 1 ? 'counts' : 'count') + '.';
    }
    if (d.state === 'already') return 'Already removed: nothing under this address is left on this campaign.';
    return 'Removed: ' + what(d) + ' for \\u201c' + title + '\\u201d ' + (d.signatures + d.letters === 1 ? 'is' : 'are') + ' gone from the campaign and its counts.';
  }
  function act() {
    button.disabled = true;
    status.textContent = kind === 'confirm' ? 'Confirming\\u2026' : 'Removing\\u2026';
    fetch('/api/' + (kind === 'confirm' ? 'confirmations' : 'removals') + '/' + token, { method: 'POST', headers: { Accept: 'application/json' } })
      .then(function (r) {
        return r.json().then(function (body) {
          if (body.success) { status.textContent = said(body.data); button.hidden = true; return; }
          status.textContent = body.error;
          // A link that is not valid or has expired will not work on a second press either.
          button.hidden = r.status === 404 || r.status === 410;
          button.disabled = false;
        });
      })
      .catch(function () {
        status.textContent = 'The server could not be reached. Check your connection, then press the button.';
        button.hidden = false;
        button.disabled = false;
      });
  }
  button.addEventListener('click', act);
  if (kind === 'confirm') act();
})();`;

function layout(nonce: string, title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Dais</title>
<style nonce="${nonce}">
  body { font: 17px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937; }
  h1 { font-size: 1.5rem; line-height: 1.25; overflow-wrap: anywhere; }
  button { font: inherit; padding: .6rem 1.2rem; border: 0; border-radius: 8px; background: #047857; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  button[disabled] { opacity: .6; cursor: default; }
</style>
</head>
<body>
${content}
</body>
</html>`;
}

function send(ctx: Context, status: number, render: (nonce: string) => string): void {
  const nonce = crypto.randomBytes(16).toString('base64');
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  // The token is in the address: no other site may read it from a Referer, and no cache keeps it.
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
  );
  ctx.body = render(nonce);
}
