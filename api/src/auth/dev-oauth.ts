import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import type { Config } from '../config';
import { forPublicUrl, fromThisMachineOnly, wrongHostMessage } from '../http/local-only';
import { randomToken, sha256 } from './sessions';

/**
 * A tiny OAuth 2.0 provider for trying Dais on a laptop without a Google client: it asks for an
 * e-mail address and a name and vouches for them. Grant talks to it exactly as it talks to Google
 * (config.ts points config.google.* here when no GOOGLE_CLIENT_ID is set), so the sign-in code
 * path under test is the real one. Mounted only for a loopback PUBLIC_URL outside production
 * (config.ts): nobody on another machine can reach it.
 *
 * Codes and tokens live in this process's memory: fine for one development process, and a
 * restart only means signing in again.
 */

interface DevIdentity {
  sub: string;
  email: string;
  name: string | null;
}

/** A map whose entries expire, capped so that a runaway script cannot fill memory. */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}
  set(key: string, value: V) {
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    return e && e.expires > Date.now() ? e.value : undefined;
  }
  take(key: string): V | undefined {
    const v = this.get(key);
    this.entries.delete(key);
    return v;
  }
}

const authorizeQuery = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(2000),
  response_type: z.literal('code').optional(),
  state: z.string().max(500).optional(),
});

const authorizeForm = authorizeQuery.extend({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'Please enter a valid e-mail address' })),
  name: z.string().trim().max(200).optional(),
});

const tokenRequest = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().max(200),
  redirect_uri: z.string().max(2000),
  client_id: z.string().max(200),
  client_secret: z.string().max(200),
});

/** redirectUri: grant's callback, the only address this provider sends anyone back to. */
export function devOAuthProvider(config: Config, redirectUri: string): Middleware {
  // Exact paths, like the /api routers (routes/api-router.ts): one spelling per route.
  const router = new Router({ prefix: '/dev-oauth', sensitive: true, strict: true });
  const body = koaBody({ json: true, urlencoded: true, text: false, multipart: false, jsonLimit: '16kb', formLimit: '16kb' });
  const codes = new ExpiringMap<DevIdentity & { redirectUri: string }>(5 * 60_000);
  const tokens = new ExpiringMap<DevIdentity>(10 * 60_000);

  // Only our own callback: anything else would make this page an open redirect.
  const clientError = (q: { client_id: string; redirect_uri: string }) =>
    q.client_id !== config.google.clientId
      ? 'unknown client_id'
      : q.redirect_uri !== redirectUri
        ? `redirect_uri must be ${redirectUri}`
        : null;

  // Only a browser on this machine may use it (see fromThisMachineOnly for what that takes).
  router.use((ctx, next) => {
    if (!fromThisMachineOnly(ctx)) {
      return sendPage(
        ctx,
        403,
        refusedPage(
          'The development sign-in only answers browsers on this machine, not other machines or requests passed on by a proxy. ' +
            'Set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, SESSION_SECRET and a public PUBLIC_URL to sign in through one.',
        ),
      );
    }
    // Another name for this machine may be another site's, rebound to it (http/local-only.ts).
    if (!forPublicUrl(ctx, config.publicUrl)) return sendPage(ctx, 421, refusedPage(wrongHostMessage(ctx, config.publicUrl)));
    return next();
  });

  router.get('/authorize', (ctx) => {
    const q = authorizeQuery.safeParse(ctx.query);
    const problem = q.success ? clientError(q.data) : 'client_id and redirect_uri are required';
    if (!q.success || problem) return sendPage(ctx, 400, refusedPage(problem ?? 'invalid request'));
    sendPage(ctx, 200, (nonce) => signInPage(nonce, { ...q.data, email: '', name: '' }));
  });

  router.post('/authorize', body, (ctx) => {
    const raw = asFields(ctx.request.body);
    const q = authorizeQuery.safeParse(raw);
    const problem = q.success ? clientError(q.data) : 'client_id and redirect_uri are required';
    if (!q.success || problem) return sendPage(ctx, 400, refusedPage(problem ?? 'invalid request'));
    const form = authorizeForm.safeParse(raw);
    if (!form.success) {
      const error = form.error.issues[0]?.message ?? 'Please check the form';
      const values = { ...q.data, email: raw.email ?? '', name: raw.name ?? '' };
      return sendPage(ctx, 400, (nonce) => signInPage(nonce, values, error));
    }
    const { email, name, state } = form.data;
    const code = randomToken();
    codes.set(code, { sub: `dev-${sha256(email).slice(0, 32)}`, email, name: name || null, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (state) back.searchParams.set('state', state);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(back.toString());
  });

  router.post('/token', body, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const t = tokenRequest.safeParse(ctx.request.body);
    if (!t.success) return oauthError(ctx, 400, 'invalid_request', 'grant_type, code, redirect_uri and client credentials are required');
    if (!sameSecret(t.data.client_id, config.google.clientId) || !sameSecret(t.data.client_secret, config.google.clientSecret)) {
      return oauthError(ctx, 401, 'invalid_client', 'unknown client');
    }
    const grant = codes.take(t.data.code);
    if (!grant || grant.redirectUri !== t.data.redirect_uri) {
      return oauthError(ctx, 400, 'invalid_grant', 'the code is unknown, expired or already used');
    }
    const accessToken = randomToken();
    tokens.set(accessToken, { sub: grant.sub, email: grant.email, name: grant.name });
    ctx.body = { access_token: accessToken, token_type: 'Bearer', expires_in: 600, scope: 'openid email profile' };
  });

  router.get('/userinfo', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const token = /^Bearer (\S+)$/.exec(ctx.get('Authorization'))?.[1];
    const who = token ? tokens.get(token) : undefined;
    if (!who) {
      ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      return oauthError(ctx, 401, 'invalid_token', 'missing, unknown or expired access token');
    }
    ctx.body = { sub: who.sub, email: who.email, email_verified: true, name: who.name, picture: null };
  });

  return router.routes() as Middleware;
}

