import type { Context, Middleware, Next } from 'koa';
import grant, { type GrantResponse } from 'grant';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { forPublicUrl, wrongHostMessage } from '../http/local-only';
import { forRequest } from '../http/logger';
import { devOAuthProvider } from './dev-oauth';
import { readProviderIdentity, signInUser } from './sign-in';
import { setLoginBinding } from './login-codes';

const CONNECT_PATH = '/connect/google';
const CALLBACK_PATH = `${CONNECT_PATH}/callback`;
/** The page that trades our one-time code for a session (SPEC.md section 2). */
const AUTH_CALLBACK_PAGE = '/auth/callback';

/** Where "Admin Login" sends the browser: grant's connect route. */
export const signInStartUrl = (config: Config) => `${config.publicUrl}${CONNECT_PATH}`;

/** Grant's /connect/google routes, and the development provider when no Google client is set. */
export function oauthMiddleware(d: Deps): Middleware[] {
  const out: Middleware[] = [grantMiddleware(d)];
  // Belt and braces: loadConfig only sets devOAuth for a loopback PUBLIC_URL outside production.
  // Otherwise /dev-oauth does not exist at all (the 404 page).
  if (d.config.devOAuth && d.config.publicUrlIsLoopback && d.config.env !== 'production') out.push(devOAuthProvider(d.config, `${d.config.publicUrl}${CALLBACK_PATH}`));
  return out;
}

/** What grant's node handler really returns as `session` (its typings only name the store). */
interface GrantCookieSession {
  remove(): Promise<void>;
  headers: { 'set-cookie': string[] };
}

function grantHandler(config: Config) {
  return grant.node({
    config: {
      defaults: { origin: config.publicUrl, prefix: '/connect', transport: 'state', state: true },
      google: {
        key: config.google.clientId,
        secret: config.google.clientSecret,
        scope: ['openid', 'email', 'profile'],
        authorize_url: config.google.authorizeUrl,
        access_url: config.google.tokenUrl,
        profile_url: config.google.userinfoUrl,
        response: ['tokens', 'profile'],
        custom_params: { prompt: 'select_account' },
      },
    },
    session: {
      name: 'dais_oauth',
      secret: config.sessionSecret,
      // Holds the OAuth state between our redirect to the provider and its redirect back. Lax, not
      // Strict: the way back is a top-level navigation started by the provider's site.
      cookie: {
        path: '/connect',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https:'),
        maxAge: 30 * 60,
      },
    },
  });
}

const INERT_RESPONSE = { headersSent: true, setHeader: () => undefined };

function grantMiddleware({ config, db, logger }: Deps): Middleware {
  const handle = grantHandler(config);

  const fail = (ctx: Context, reason: string) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(`${AUTH_CALLBACK_PAGE}?error=${encodeURIComponent(reason)}`);
  };

  async function start(ctx: Context) {
    const result = await handle(ctx.req, ctx.res);
    if (result.redirect) {
      // Grant has set its state cookie on ctx.res and writes the 302 to the provider itself on
      // the next tick; Koa must leave the response alone. The status is for the request log.
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 302;
      ctx.respond = false;
      return;
    }
    forRequest(logger, ctx).info('sign-in could not start', { error: describeGrantError(result.response) });
    fail(ctx, 'Sign-in is not available right now');
  }

  async function finish(ctx: Context) {
    // Grant never writes the response here: with transport 'state' it hands us the outcome. The one
    // exception, a callback with no sign-in in progress (no state cookie), makes it redirect to
    // '/?error=' on its own; an inert response object keeps that from racing our redirect.
    const result = await handle(ctx.req, INERT_RESPONSE);
    // The state cookie is single-use: clear it whatever happens next.
    const session = result.session as unknown as GrantCookieSession;
    await session.remove();
    for (const cookie of session.headers['set-cookie']) ctx.append('Set-Cookie', cookie);

    if (result.redirect) {
      forRequest(logger, ctx).info('sign-in refused by grant', { error: 'callback without a sign-in in progress' });
      return fail(ctx, providerFailure('missing session'));
    }
    const response: GrantResponse | undefined = result.response;
    if (!response || response.error) {
      forRequest(logger, ctx).info('sign-in refused by the provider or grant', { error: describeGrantError(response) });
      return fail(ctx, providerFailure(response?.error));
    }
    const profile: unknown = response.profile;
    if (profile && typeof profile === 'object' && 'error' in profile) {
      forRequest(logger, ctx).info('sign-in: the provider did not return a profile', { error: describeGrantError(profile) });
      return fail(ctx, 'The sign-in provider did not complete the sign-in');
    }
    const read = readProviderIdentity(profile);
    if (!read.ok) return fail(ctx, read.reason);

    const { code } = await signInUser(db, config, read.identity);
    setLoginBinding(ctx, config, code);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(`${AUTH_CALLBACK_PAGE}?code=${encodeURIComponent(code)}`);
  }

  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' || (ctx.path !== CONNECT_PATH && ctx.path !== CALLBACK_PATH)) return next();
    // DNS rebinding (http/local-only.ts): both steps answer PUBLIC_URL's own Host only. A page, not a
    // redirect: sending the browser on would be answering.
    if (!forPublicUrl(ctx, config.publicUrl)) {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 421;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = wrongHostMessage(ctx, config.publicUrl);
      return;
    }
    try {
      await (ctx.path === CONNECT_PATH ? start(ctx) : finish(ctx));
    } catch (err) {
      if (ctx.respond === false) throw err;
      forRequest(logger, ctx).error('sign-in failed', { path: ctx.path, error: err });
      fail(ctx, 'Sign-in could not be completed on our side');
    }
  };
}

/** The provider's or grant's error, as a short sentence for the person signing in. */
function providerFailure(error: unknown): string {
  const text = typeof error === 'string' ? error : '';
  if (text === 'access_denied') return 'Sign-in was cancelled';
  if (/state mismatch|missing session|missing code/i.test(text)) {
    return 'This sign-in attempt expired or could not be verified';
  }
  return 'The sign-in provider did not complete the sign-in';
}

/** For the log: grant's and the provider's error texts, which carry no personal data. */
function describeGrantError(value: unknown): string {
  if (value && typeof value === 'object' && 'error' in value) return describeGrantError(value.error);
  if (typeof value === 'string') return value.slice(0, 200);
  if (value === undefined) return 'no response';
  return JSON.stringify(value)?.slice(0, 200) ?? 'unknown';
}
