/**
 * The bench measures the server as it ships: request logs on (their default: a line per request at
 * `info`), its stdout read by another process, as a log collector reads it. Reading it inside the
 * bench process would compete with wrk and the server as no deployment does; discarding it
 * (`stdio: 'ignore'`, /dev/null) would make every write free.
 *
 * Beside the read (run.ts), this file measures a plain signature (a campaign without confirmation
 * by e-mail, BOT_CHECK=off: the request's own work, without mail or proof of work) with logs on,
 * then the read and the plain signature again with LOG_REQUESTS=false, so the log's price is a
 * row of its own rather than a guess.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { seedBenchDatabase } from './seed';
import type { Measured } from './server-cpu';
import type { LoadSpec } from './wrk';
import type { BenchRow } from './row';

export interface LogCollector {
  /** The write end of the pipe: give it to the server as its stdout, then call `handedOver()`. */
  stdin: Writable;
  /** Closes the bench's own copy of the write end, so the collector sees the end once the server exits. */
  handedOver(): void;
  /** The lines the collector read, once every writer has closed the pipe (the server has exited). */
  lines: Promise<number>;
  child: ChildProcess;
}

/**
 * The request lines the bench's own load caused: awk reads every line (as a collector does) and
 * counts those of requests, the server's start-up lines and its readiness probes (/api/health) aside,
 * so that a lost last line cannot hide behind them.
 */
const COUNT_REQUEST_LINES = '/"msg":"request"/ && !/"route":"\\/api\\/health"/ { n++ } END { print n + 0 }';

/** A log collector in a process of its own, counting request lines (above). */
export function logCollector(): LogCollector {
  const child = spawn('awk', [COUNT_REQUEST_LINES], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const lines = new Promise<number>((resolve) => child.once('close', () => resolve(Number(out.trim()))));
  return { stdin: child.stdin!, handedOver: () => child.stdin!.destroy(), lines, child };
}

/** What these figures need from run.ts. */
export interface LogsBench {
  /** BENCH_SERVER_FLAGS, for a profile of these servers too. */
  serverFlags: string[];
  freshDatabase(dialect: 'sqlite' | 'postgres', name: string): Promise<{ url: string; drop: () => Promise<void> }>;
  startDais(databaseUrl: string, nodeFlags: string[], env: Record<string, string>): Promise<{ url: string; child: ChildProcess; logLines: Promise<number> }>;
  stop(child: ChildProcess): Promise<void>;
  load(spec: Omit<LoadSpec, 'durationMs'> & { durationMs?: number }, serverPid?: number): Promise<Measured>;
  /** The saturated baseline's requests per second, measured now (and recorded as a row). */
  baseline(): Promise<number>;
  cpu(r: Measured): string;
}


const PLAIN_SIGN_GOAL = 0.1;
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const rps = (n: number) => `${Math.round(n).toLocaleString('en-US')} req/s`;

/** The seeded campaigns confirm by e-mail, as new ones do; the plain signature's does not. */
async function withoutConfirmation(databaseUrl: string, campaignId: number) {
  if (databaseUrl.startsWith('sqlite:')) {
    const conn = new BetterSqlite3(databaseUrl.slice('sqlite:'.length));
    conn.prepare('UPDATE campaigns SET require_confirmation = 0 WHERE id = ?').run(campaignId);
    conn.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('UPDATE campaigns SET require_confirmation = false WHERE id = $1', [campaignId]);
  await client.end();
}

export async function logsFigures(h: LogsBench, dialect: 'sqlite' | 'postgres'): Promise<BenchRow[]> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const rows: BenchRow[] = [];
  const database = await h.freshDatabase(dialect, 'plain');
  try {
    const seeded = await seedBenchDatabase(database.url, { supporters: 0, letters: 0 });
    await withoutConfirmation(database.url, seeded.campaignId);
    const connections = 50;
    const readHeaders = { 'accept-encoding': 'gzip, deflate, br' };

    for (const logs of ['on', 'off'] as const) {
      const dais = await h.startDais(database.url, h.serverFlags, { BOT_CHECK: 'off', ...(logs === 'off' ? { LOG_REQUESTS: 'false' } : {}) });
      const campaignUrl = `${dais.url}/api/campaigns/${seeded.campaignId}`;
      let answered = 0;
      let loads = 0;
      try {
        // The warm-up signs other e-mails than the measured load (the prefix names them), or every
        // measured signature would be a repeat, which costs less than a new one.
        const measure = async (spec: Omit<LoadSpec, 'durationMs'>, warmUp: Omit<LoadSpec, 'durationMs'> = spec) => {
          answered += (await h.load({ ...warmUp, durationMs: 2000 })).requests;
          const base = await h.baseline();
          const r = await h.load(spec, dais.child.pid);
          answered += r.requests;
          loads += 2;
          return { r, ratio: r.rps / base };
        };
        if (logs === 'off') {
          // The read with logs on is run.ts's Read row; this is its price.
          const read = await measure({ url: campaignUrl, method: 'GET', connections, headers: readHeaders });
          rows.push({
            figure: `Read (${label}), request logs off (LOG_REQUESTS=false), for comparison with the Read row`,
            value: `${rps(read.r.rps)}, p50 ${ms(read.r.p50)}, p99 ${ms(read.r.p99)}${h.cpu(read.r)}`,
            ratio: read.ratio,
          });
        }
        const signing = (emailPrefix: string): Omit<LoadSpec, 'durationMs'> => ({ url: `${campaignUrl}/support`, method: 'POST', connections, body: { kind: 'sign', emailPrefix } });
        const sign = await measure(signing(`plain-${logs}-${dialect}`), signing(`warm-${logs}-${dialect}`));
        rows.push({
          figure:
            `Plain sign (${label}): POST /api/campaigns/{id}/support, a campaign without confirmation, BOT_CHECK=off, ${connections} connections, 1 in 10 a repeat, ` +
            (logs === 'on' ? 'request logs on (as shipped)' : 'request logs off, for comparison'),
          value: `${rps(sign.r.rps)}, p50 ${ms(sign.r.p50)}, p99 ${ms(sign.r.p99)}${h.cpu(sign.r)}`,
          ratio: sign.ratio,
          ...(logs === 'on' ? { goal: `>= ${PLAIN_SIGN_GOAL * 100}% of baseline`, pass: sign.ratio >= PLAIN_SIGN_GOAL } : {}),
        });
      } finally {
        await h.stop(dais.child);
      }
      if (logs === 'on') {
        // Every request answered has its line, through the pipe and a clean stop (SIGTERM).
        const lines = await dais.logLines;
        rows.push({
          figure: `Request logs (${label}): lines the collector read from the plain sign server's stdout, after its stop`,
          value: `${lines.toLocaleString('en-US')} request lines for ${answered.toLocaleString('en-US')} requests wrk saw answered`,
          // Beyond them, only requests still in flight when a load stopped (answered, unseen by wrk): one a connection a load.
          goal: `a line for every request answered, and at most ${connections} more a load (${loads} loads)`,
          pass: lines >= answered && lines <= answered + loads * connections,
        });
      }
    }
  } finally {
    await database.drop();
  }
  return rows;
}
