import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProofOfWorkChallenge } from '@dais/api/contract';
import { createBotCheck, solveChallenge } from './proof-of-work';
import { paddedSize, sha256Hex, sha256Into } from './sha256';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A challenge as the server makes them (ALTCHA v1: the SHA-256 of salt + number). */
function challengeFor(number: number, maxnumber = 50_000, salt = 'a3f1c09be2d4417f8c5a6b01?expires=1893456000&'): ProofOfWorkChallenge {
  return { algorithm: 'SHA-256', challenge: nodeSha256(salt + number), maxnumber, salt, signature: 'f'.repeat(64) };
}

describe('SHA-256', () => {
  it('gives node:crypto’s digest for every length across the block boundaries, and for non-ASCII text', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'abcdefghij'.repeat(21).slice(0, length);
      expect(sha256Hex(text), `${length} bytes`).toBe(nodeSha256(text));
    }
    for (const text of ['ñandú?expires=1&', '公园 2026', '\u{1F333} tree']) expect(sha256Hex(text)).toBe(nodeSha256(text));
    // FIPS 180-4's own examples.
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('refuses a buffer without room for the padding rather than give a wrong digest', () => {
    expect(() => sha256Into(new Uint8Array(64), 56, new Uint32Array(8))).toThrow(RangeError);
    expect(() => sha256Into(new Uint8Array(paddedSize(56)), 56, new Uint32Array(8))).not.toThrow();
  });
});

describe('the bot check’s solver', () => {
  it('finds the number the server hid, from 0 to the maximum', async () => {
    for (const n of [0, 1, 9, 10, 127, 128, 4_321, 50_000]) expect(await solveChallenge(challengeFor(n), async () => undefined)).toBe(n);
    // A salt long enough that salt and number span two SHA-256 blocks.
    const long = 'x'.repeat(60) + '?expires=1893456000&';
    expect(await solveChallenge(challengeFor(777, 1000, long), async () => undefined)).toBe(777);
  });

  it('answers null for a number beyond the maximum and for what it cannot solve', async () => {
    expect(await solveChallenge(challengeFor(1001, 1000), async () => undefined)).toBeNull();
    const c = challengeFor(5);
    expect(await solveChallenge({ ...c, algorithm: 'SHA-512' as 'SHA-256' }, async () => undefined)).toBeNull();
    expect(await solveChallenge({ ...c, challenge: 'not hex' }, async () => undefined)).toBeNull();
  });

  it('gives the page its thread back every few milliseconds', async () => {
    // The clock is read every 128 tries: with no time allowed, it pauses at each reading.
    let pauses = 0;
    expect(await solveChallenge(challengeFor(10_000, 10_000), async () => void pauses++, 0)).toBe(10_000);
    expect(pauses).toBe(Math.floor(10_001 / 128));

    const slices: number[] = [];
    let sliceStart = performance.now();
    const pause = async () => {
      slices.push(performance.now() - sliceStart);
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    };
    expect(await solveChallenge(challengeFor(200_000, 200_000), pause, 4)).toBe(200_000);
    expect(slices.length).toBeGreaterThan(1);
    // 4 ms a slice, plus under a millisecond of hashing before the clock is read. The median, and
    // a bound that a 2-core machine shared with the rest of the suite keeps: a solver that ignored
    // its slice would hold the thread for the whole 200,000 tries (some 200 ms) at once.
    expect(slices.sort((a, b) => a - b)[Math.floor(slices.length / 2)]).toBeLessThan(20);
  });

  it('sends the solution in ALTCHA’s payload, one per request, and starts the next at once', async () => {
    let fetched = 0;
    const botCheck = createBotCheck(async () => challengeFor(100 + fetched++), async (c) => solveChallenge(c, async () => undefined));
    const first = JSON.parse(atob((await botCheck.take())!)) as Record<string, unknown>;
    expect(first).toEqual({ algorithm: 'SHA-256', challenge: nodeSha256(first.salt + '100'), number: 100, salt: first.salt, signature: 'f'.repeat(64) });
    const second = JSON.parse(atob((await botCheck.take())!)) as Record<string, unknown>;
    expect(second.number).toBe(101);
    expect(fetched).toBe(3);
  });

  it('warms once: a second warm-up while a solution is on its way fetches nothing more', async () => {
    let fetched = 0;
    const botCheck = createBotCheck(async () => (fetched++, challengeFor(3)), async (c) => solveChallenge(c, async () => undefined));
    botCheck.warm();
    botCheck.warm();
    expect(fetched).toBe(1);
    expect(await botCheck.take()).toBeDefined();
  });
});
