import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A decoded ALTCHA v1 solution, as contract's solutionSchema admits it. */
export interface SolutionV1 {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/**
 * ALTCHA v1's check of a solution: SHA-256 of salt and number is the challenge, and the challenge
 * carries our HMAC-SHA-256 signature. It is altcha-lib's verifySolution (v1/index.js: it re-makes
 * the challenge with createChallenge, which ends the salt with '&' when it does not already) step
 * for step, with node:crypto instead of Web Crypto: altcha-lib's three Web Crypto calls cost about
 * 110 µs of CPU a solution in Node 20 (a key import and two thread-pool jobs), these two hashes
 * about 4 µs, and the sign path's whole budget is near 130 µs (npm run bench). Checked against
 * altcha-lib's own verifySolution on valid, forged and malformed solutions by
 * ./verify-solution.test.ts; challenges are still made by altcha-lib, and the widget solves with it.
 * The expiry is checked by the caller.
 */
export function verifiesV1(solution: SolutionV1, hmacKey: string): boolean {
  const salt = solution.salt.endsWith('&') ? solution.salt : `${solution.salt}&`;
  const challenge = createHash('sha256').update(`${salt}${solution.number}`).digest('hex');
  const signature = createHmac('sha256', hmacKey).update(challenge).digest('hex');
  return sameText(challenge, solution.challenge) && sameText(signature, solution.signature);
}

/** Compared in constant time: how much of a forged signature matched must not show in the timing. */
function sameText(ours: string, theirs: string): boolean {
  const a = Buffer.from(ours);
  const b = Buffer.from(theirs);
  return a.length === b.length && timingSafeEqual(a, b);
}
