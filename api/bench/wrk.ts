/**
 * Every load of npm run bench is driven by wrk (C, epoll, one core per thread): a generator that
 * does not become the bottleneck before the server does. The node:http generator the bench used
 * before topped out near half of what the bare baseline server can answer on the same machine, so
 * every ratio to that baseline was inflated about twofold. wrk.lua (beside this file) builds the
 * requests, counts every response by status and, for signing, which e-mails got a 2xx.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  /** Whole seconds at wrk's resolution; at least one. */
  durationMs: number;
  headers?: Record<string, string>;
  /**
   * 'sign': a signature body with a fresh e-mail per request (every 10th repeats an earlier one in
   * upper case, to exercise de-duplication); 'json': `body` as is.
   */
  body?: { kind: 'sign'; emailPrefix: string; altchaDir?: string } | { kind: 'json'; value: unknown };
  /**
   * Whole seconds every connection waits after connecting before its first request, added to the
   * run and left out of its seconds: the connections are all open before anything is measured.
   * Node 20's libuv accepts one new connection per turn of the event loop (libuv#3696; see
   * nodejs/node#57364), and a turn of a busy server lasts as long as the work of every request
   * ready in it: 50 connections opened against a server already answering their first requests
   * were accepted over one to two seconds of ever longer turns, and those first requests, 1% of
   * an 8 s sign load, were its p99. That is the cost of opening connections to a saturated
   * process, not of a signature, and a reverse proxy or CDN in front keeps its connections to the
   * server open (README, Benchmarks). One by default for a sign load, none for the rest (a read
   * costs microseconds: its connections are all accepted within a few milliseconds).
   */
  openSeconds?: number;
  /** Milliseconds every connection waits before each request after its first: a generator that holds the server back (tests). */
  pauseMs?: number;
}

export interface SignBookkeeping {
  /** Requests wrk generated, and how many of them carried an e-mail not sent before. */
  generated: number;
  fresh: number;
  /** Requests that never got a response: in flight when wrk stopped, or dropped with their connection. */
  unanswered: number;
  /** Lower-cased e-mails answered with a 2xx (a repeat appears once per acknowledgement). */
  acknowledgedEmails: string[];
}

export interface LoadResult {
  /** Responses received. */
  requests: number;
  ok2xx: number;
  statuses: Record<string, number>;
  /** Connect, read and write errors (a request lost with its connection). */
  errors: number;
  seconds: number;
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** wrk's own CPU seconds per second of the run: near 1 would mean the generator is the limit. */
  generatorCores: number;
  sign?: SignBookkeeping;
}

export const WRK_MISSING =
  'npm run bench drives its load with wrk, which is not on this PATH. Install it (Debian/Ubuntu: `sudo apt-get install wrk`; macOS: `brew install wrk`) and run the bench again.';

/** The wrk executable on PATH, or an Error saying how to install it. */
export function findWrk(pathVariable = process.env.PATH ?? ''): string {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'wrk');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  throw new Error(WRK_MISSING);
}

interface WrkOutput {
  requests: number;
  durationMicros: number;
  statuses: Record<string, number>;
  errors: { connect: number; read: number; write: number; timeout: number };
  p50Micros: number;
  p99Micros: number;
  maxMicros: number;
  generatorCpuSeconds: number;
  generated: number;
  fresh: number;
  unanswered: number;
  acknowledgedEmails: string[];
}

export async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const wrk = findWrk();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-wrk-'));
  const out = path.join(dir, 'result.json');
  const signing = spec.body?.kind === 'sign';
  // One connection per thread when signing, so each response can be matched to its e-mail
  // (wrk.lua); otherwise one thread, which leaves the other core to the server.
  const threads = signing ? spec.connections : 1;
  const openSeconds = spec.openSeconds ?? (signing ? 1 : 0);
  const args = [
    `--threads=${threads}`,
    `--connections=${spec.connections}`,
    `--duration=${Math.max(1, Math.round(spec.durationMs / 1000)) + openSeconds}s`,
    // wrk leaves a response slower than its timeout out of the latency percentiles: keep them all.
    '--timeout=60s',
    `--script=${path.join(import.meta.dirname, 'wrk.lua')}`,
    spec.url,
  ];
  const env = {
    ...process.env,
    BENCH_WRK_OUT: out,
    BENCH_WRK_METHOD: spec.method,
    BENCH_WRK_HEADERS: Object.entries(spec.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    ...(spec.body?.kind === 'json' ? { BENCH_WRK_BODY: JSON.stringify(spec.body.value) } : {}),
    ...(spec.body?.kind === 'sign' ? { BENCH_WRK_SIGN: spec.body.emailPrefix } : {}),
    ...(spec.body?.kind === 'sign' && spec.body.altchaDir ? { BENCH_WRK_ALTCHA: spec.body.altchaDir } : {}),
    ...(openSeconds ? { BENCH_WRK_OPEN_MS: String(openSeconds * 1000) } : {}),
    ...(spec.pauseMs ? { BENCH_WRK_PAUSE_MS: String(spec.pauseMs) } : {}),
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(wrk, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`wrk ${args.join(' ')} exited with ${code}: ${stderr}`))));
    });
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as WrkOutput;
    const seconds = r.durationMicros / 1e6 - openSeconds;
    const ok2xx = Object.entries(r.statuses).reduce((n, [code, count]) => (code.startsWith('2') ? n + count : n), 0);
    return {
      requests: r.requests,
      ok2xx,
      statuses: r.statuses,
      errors: r.errors.connect + r.errors.read + r.errors.write,
      seconds,
      rps: r.requests / seconds,
      p50: r.p50Micros / 1000,
      p99: r.p99Micros / 1000,
      max: r.maxMicros / 1000,
      generatorCores: r.generatorCpuSeconds / seconds,
      ...(signing
        ? { sign: { generated: r.generated, fresh: r.fresh, unanswered: r.unanswered, acknowledgedEmails: r.acknowledgedEmails } }
        : {}),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
