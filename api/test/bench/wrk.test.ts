/**
 * The bench's load generator (api/bench/wrk.ts, wrk.lua) and the checks it feeds: real wrk
 * processes against real servers. The throughput figures themselves are `npm run bench`'s; these
 * prove that what it counts is what happened.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSaturated, measuredLoad, SATURATED_CORES } from '../../bench/server-cpu';
import { signExactness, storedSignatures } from '../../bench/sign-exactness';
import { runWrk, WRK_MISSING } from '../../bench/wrk';
import { signatureCreateSchema } from '../../src/contract';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/open';
import { availableDialects } from '../harness';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from '../reliability/server-process';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The signer numbers thread `t`'s first `count` requests carry: every 10th repeats the one 5 before. */
const expectedSigners = (count: number) => Array.from({ length: count }, (_, i) => (i % 10 === 9 && i > 5 ? i - 5 : i));

describe('wrk sign load against a recording server', () => {
  interface Seen {
    thread: number;
    signer: number;
    email: string;
    status: number;
  }
  const seen: Seen[] = [];
  let server: http.Server;
  let url = '';
  /** Signers whose requests the server drops, closing the connection without an answer (status 0). */
  let dropped = (_signer: number) => false;

  beforeAll(async () => {
    // Answers 200 or, for every third signer, 422: the bookkeeping must tell which e-mail got which.
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const parsed = signatureCreateSchema.safeParse(JSON.parse(body));
        const email = parsed.success ? parsed.data.email : '';
        const [, thread, signer] = /^[a-z]+-(\d+)-(\d+)@/i.exec(email) ?? [];
        if (dropped(Number(signer))) {
          seen.push({ thread: Number(thread), signer: Number(signer), email, status: 0 });
          req.socket.destroy();
          return;
        }
        const status = !parsed.success || Number(signer) % 3 === 2 ? 422 : 200;
        seen.push({ thread: Number(thread), signer: Number(signer), email, status });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 200 ? '{"success":true}' : '{"success":false}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/campaigns/1/support`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends valid signature bodies, a tenth of them upper-case repeats, and matches every response to its e-mail', async () => {
    const r = await runWrk({ url, method: 'POST', connections: 8, durationMs: 1000, body: { kind: 'sign', emailPrefix: 'bench' } });
    const sign = r.sign!;

    // Every body the server received was a valid signature (a failed parse is a 422 with no e-mail).
    expect(seen.every((s) => s.email !== '')).toBe(true);
    // Each thread sends signer 0, 1, 2, ... in order, every 10th an upper-case repeat of the 5th before.
    const threads = [...new Set(seen.map((s) => s.thread))].sort((a, b) => a - b);
    expect(threads).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const t of threads) {
      const mine = seen.filter((s) => s.thread === t);
      expect(mine.map((s) => s.signer)).toEqual(expectedSigners(mine.length));
      mine.forEach((s, i) => expect(s.email === s.email.toUpperCase()).toBe(i % 10 === 9 && i > 5));
    }
    expect(sign.generated).toBe(seen.length);
    expect(sign.fresh).toBe(new Set(seen.map((s) => s.email.toLowerCase())).size);

    // wrk read a response for every request but the unanswered ones, and knew each one's e-mail.
    expect(r.requests).toBe(sign.generated - sign.unanswered);
    expect(sign.unanswered).toBeLessThanOrEqual(8);
    const answered200 = seen.filter((s) => s.status === 200).map((s) => s.email.toLowerCase());
    const stillOwed = [...answered200];
    for (const email of sign.acknowledgedEmails) {
      const at = stillOwed.indexOf(email);
      expect(at, `${email} acknowledged by wrk but not answered 200`).toBeGreaterThanOrEqual(0);
      stillOwed.splice(at, 1);
    }
    expect(stillOwed.length).toBeLessThanOrEqual(sign.unanswered);
    expect(r.ok2xx).toBe(sign.acknowledgedEmails.length);
    expect(r.statuses['422']).toBe(r.requests - r.ok2xx);
    expect(r.statuses['422']).toBeGreaterThan(0);
  });

  it('counts a request whose connection closed without an answer as unanswered, never acknowledged', async () => {
    seen.length = 0;
    dropped = (signer) => signer % 7 === 3;
    const r = await runWrk({ url, method: 'POST', connections: 4, durationMs: 1000, body: { kind: 'sign', emailPrefix: 'drop' } });
    const sign = r.sign!;
    const drops = seen.filter((s) => s.status === 0);
    expect(drops.length).toBeGreaterThan(10);
    // wrk reconnects without counting an error; only the bookkeeping notices the lost requests.
    expect(sign.unanswered).toBe(sign.generated - r.requests);
    expect(sign.unanswered).toBeGreaterThanOrEqual(drops.length);
    expect(sign.unanswered - drops.length).toBeLessThanOrEqual(4);
    const droppedEmails = new Set(drops.map((s) => s.email.toLowerCase()));
    expect(sign.acknowledgedEmails.filter((e) => droppedEmails.has(e))).toEqual([]);
    // Every 2xx wrk counted was sent; the server's others were answers wrk had not read at the stop.
    const sent200 = seen.filter((s) => s.status === 200).length;
    expect(r.ok2xx).toBeLessThanOrEqual(sent200);
    expect(sent200 - r.ok2xx).toBeLessThanOrEqual(seen.length - drops.length - r.requests);
  });
});

