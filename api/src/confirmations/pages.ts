import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { confirmationTokenSchema, languageOf, LANGUAGES, shareLinks, textsFor, type SupporterTexts } from '../contract';
import { mailOfLink } from './links';
import { confirmationSettings } from './setup';
import type { Deps } from '../deps';
import { escapeHtml } from '../mail/dev-mailbox/pages';

type Kind = 'confirm' | 'remove';

/**
 * /confirm/{token} and /remove/{token}: the pages a supporter's e-mail links to. Opening one
 * changes nothing; its script POSTs the token (confirming on load, removing on a button press), so a
 * mail scanner that fetches the link, even one that renders it without script, confirms nothing.
 * A wrong, used or expired link gets a page that says so, never an error page.
 */
export function confirmationPages({ db, config }: Deps): Middleware {
  const router = new Router({ sensitive: true, strict: true });
  const page = (kind: Kind) => async (ctx: Context) => {
    const token = confirmationTokenSchema.safeParse(ctx.params.token);
    const mail = token.success ? await mailOfLink(db.ds.manager, db, confirmationSettings(db.ds), kind, token.data) : null;
    const campaign = mail
      ? await db.ds.getRepository(db.entities.Campaign).findOne({
          select: { id: true, title: true, language: true, is_active: true, enable_share_tab: true },
          where: { id: mail.campaign_id },
        })
      : null;
    if (!token.success || !campaign) {
      // No campaign to take the language from: the browser's preference between ours.
      const texts = textsFor(languageOf(ctx.acceptsLanguages([...LANGUAGES]) || null));
      const c = texts.confirm;
      return send(ctx, 404, (nonce) => layout(nonce, texts, c.linkNotValidTitle, `<h1>${escapeHtml(c.linkNotValidHeading)}</h1><p>${escapeHtml(c.notFound)}</p>`));
    }
    const texts = textsFor(campaign.language);
    // Once confirmed, the page offers to share the campaign, as the widget's Share tab does: its own
    // page on Dais, only while it is live and its organiser offers sharing.
    const share = kind === 'confirm' && campaign.is_active && campaign.enable_share_tab ? sharing(texts, campaign.title, `${config.publicUrl}/widget/${campaign.id}`) : '';
    send(ctx, 200, (nonce) => actionPage(nonce, texts, kind, token.data, campaign.title, share));
  };
  router.get('/confirm/:token', page('confirm'));
  router.get('/remove/:token', page('remove'));
  return router.routes() as Middleware;
}

/** The campaign's share links (contract/share.ts), hidden until the page has confirmed. */
function sharing(texts: SupporterTexts, title: string, pageUrl: string): string {
  const links = shareLinks(title, pageUrl, texts).map(({ label, href }) =>
    href.startsWith('mailto:')
      ? `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></li>`
      : `<li><a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(label)}<span class="sr">${escapeHtml(texts.opensInNewWindow)}</span></a></li>`,
  );
  return `<section id="share" aria-labelledby="share-title" hidden>
<h2 id="share-title">${escapeHtml(texts.shareTitle)}</h2>
<p>${escapeHtml(texts.shareText)}</p>
<ul class="share">${links.join('')}</ul>
</section>`;
}

function actionPage(nonce: string, texts: SupporterTexts, kind: Kind, token: string, title: string, share: string): string {
  const c = texts.confirm;
  const heading = escapeHtml(kind === 'confirm' ? c.confirmingHeading(title) : c.removeHeading(title));
  const intro =
    kind === 'confirm'
      ? `<p id="status" role="status">${escapeHtml(c.script.confirming)}</p><noscript><p>${escapeHtml(c.needsScript)}</p></noscript>`
      : `<p>${escapeHtml(c.removeExplained)}</p><p id="status" role="status"></p>`;
  const button = escapeHtml(kind === 'confirm' ? c.confirmButton : c.removeButton);
  // The script's words, as JSON in an attribute: escaped like any attribute, read with JSON.parse.
  const words = JSON.stringify({
    ...c.script,
    notFound: c.notFound,
    // A removal link says its own expiry: whom to ask, not to sign again.
    expired: kind === 'confirm' ? c.expired : c.removeExpired,
    // What the heading and the title become once the page knows what happened.
    thankYou: texts.thankYou,
    linkNotValid: c.linkNotValidHeading,
    confirmTitle: c.confirmPageTitle,
  });
  return layout(
    nonce,
    texts,
    kind === 'confirm' ? c.confirmPageTitle : c.removePageTitle,
    `<main data-kind="${kind}" data-token="${token}" data-title="${escapeHtml(title)}" data-words="${escapeHtml(words)}">
<h1>${heading}</h1>
${intro}
<button id="act" type="button"${kind === 'confirm' ? ' hidden' : ''}>${button}</button>
${share}
</main>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>`,
  );
}

