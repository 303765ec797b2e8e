import crypto from 'node:crypto';
import type { Context } from 'koa';
import { LessThan, MoreThan, type EntityManager } from 'typeorm';
import type { Config } from '../config';
import type { Database } from '../db/data-source';
import { randomToken, sha256 } from './sessions';

/**
 * The one-time code our OAuth callback hands to /auth/callback, which the page trades for a
 * session with POST /api/sessions. It sits in a URL (history, logs, a shoulder-surfer), so it
 * lives two minutes, works once, and only its hash is stored.
 */
const LOGIN_CODE_TTL_MS = 2 * 60_000;

export async function mintLoginCode(m: EntityManager, db: Database, userId: number): Promise<string> {
  const codes = m.getRepository(db.entities.LoginCode);
  // Abandoned codes are never consumed; sweeping them here keeps the table to a handful of rows.
  await codes.delete({ expires_at: LessThan(new Date()) });
  const code = randomToken();
  await codes.insert({ code_hash: sha256(code), user_id: userId, expires_at: new Date(Date.now() + LOGIN_CODE_TTL_MS) });
  return code;
}

/**
 * The user the code was minted for, or null when it is unknown, expired or already used. The
 * conditional DELETE is the arbiter: when two requests race with one code both may read the row,
 * but only one DELETE removes it, and only that request gets a user id back.
 */
export async function consumeLoginCode(db: Database, code: string): Promise<number | null> {
  const codes = db.ds.getRepository(db.entities.LoginCode);
  const codeHash = sha256(code);
  const row = await codes.findOneBy({ code_hash: codeHash });
  if (!row) return null;
  const deleted = await codes.delete({ code_hash: codeHash, expires_at: MoreThan(new Date()) });
  if (deleted.affected === 1) return row.user_id;
  await codes.delete({ code_hash: codeHash });
  return null;
}

/**
 * Binds a code to the browser that finished the OAuth exchange. Without it, anyone could send a
 * victim a link to /auth/callback?code=<their own code> and sign the victim in as themselves (login
 * CSRF). The callback sets this cookie (an HMAC of the code, never the code itself) and
 * POST /api/sessions only accepts a code that arrives with its matching cookie.
 */
const LOGIN_BINDING_COOKIE = 'dais_login';

const bindingFor = (config: Config, code: string) =>
  crypto.createHmac('sha256', config.sessionSecret).update(code).digest('base64url');

export function setLoginBinding(ctx: Context, config: Config, code: string | null) {
  const parts = [
    `${LOGIN_BINDING_COOKIE}=${code ? bindingFor(config, code) : ''}`,
    'Path=/api/sessions',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${code ? LOGIN_CODE_TTL_MS / 1000 : 0}`,
  ];
  if (config.publicUrl.startsWith('https:')) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

export function loginBindingMatches(ctx: Context, config: Config, code: string): boolean {
  const sent = Buffer.from(ctx.cookies.get(LOGIN_BINDING_COOKIE) ?? '');
  const expected = Buffer.from(bindingFor(config, code));
  return sent.length === expected.length && crypto.timingSafeEqual(sent, expected);
}