describe('the baseline saturation check', () => {
  let child: ReturnType<typeof spawn>;
  let url = '';
  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'api/bench/baseline-server.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<string>((r) => child.stdout!.once('data', (d: Buffer) => r(d.toString().trim())));
    url = `http://127.0.0.1:${port}/`;
  });
  afterAll(() => void child.kill('SIGTERM'));

  it('reads the server process CPU and calls a baseline held back by its generator unsaturated', async () => {
    // One connection that pauses 2 ms before each request: the server cannot keep a core busy. (One
    // connection alone did not hold it back enough on a slow 2-core machine: 0.98-1.05 cores.)
    const r = await measuredLoad({ url, method: 'GET', connections: 1, durationMs: 1000, pauseMs: 2 }, child.pid);
    expect(r.ok2xx).toBe(r.requests);
    expect(r.serverCores).toBeGreaterThan(0);
    expect(r.serverCores).toBeLessThan(SATURATED_CORES);
    expect(r.cpuMicrosPerRequest).toBeCloseTo((r.serverCores! * r.seconds * 1e6) / r.requests, 6);
    expect(isSaturated(r)).toBe(false);
  });
});

describe('npm run bench without wrk', () => {
  it('exits 1 and says how to install it', async () => {
    // A PATH with node and nothing else (node's own folder may well hold wrk too).
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-no-wrk-'));
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/bench/run.ts'], {
      cwd: ROOT,
      env: { PATH: bin, HOME: process.env.HOME ?? '/tmp' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    fs.rmSync(bin, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(WRK_MISSING);
    expect(WRK_MISSING).toContain('apt-get install wrk');
  });
});

for (const dialect of await availableDialects()) {
  describe(`the bench's sign exactness check against the real server [${dialect}]`, () => {
    let scratch: ScratchDatabase;
    let server: ServerProcess | undefined;
    let campaignId = 0;

    beforeAll(async () => {
      scratch = await scratchDatabase(dialect);
      const db = await openDatabase(loadConfig({ DATABASE_URL: scratch.url }).database);
      campaignId = (await db.ds.getRepository(db.entities.Campaign).save({ title: 'Bench check campaign', description: 'A campaign the bench check signs.', require_confirmation: false })).id;
      await db.ds.destroy();
      server = await startServer(scratch.url, await freePort());
    });
    afterAll(async () => {
      await server?.stop();
      await scratch?.drop();
    });

    it('passes after a wrk sign load, and fails once an acknowledged signature is gone', async () => {
      const r = await runWrk({
        url: `${server!.url}/api/campaigns/${campaignId}/support`,
        method: 'POST',
        connections: 10,
        durationMs: 1000,
        body: { kind: 'sign', emailPrefix: `check-${dialect}` },
      });
      await server!.stop();
      server = undefined;
      expect(r.statuses).toEqual({ 200: r.requests });
      expect(r.sign!.acknowledgedEmails.length).toBeGreaterThan(100);

      const stored = await storedSignatures(scratch.url, campaignId);
      const check = signExactness(r.sign!, stored, 10);
      expect(check.pass, check.summary).toBe(true);
      expect(check.summary).toContain(' 0 acknowledged and missing');

      // One acknowledged signature lost, counter and all (as a broken commit would lose it): the
      // check must say so.
      const db = await openDatabase(loadConfig({ DATABASE_URL: scratch.url }).database);
      await db.ds.getRepository(db.entities.Supporter).delete({ campaign_id: campaignId, email: r.sign!.acknowledgedEmails[0]! });
      await db.ds.getRepository(db.entities.Campaign).decrement({ id: campaignId }, 'supporter_count', 1);
      await db.ds.destroy();
      const broken = signExactness(r.sign!, await storedSignatures(scratch.url, campaignId), 10);
      expect(broken.pass).toBe(false);
      expect(broken.summary).toContain(' 1 acknowledged and missing');
    });
  });
}