function oauthError(ctx: Context, status: number, error: string, description: string) {
  ctx.status = status;
  ctx.body = { error, error_description: description };
}

function sameSecret(a: string, b: string) {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return crypto.timingSafeEqual(x, y);
}

/** The parsed form or JSON body as strings only; anything else is dropped. */
function asFields(body: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const NOTICE = 'Development sign-in — not Google. Only for trying Dais on your own machine.';

function sendPage(ctx: Context, status: number, render: (nonce: string) => string) {
  const nonce = crypto.randomBytes(16).toString('base64');
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  );
  ctx.body = render(nonce);
}

function layout(nonce: string, content: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development sign-in — not Google</title>
<style nonce="${nonce}">
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937; }
  .notice { background: #fef3c7; border: 1px solid #f59e0b; border-radius: 8px; padding: .75rem 1rem; }
  .error { color: #b91c1c; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
  button { margin-top: 1.5rem; padding: .6rem 1.2rem; font: inherit; background: #047857; color: #fff; border: 0; border-radius: 8px; }
</style>
</head>
<body>
<p class="notice" role="note"><strong>${escapeHtml(NOTICE)}</strong></p>
${content}
</body>
</html>`;
}

function signInPage(
  nonce: string,
  v: { client_id: string; redirect_uri: string; state?: string | undefined; email: string; name: string },
  error?: string,
) {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return layout(
    nonce,
    `<h1>Sign in to Dais</h1>
<p>Type any e-mail address and name. Nothing is checked: this page exists so that you can try the
admin pages without setting up Google sign-in.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/dev-oauth/authorize">
${hidden('client_id', v.client_id)}
${hidden('redirect_uri', v.redirect_uri)}
${hidden('state', v.state)}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${escapeHtml(v.email)}">
<label for="name">Name</label>
<input id="name" name="name" type="text" maxlength="200" autocomplete="name" value="${escapeHtml(v.name)}">
<button type="submit">Sign in</button>
</form>`,
  );
}

function refusedPage(problem: string) {
  return (nonce: string) =>
    layout(nonce, `<h1>This sign-in request was refused</h1>\n<p class="error" role="alert">${escapeHtml(problem)}</p>`);
}