/**
 * The page's script: sends the POST and says what happened in words (the page's language, from
 * data-words). Plain ES2017, no build step: the page must work in any browser a supporter opens a
 * mail link in.
 */
const PAGE_SCRIPT = `(function () {
  var main = document.querySelector('main');
  var kind = main.dataset.kind, token = main.dataset.token, title = main.dataset.title;
  var w = JSON.parse(main.dataset.words);
  var status = document.getElementById('status'), button = document.getElementById('act');
  var heading = document.querySelector('h1'), share = document.getElementById('share');
  function fill(text, values) {
    return text.replace(/\\{(\\w+)\\}/g, function (all, key) { return key in values ? values[key] : all; });
  }
  function what(d) {
    var parts = [];
    if (d.signatures) parts.push(w.yourSignature);
    if (d.letters) parts.push(d.letters === 1 ? w.yourLetter : fill(w.yourLetters, { n: String(d.letters) }));
    return parts.join(w.and);
  }
  function said(d) {
    var one = d.signatures + d.letters === 1;
    var values = { what: what(d), What: what(d).charAt(0).toUpperCase() + what(d).slice(1), title: title };
    if (kind === 'confirm') {
      if (d.state === 'already') return w.alreadyConfirmed;
      return fill(one ? w.confirmedOne : w.confirmedMany, values);
    }
    if (d.state === 'already') return w.alreadyRemoved;
    var removed = fill(one ? w.removedOne : w.removedMany, values);
    // What the decision body already had stays with them: say so rather than claim it is gone.
    if (!d.delivered) return removed;
    return removed + ' ' + (d.delivered === 1 ? w.deliveredOne : fill(w.deliveredMany, { n: String(d.delivered) }));
  }
  // A confirmation says what happened in its heading (no longer 'Confirming...') and title, and the
  // status region (kept for screen readers, which announce it) is not shown twice.
  function confirmed(text) {
    heading.textContent = text;
    status.className = 'sr';
    status.textContent = text;
    document.title = w.thankYou + ' \u00b7 Dais';
    button.hidden = true;
    if (share) share.hidden = false;
  }
  function act() {
    button.disabled = true;
    status.textContent = kind === 'confirm' ? w.confirming : w.removing;
    fetch('/api/' + (kind === 'confirm' ? 'confirmations' : 'removals') + '/' + token, { method: 'POST', headers: { Accept: 'application/json' } })
      .then(function (r) {
        return r.json().then(function (body) {
          if (body.success && kind === 'confirm') return confirmed(said(body.data));
          if (body.success) { status.textContent = said(body.data); button.hidden = true; return; }
          // The server speaks English; a link that is not valid or has expired is said in the page's language.
          status.textContent = r.status === 404 ? w.notFound : r.status === 410 ? w.expired : body.error;
          if (kind === 'confirm') heading.textContent = r.status === 404 || r.status === 410 ? w.linkNotValid : w.confirmTitle;
          // A link that is not valid or has expired will not work on a second press either.
          button.hidden = r.status === 404 || r.status === 410;
          button.disabled = false;
        });
      })
      .catch(function () {
        if (kind === 'confirm') heading.textContent = w.confirmTitle;
        status.textContent = w.unreachable;
        button.hidden = false;
        button.disabled = false;
      });
  }
  button.addEventListener('click', act);
  if (kind === 'confirm') act();
})();`;

function layout(nonce: string, texts: SupporterTexts, title: string, content: string): string {
  return `<!doctype html>
<html lang="${texts.locale.slice(0, 2)}">
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
  h2 { font-size: 1.2rem; margin-top: 2rem; }
  .share { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
  .share a { display: inline-block; padding: .6rem 1.2rem; border: 2px solid #047857; border-radius: 8px; color: #065f46; font-weight: 600; text-decoration: none; }
  .share a:hover { text-decoration: underline; }
  a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
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
