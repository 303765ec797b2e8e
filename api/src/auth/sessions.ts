import crypto from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../config';
import type { Database } from '../db/data-source';
import type { UserRow } from '../db/types';
import type { AdminRole } from '../contract';

export const SESSION_COOKIE = 'dais_session';
const SESSION_DAYS = 14;

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

export interface SessionUser {
  user: UserRow;
  isAdmin: boolean;
  /** The admin's role; null for a user who is not an (active) admin. */
  role: AdminRole | null;
}

/**
 * Sessions live in the database (only a hash of the token), so they survive a restart and work
 * across several API processes behind a load balancer.
 */
export async function createSession(db: Database, userId: number): Promise<string> {
  const token = randomToken();
  await db.ds.getRepository(db.entities.Session).insert({
    token_hash: sha256(token),
    user_id: userId,
    expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const session = await db.ds.getRepository(db.entities.Session).findOneBy({ token_hash: sha256(token) });
  if (!session || session.expires_at.getTime() <= Date.now()) return null;
  // The user and their admin row both hang off the session's user_id: read them together.
  const [user, admin] = await Promise.all([
    db.ds.getRepository(db.entities.User).findOneBy({ id: session.user_id }),
    db.ds.getRepository(db.entities.AdminUser).findOneBy({ user_id: session.user_id }),
  ]);
  if (!user) return null;
  const active = Boolean(admin?.is_active);
  return { user, isAdmin: active, role: active ? admin!.role : null };
}

export async function deleteSession(db: Database, token: string) {
  if (token) await db.ds.getRepository(db.entities.Session).delete({ token_hash: sha256(token) });
}

/**
 * Written by hand rather than with ctx.cookies: Koa refuses a Secure cookie on a request it does
 * not itself see as https, which is every request behind a TLS-terminating proxy.
 */
export function setSessionCookie(ctx: Context, config: Config, token: string | null) {
  const parts = [
    `${SESSION_COOKIE}=${token ?? ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    token ? `Max-Age=${SESSION_DAYS * 86_400}` : 'Max-Age=0',
  ];
  if (config.publicUrl.startsWith('https:')) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

export const sessionToken = (ctx: Context) => ctx.cookies.get(SESSION_COOKIE) ?? '';
