import { z } from 'zod';
import { hasControlCharacters } from '../contract';
import type { Config } from '../config';
import type { Database } from '../db/data-source';
import type { UserRow } from '../db/types';
import { readSettings } from '../services/settings';
import { settleAdminRights } from './admins';
import { mintLoginCode } from './login-codes';

/** Who the provider's userinfo endpoint says signed in, reduced to what Dais keeps. */
export interface ProviderIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

const userinfoSchema = z.object({
  sub: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(255)),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().nullish(),
  picture: z.string().nullish(),
});

const emailSchema = z.email().max(254);
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
// The provider's words, not the person's typing: a control character is dropped rather than the
// sign-in refused (PostgreSQL cannot store a NUL; the others print as nothing).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Failures become `?error=` text on /auth/callback, shown as 'OAuth error: {error}'. */
export type IdentityResult = { ok: true; identity: ProviderIdentity } | { ok: false; reason: string };

export function readProviderIdentity(raw: unknown): IdentityResult {
  const parsed = userinfoSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'The sign-in provider did not say who you are' };
  const p = parsed.data;
  if (hasControlCharacters(p.sub)) return { ok: false, reason: 'The sign-in provider did not say who you are' };
  const email = emailSchema.safeParse(p.email?.trim().toLowerCase());
  if (!email.success) return { ok: false, reason: 'Your account did not share a valid e-mail address' };
  if (p.email_verified === false || p.email_verified === 'false') {
    return { ok: false, reason: 'Your account e-mail address is not verified' };
  }
  const name = p.name?.replace(CONTROLS, '').trim().slice(0, 200) || null;
  const picture = p.picture && !hasControlCharacters(p.picture) && httpUrl.safeParse(p.picture).success ? p.picture : null;
  return { ok: true, identity: { sub: p.sub, email: email.data, name, picture } };
}

/** Any constant: every sign-in on PostgreSQL takes this one transaction-scoped lock. */
const SIGN_IN_LOCK = 4_711_001;

/**
 * Records a sign-in: the user (kept current with the provider's e-mail, name and picture), their
 * admin rights, and a one-time login code for /auth/callback. One transaction under one lock, so
 * two people signing in together on a fresh install cannot both become "the first user".
 */
export async function signInUser(
  db: Database,
  config: Config,
  identity: ProviderIdentity,
): Promise<{ code: string; user: UserRow; isAdmin: boolean }> {
  const settings = await readSettings(db);
  const policy = { adminEmails: config.adminEmails, allowFirstUserAdmin: settings.allow_first_user_admin === 'true' };
  return db.transaction(async (m) => {
    // SQLite transactions are already one at a time (db/transaction.ts); PostgreSQL ones are not.
    if (db.dialect === 'postgres') await m.query('SELECT pg_advisory_xact_lock($1)', [SIGN_IN_LOCK]);
    const users = m.getRepository(db.entities.User);
    const found = await users.findOneBy({ google_sub: identity.sub });
    const { sub, email, name, picture } = identity;
    const user = await users.save({ ...found, google_sub: sub, email, name, picture });
    const isAdmin = await settleAdminRights(m, db, user, policy);
    const code = await mintLoginCode(m, db, user.id);
    return { code, user, isAdmin };
  });
}
