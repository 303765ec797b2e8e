import type { Context, Next } from 'koa';
import type { Database } from '../db/data-source';
import { ADMIN_TEXTS } from '../contract';
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

/**
 * What a route needs of an admin: `read` (any role), `write` (an owner or editor), `owner`.
 * Unsaid, a GET or HEAD reads and anything else writes; a POST that only looks (a preview, sent
 * by POST to keep an address out of access logs) says `read`.
 */
export type AdminNeed = 'read' | 'write' | 'owner';

/** 401 without a valid session; 403 for a user who is not an active admin or whose role falls short. */
function requireSession(db: Database, admin: AdminNeed | 'method') {
  return async (ctx: Context, next: Next) => {
    const s = await findSessionUser(db, sessionToken(ctx));
    if (!s) throw new AppError('unauthenticated', 'Please sign in to continue');
    if (!s.isAdmin) throw new AppError('forbidden', "You don't have permission to access the admin panel");
    const need = admin === 'method' ? (ctx.method === 'GET' || ctx.method === 'HEAD' ? 'read' : 'write') : admin;
    if (need === 'owner' && s.role !== 'owner') throw new AppError('forbidden', ADMIN_TEXTS.ownerOnly);
    if (need === 'write' && s.role === 'viewer') throw new AppError('forbidden', ADMIN_TEXTS.viewerRefused);
    ctx.state.session = s;
    await next();
  };
}

export const requireAdmin = (db: Database, need?: AdminNeed) => requireSession(db, need ?? 'method');
