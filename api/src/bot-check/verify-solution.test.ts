/**
 * verifiesV1 is altcha-lib's verifySolution done with node:crypto: on every solution here, valid or
 * not, it must give altcha-lib's answer (expiry aside, which both leave to the caller here).
 */
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { verifiesV1, type SolutionV1 } from './verify-solution';

const key = 'a'.repeat(64);

async function made(number: number, options: { salt?: string; expires?: boolean } = {}): Promise<SolutionV1> {
  const c = await createChallenge({ hmacKey: key, number, maxNumber: 100_000, salt: options.salt, expires: options.expires === false ? undefined : new Date(Date.now() + 60_000) });
  return { algorithm: 'SHA-256', challenge: c.challenge, number, salt: c.salt, signature: c.signature };
}

describe('verifying an ALTCHA v1 solution with node:crypto', () => {
  it('agrees with altcha-lib on valid, forged and malformed solutions', async () => {
    const cases: SolutionV1[] = [];
    for (let i = 0; i < 200; i++) {
      const good = await made(i * 37);
      cases.push(
        good,
        { ...good, number: good.number + 1 },
        { ...good, salt: good.salt.replace(/expires=\d+/, 'expires=4102444800') },
        // Without its closing '&': altcha-lib adds it back, so this one still verifies.
        { ...good, salt: good.salt.replace(/&$/, '') },
        { ...good, challenge: good.challenge.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
        { ...good, signature: good.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) },
        { ...good, signature: good.signature.toUpperCase() },
        { ...good, signature: good.signature.slice(0, 63) },
      );
    }
    // A salt given without parameters or '&', and a challenge made without an expiry.
    cases.push(await made(5, { salt: 'plain-salt', expires: false }), await made(6, { expires: false }));
    // Signed with another key.
    const other = await createChallenge({ hmacKey: 'b'.repeat(64), number: 9, maxNumber: 100 });
    cases.push({ algorithm: 'SHA-256', challenge: other.challenge, number: 9, salt: other.salt, signature: other.signature });

    let valid = 0;
    for (const c of cases) {
      const theirs = await verifySolution(c, key, false);
      expect(verifiesV1(c, key), JSON.stringify(c)).toBe(theirs);
      if (theirs) valid++;
    }
    // The good ones, the ones missing their '&', and the two made without an expiry.
    expect(valid).toBe(402);
  });
});
