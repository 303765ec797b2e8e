import { createHmac } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { createChallenge, extractParams } from 'altcha-lib/v1';
import { BOT_CHECK_TEXTS, CHALLENGE_LIFETIME_MS, solutionSchema, type ProofOfWorkChallenge } from '../contract';
import type { Dialect } from '../config';
import type { Database } from '../db/data-source';
import { AppError } from '../http/errors';
import { dbNow, dbTime, tuples } from '../mail/sql';
import { verifiesV1 } from './verify-solution';

export interface BotCheckSettings {
  /** BOT_CHECK=off: no solution asked for (benchmarks, integrations that check elsewhere). */
  on: boolean;
  /** BOT_CHECK_MAX_NUMBER: the most numbers a browser may have to try; the mean is half. */
  maxNumber: number;
  /** The installation's secret; the challenges' HMAC key is derived from it. */
  secret: string;
}

/** A solution that passed every check but one: it has not been spent yet. */
export interface VerifiedSolution {
  challenge: string;
  expiresAt: Date;
}

export interface ProofOfWork {
  readonly on: boolean;
  challenge(): Promise<ProofOfWorkChallenge>;
  /**
   * Refuses (400, with what to do) a missing, malformed, forged, expired or already used solution,
   * and spends a good one: only after this does a route write anything.
   */
  check(altcha: string | undefined): Promise<void>;
  /**
   * Refuses a missing, malformed, forged or expired solution and returns a good one unspent (null
   * when the check is off), for a write that spends it in its own transaction (spendSolutions):
   * the signature batch, where a solution is spent exactly when the signature it carried is stored.
   */
  verify(altcha: string | undefined): VerifiedSolution | null;
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
  const verify = (altcha: string | undefined): VerifiedSolution | null => (s.on ? verifyAltcha(altcha, hmacKey) : null);
  return {
    on: s.on,
    async challenge() {
      const c = await createChallenge({ hmacKey, maxNumber: s.maxNumber, expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS) });
      return { algorithm: 'SHA-256', challenge: c.challenge, maxnumber: c.maxnumber ?? s.maxNumber, salt: c.salt, signature: c.signature };
    },
    verify,
    async check(altcha) {
      const solution = verify(altcha);
      if (!solution) return;
      const spent = await db.transaction((m) => spendSolutions(m, db.dialect, [solution]));
      if (!spent.has(solution.challenge)) throw reusedSolution();
    },
  };
}

/** Another API process's clock may run a little ahead of this one's. */
const CLOCK_SKEW_MS = 60_000;

const refuse = (message: string) => new AppError('validation_failed', message, { field: 'altcha' });

/**
 * Everything the server does with a solution before spending it: decode, parse, the expiry in its
 * salt, the hash and HMAC check, the expiry's time. Throws the refusal a person can act on.
 */
export function verifyAltcha(altcha: string | undefined, hmacKey: string): VerifiedSolution {
  if (!altcha) throw refuse(BOT_CHECK_TEXTS.missing);
  const solution = decode(altcha);
  if (!solution) throw refuse(BOT_CHECK_TEXTS.invalid);
  const expires = Number(extractParams(solution).expires);
  // Ours always carry an expiry; one without was not made here.
  if (!Number.isInteger(expires)) throw refuse(BOT_CHECK_TEXTS.invalid);
  if (!verifiesV1(solution, hmacKey)) throw refuse(BOT_CHECK_TEXTS.invalid);
  const now = Date.now();
  // Only a holder of the key signs a challenge, but the key of a loopback install is the built-in
  // secret: an expiry further ahead than ours ever are was not made by GET /api/challenge, and would
  // keep a solution (and its spent row) alive for years.
  if (expires * 1000 > now + CHALLENGE_LIFETIME_MS + CLOCK_SKEW_MS) throw refuse(BOT_CHECK_TEXTS.invalid);
  if (expires * 1000 < now) throw refuse(BOT_CHECK_TEXTS.expired);
  return { challenge: solution.challenge, expiresAt: new Date(expires * 1000) };
}

/**
 * A good solution, or null instead of a refusal: for a filled honeypot, which is thanked either way
 * but spends a good solution as a real write would.
 */
export function solutionIfAny(botCheck: ProofOfWork, altcha: string | undefined): VerifiedSolution | null {
  try {
    return botCheck.verify(altcha);
  } catch {
    return null;
  }
}

/** The refusal of a solution that was spent already (by this process or another). */
export const reusedSolution = () => refuse(BOT_CHECK_TEXTS.reused);

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

/**
 * Records the solutions' challenges as used, in the caller's transaction, with one multi-row
 * INSERT ... ON CONFLICT DO NOTHING, and returns those this call spent: a challenge it does not
 * return had been spent before, by this process or another (the primary key decides, so two
 * processes on one PostgreSQL cannot both spend one). Listed twice, a challenge is spent once.
 */
export async function spendSolutions(m: EntityManager, dialect: Dialect, solutions: VerifiedSolution[]): Promise<Set<string>> {
  const expiry = new Map<string, Date>();
  for (const s of solutions) expiry.set(s.challenge, s.expiresAt);
  if (expiry.size === 0) return new Set();
  // In one order: two PostgreSQL batches spending overlapping challenges wait for each other, never deadlock.
  const challenges = [...expiry.keys()].sort();
  const result = (await m.queryRunner!.query(
    `INSERT INTO "spent_challenges" ("challenge", "expires_at") VALUES ${tuples(dialect, challenges.length, 2)} ON CONFLICT DO NOTHING RETURNING "challenge"`,
    challenges.flatMap((c) => [c, dbTime(dialect, expiry.get(c)!)]),
    true,
  )) as { records?: { challenge: string }[] };
  return new Set((result.records ?? []).map((r) => r.challenge));
}

/** Forgets challenges past their expiry: a solution of one is refused as expired before its row is read. */
export async function forgetExpiredChallenges(db: Database): Promise<number> {
  const result = (await db.transaction((m) =>
    m.queryRunner!.query(`DELETE FROM "spent_challenges" WHERE "expires_at" < ${dbNow(db.dialect)}`, [], true),
  )) as { affected?: number };
  return result.affected ?? 0;
}
