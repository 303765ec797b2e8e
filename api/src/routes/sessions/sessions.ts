import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { sessionCreateSchema } from '../../contract';
import type { Deps } from '../../deps';
import { consumeLoginCode, loginBindingMatches, setLoginBinding } from '../../auth/login-codes';
import { signInStartUrl } from '../../auth/oauth';
import { createSession, deleteSession, findSessionUser, sessionToken, setSessionCookie } from '../../auth/sessions';
import { AppError } from '../../http/errors';
import { requirePublicHost } from '../../http/local-only';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { toUser } from '../../presenters/user';

const CODE_REFUSED = 'This sign-in link has expired or was already used. Please sign in again.';
const OTHER_BROWSER = 'This sign-in link was started in another browser. Please sign in again from this one.';

/**
 * Sign-in, the current user and sign-out (SPEC.md sections 4 and 7). The two sign-in steps answer
 * PUBLIC_URL's own Host only (DNS rebinding: http/local-only.ts).
 */
export function sessionRoutes({ config, db, rateLimit }: Deps): Router {
  const router = apiRouter();

  // The landing page reads the top-level `redirectUrl` (SPEC.md section 7); `data` carries it too,
  // so the reply still has the one wire shape.
  router.get('/oauth/google/redirect_url', requirePublicHost(config.publicUrl), (ctx) => {
    const redirectUrl = signInStartUrl(config);
    ctx.body = { success: true, redirectUrl, data: { redirectUrl } };
  });

  // Trades the one-time code from /auth/callback for a session cookie.
  router.post(
    '/sessions',
    requirePublicHost(config.publicUrl),
    rateLimit('login'),
    validate({ body: sessionCreateSchema }, async (ctx, { body }) => {
      // The code is consumed first, so a code that reached the wrong browser is spent, not left usable.
      const userId = await consumeLoginCode(db, body.code);
      const user = userId === null ? null : await db.ds.getRepository(db.entities.User).findOneBy({ id: userId });
      if (!user) throw new AppError('validation_failed', CODE_REFUSED, { field: 'code' });
      if (!loginBindingMatches(ctx, config, body.code)) {
        throw new AppError('validation_failed', OTHER_BROWSER, { field: 'code' });
      }
      setLoginBinding(ctx, config, null);
      setSessionCookie(ctx, config, await createSession(db, user.id));
      ok(ctx, toUser(user));
    }),
  );

  // The spec stores this whole reply as the user, so it is the bare user, not wrapped. Nobody
  // signed in (no session, or one that expired or is not valid) is an answer, not a failure: JSON
  // null with 200, so the landing page's check, made for every visitor, is no error in their console.
  router.get('/users/me', async (ctx) => {
    const session = await findSessionUser(db, sessionToken(ctx));
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(session ? toUser(session.user) : null);
  });

  // Works signed in or not: the admin's Logout button must always get the user out.
  router.get('/logout', async (ctx) => {
    await deleteSession(db, sessionToken(ctx));
    setSessionCookie(ctx, config, null);
    ok(ctx, null);
  });

  return router;
}
