import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets in a supporter's e-mail links: 32 random bytes each, stored in supporter_mails only as
 * their SHA-256. Not yet enough to say a copy of the database confirms or removes nothing: the
 * e-mail's text in mail_outbox still carries the links (ARCHITECTURE.md, Confirmed supporters). A plain hash is enough (no salt, no slow
 * hash): the token is random and as long as the hash, so there is nothing to guess or look up.
 */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
