/**
 * Bot-check solutions for the sign load, one file per wrk thread, and what verifying one costs.
 * They are made with the server's own key rather than solved (createChallenge with the number
 * known): the work a browser does is not the server's, and what the figure measures is everything
 * the server does with a solution: decode, HMAC and SHA-256 check, and spending it in the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createChallenge } from 'altcha-lib/v1';
import { challengeKey, verifyAltcha } from '../src/bot-check/proof-of-work';
import { CHALLENGE_LIFETIME_MS } from '../src/contract';

async function solution(hmacKey: string, maxNumber: number): Promise<string> {
  const number = Math.floor(Math.random() * maxNumber);
  const c = await createChallenge({ hmacKey, number, maxNumber, expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS) });
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature })).toString('base64');
}

/** A folder with <thread>.txt for threads 1..threads, `perThread` solutions each. */
export async function writeSolutions(secret: string, threads: number, perThread: number, maxNumber: number): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-altcha-'));
  const hmacKey = challengeKey(secret);
  for (let t = 1; t <= threads; t++) {
    const lines: string[] = [];
    for (let i = 0; i < perThread; i++) lines.push(await solution(hmacKey, maxNumber));
    fs.writeFileSync(path.join(dir, `${t}.txt`), `${lines.join('\n')}\n`);
  }
  return dir;
}

/** Microseconds of CPU the server's check of one solution takes (verifyAltcha, short of spending it), over `count`. */
export async function verifyMicros(secret: string, count = 5000): Promise<number> {
  const hmacKey = challengeKey(secret);
  const payloads = await Promise.all(Array.from({ length: count }, () => solution(hmacKey, 50_000)));
  const started = process.cpuUsage();
  for (const p of payloads) verifyAltcha(p, hmacKey);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}
