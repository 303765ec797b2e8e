import type { Context, Next } from 'koa';
import type { Database } from '../db/data-source';
import { AppError } from '../http/errors';
import { findSessionUser, sessionToken, type SessionUser } from './sessions';

declare module 'koa' {
  interface DefaultState {
    session?: SessionUser;
  }
}

export function currentSession(ctx: Context): SessionUser {
  const s = ctx.state.session as SessionUser | undefined;
  if (!s) throw new AppError('unauthenticated', 'Please sign in to continue');
  return s;
}

/** 401 without a valid session; with `admin`, also 403 for a user who is not an active admin. */
function requireSession(db: Database, admin: boolean) {
  return async (ctx: Context, next: Next) => {
    const s = await findSessionUser(db, sessionToken(ctx));
    if (!s) throw new AppError('unauthenticated', 'Please sign in to continue');
    if (admin && !s.isAdmin) throw new AppError('forbidden', "You don't have permission to access the admin panel");
    ctx.state.session = s;
    await next();
  };
}

export const requireUser = (db: Database) => requireSession(db, false);
export const requireAdmin = (db: Database) => requireSession(db, true);
