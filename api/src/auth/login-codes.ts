import { LessThan, MoreThan, type EntityManager } from 'typeorm';
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
