import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { BOT_CHECK_TEXTS, CHALLENGE_LIFETIME_MS, solutionSchema, type ProofOfWorkChallenge } from '../contract';
import type { Database } from '../db/data-source';
import { AppError } from '../http/errors';
import { dbNow, ph } from '../mail/sql';

export interface BotCheckSettings {
  /** BOT_CHECK=off: no solution asked for (benchmarks, integrations that check elsewhere). */
  on: boolean;
  /** BOT_CHECK_MAX_NUMBER: the most numbers a browser may have to try; the mean is half. */
  maxNumber: number;
  /** The installation's secret; the challenges' HMAC key is derived from it. */
  secret: string;
}

export interface ProofOfWork {
  readonly on: boolean;
  challenge(): Promise<ProofOfWorkChallenge>;
  /**
   * Refuses (400, with what to do) a missing, malformed, forged, expired or already used solution,
   * and spends a good one: only after this does a route write anything.
   */
  check(altcha: string | undefined): Promise<void>;
}

/**
 * The proof of work behind the bot check, with altcha-lib's own implementation of ALTCHA's v1
 * protocol at both ends (the widget solves with the same package). What the library does not do
 * is remember spent solutions: that is a row per challenge in `spent_challenges`, inserted with ON
 * CONFLICT DO NOTHING, so two API processes on one PostgreSQL cannot both accept the same one. Rows
 * are deleted once their challenge has expired (the confirmation upkeep's tick).
 */
export function createProofOfWork(db: Database, s: BotCheckSettings): ProofOfWork {
  const hmacKey = challengeKey(s.secret);
  const refuse = (message: string) => new AppError('validation_failed', message, { field: 'altcha' });
  return {
    on: s.on,
    async challenge() {
      const c = await createChallenge({ hmacKey, maxNumber: s.maxNumber, expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS) });
      return { algorithm: 'SHA-256', challenge: c.challenge, maxnumber: c.maxnumber ?? s.maxNumber, salt: c.salt, signature: c.signature };
    },
    async check(altcha) {
      if (!s.on) return;
      if (!altcha) throw refuse(BOT_CHECK_TEXTS.missing);
      const solution = decode(altcha);
      if (!solution) throw refuse(BOT_CHECK_TEXTS.invalid);
      const expires = Number(extractParams(solution).expires);
      // Ours always carry an expiry; one without was not made here.
      if (!Number.isInteger(expires)) throw refuse(BOT_CHECK_TEXTS.invalid);
      if (!(await verifySolution(solution, hmacKey, false))) throw refuse(BOT_CHECK_TEXTS.invalid);
      if (expires * 1000 < Date.now()) throw refuse(BOT_CHECK_TEXTS.expired);
      if (!(await spend(db, solution.challenge, new Date(expires * 1000)))) throw refuse(BOT_CHECK_TEXTS.reused);
    },
  };
}

/** The challenges' HMAC key: derived, so that a leaked challenge key would not sign sessions, and the reverse. */
export const challengeKey = (secret: string) => createHmac('sha256', secret).update('dais altcha v1 challenge key').digest('hex');

function decode(altcha: string) {
  try {
    const parsed = solutionSchema.safeParse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Records the challenge as used; false when it already was (by this process or another). */
async function spend(db: Database, challenge: string, expiresAt: Date): Promise<boolean> {
  const d = db.dialect;
  const result = (await db.transaction((m) =>
    m.queryRunner!.query(
      `INSERT INTO "spent_challenges" ("challenge", "expires_at") VALUES (${ph(d, 1)}, ${ph(d, 2)}) ON CONFLICT DO NOTHING`,
      [challenge, d === 'postgres' ? expiresAt.toISOString() : expiresAt.toISOString().replace('T', ' ').replace('Z', '')],
      true,
    ),
  )) as { affected?: number };
  return (result.affected ?? 0) === 1;
}

/** Forgets challenges past their expiry: a solution of one is refused as expired before its row is read. */
export async function forgetExpiredChallenges(db: Database): Promise<number> {
  const result = (await db.transaction((m) =>
    m.queryRunner!.query(`DELETE FROM "spent_challenges" WHERE "expires_at" < ${dbNow(db.dialect)}`, [], true),
  )) as { affected?: number };
  return result.affected ?? 0;
}
