/**
 * The growth figures: each admin read (the dashboard, its chart, and every page of both lists an
 * admin reaches: first, last by number, Next from the middle, one campaign's first page, a search
 * by name and by address) timed at 1,000 supporters and at 1,000,000 (1,000 -> 100,000 letters),
 * goal within 2x. The databases are seeded as a live campaign's are (some rows pending, some letters
 * withdrawn) and without ANALYZE: the statistics are what Dais itself gathers when it opens the
 * database (db/open.ts: SQLite's PRAGMA optimize, PostgreSQL's ANALYZE of a table never analyzed);
 * PostgreSQL's tables are vacuumed, as autovacuum leaves them minutes after a bulk load. Then the
 * CSV exports, by the memory they take.
 */
import type { ChildProcess } from 'node:child_process';
import { seedBenchDatabase } from './seed';
import type { Measured } from './server-cpu';
import type { LoadSpec } from './wrk';
import type { BenchRow } from './row';

export interface GrowthBench {
  seconds: number;
  small: boolean;
  freshDatabase(dialect: 'sqlite' | 'postgres', name: string): Promise<{ url: string; drop: () => Promise<void> }>;
  startDais(databaseUrl: string, nodeFlags?: string[]): Promise<{ url: string; child: ChildProcess }>;
  stop(child: ChildProcess): Promise<void>;
  load(spec: Omit<LoadSpec, 'durationMs'> & { durationMs?: number }): Promise<Measured>;
  rssKb(pid: number): number;
  /** A count that is not exact fails the bench. */
  fail(message: string): void;
}


/** The V8 old-generation cap of the server the CSV exports are measured on. */
const GROWTH_HEAP_MB = 64;
const PAGE_SIZE = 50;

export const growthScales = (small: boolean) => ({
  small: { supporters: 1_000, letters: 1_000 },
  large: small ? { supporters: 20_000, letters: 2_000 } : { supporters: 1_000_000, letters: 100_000 },
});

interface ExportRun {
  records: number;
  seconds: number;
  /** Peak RSS growth while the first tenth of the records arrived, and over the whole download. */
  earlyGrowthMb: number;
  rssGrowthMb: number;
}

/**
 * Downloads a whole CSV export as an admin's browser would, reading it as it streams, and samples
 * the server's resident memory every 20 ms against what it held just before. Records are counted
 * outside quotes (a letter spans lines).
 */
async function exportRun(bench: GrowthBench, url: string, pid: number, headers: Record<string, string>, expectedRecords: number): Promise<ExportRun> {
  const before = bench.rssKb(pid);
  let peak = before;
  let earlyPeak = before;
  let records = -1; // the header
  const sampler = setInterval(() => {
    peak = Math.max(peak, bench.rssKb(pid));
    if (records < expectedRecords / 10) earlyPeak = peak;
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers });
    if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status}`);
    const reader = res.body.getReader();
    let quoted = false;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      for (const byte of chunk.value) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records++;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, bench.rssKb(pid));
  if (records !== expectedRecords) bench.fail(`${url}: ${records} records, not ${expectedRecords}`);
  return { records, seconds: (performance.now() - started) / 1000, earlyGrowthMb: (earlyPeak - before) / 1024, rssGrowthMb: (peak - before) / 1024 };
}

/** One timed read: its name in the table, and the path (with the admin's Next cursor found first). */
interface Read {
  figure: string;
  goal: boolean;
  path: (dais: string, headers: Record<string, string>) => Promise<string>;
}

function reads(scale: { supporters: number; letters: number }, campaignId: number): Read[] {
  const fixed = (figure: string, p: string, goal = true): Read => ({ figure, goal, path: async () => p });
  const list = (name: 'supporters' | 'letters', rows: number, byName: string, byAddress: string): Read[] => {
    // Pages as the list shows them: counted, pending and withdrawn rows alike (quarantined ones apart).
    const pageCount = Math.ceil(rows / PAGE_SIZE);
    const middle = Math.ceil(pageCount / 2);
    const base = `/api/admin/${name}?pageSize=${PAGE_SIZE}`;
    return [
      fixed(`GET /api/admin/${name}, first page`, `${base}&page=1`),
      fixed(`GET /api/admin/${name}, last page by number (counted from the oldest end)`, `${base}&page=${pageCount}`),
      {
        figure: `GET /api/admin/${name}, Next from the middle page (after=cursor)`,
        goal: true,
        // As the admin's Next button asks: from the last row shown on the middle page.
        path: async (dais, headers) => {
          const shown = (await (await fetch(`${dais}${base}&page=${middle}`, { headers })).json()) as { data: { id: number }[] };
          return `${base}&page=${middle + 1}&after=${shown.data.at(-1)!.id}`;
        },
      },
      fixed(`GET /api/admin/${name}, one campaign's first page`, `${base}&campaign_id=${campaignId}`),
      fixed(`GET /api/admin/${name}, a search by name (?q=)`, `${base}&q=${encodeURIComponent(byName)}`),
      fixed(`GET /api/admin/${name}, a search by address (?q=...@)`, `${base}&q=${encodeURIComponent(byAddress)}`),
      // A page number typed into the address in the middle of the list counts past half the ids in
      // the index: it grows with the list, and the Previous/Next buttons never ask for it.
      fixed(`GET /api/admin/${name}, middle page by number typed in the address (counts ids)`, `${base}&page=${middle}`, false),
    ];
  };
  return [
    fixed('GET /api/admin/dashboard', '/api/admin/dashboard'),
    fixed("GET /api/admin/activity (the dashboard's chart, 90 days)", '/api/admin/activity?days=90&time_zone=America/Chicago'),
    // Searches that fill a page at either size (111 matches among a thousand rows): a search with
    // fewer matches than a page at the small size would compare a short page with a full one.
    ...list('supporters', scale.supporters, 'Seeded Supporter 1', 'seeded-1'),
    ...list('letters', scale.letters, 'Seeded Writer 1', 'writer-1'),
  ];
}

interface GrowthTimes {
  p50: Map<string, number>;
  supportersCsv?: ExportRun;
  lettersCsv?: ExportRun;
}

async function growthAt(bench: GrowthBench, dialect: 'sqlite' | 'postgres', scale: { supporters: number; letters: number }, exports: boolean): Promise<GrowthTimes> {
  const database = await bench.freshDatabase(dialect, `growth${scale.supporters}`);
  const started = Date.now();
  const seeded = await seedBenchDatabase(database.url, { ...scale, mixed: true, analyze: false });
  process.stdout.write(`    (seeded ${scale.supporters.toLocaleString('en-US')} supporters and ${scale.letters.toLocaleString('en-US')} letters in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  let dais = await bench.startDais(database.url);
  const headers = { cookie: seeded.adminCookie };
  try {
    const p50 = new Map<string, number>();
    for (const read of reads(scale, seeded.campaignId)) {
      const url = `${dais.url}${await read.path(dais.url, headers)}`;
      await bench.load({ url, method: 'GET', connections: 4, durationMs: 1000, headers });
      p50.set(read.figure, (await bench.load({ url, method: 'GET', connections: 4, durationMs: (bench.seconds * 1000) / 2, headers })).p50);
    }
    if (!exports) return { p50 };
    // The exports run on a server whose V8 old generation is capped: uncapped, V8 grows its heap
    // lazily while memory is free, which hides what an export really holds; capped, an export that
    // kept its rows would crash the server. (The timings above run uncapped: the cap costs GC time.)
    await bench.stop(dais.child);
    dais = await bench.startDais(database.url, [`--max-old-space-size=${GROWTH_HEAP_MB}`]);
    const pid = dais.child.pid!;
    const supportersCsv = await exportRun(bench, `${dais.url}/api/admin/supporters.csv`, pid, headers, scale.supporters);
    const lettersCsv = await exportRun(bench, `${dais.url}/api/admin/letters.csv`, pid, headers, scale.letters);
    return { p50, supportersCsv, lettersCsv };
  } finally {
    await bench.stop(dais.child);
    await database.drop();
  }
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/** Every growth row of one database. BENCH_GROWTH_EXPORTS=0 skips the exports (a quick try of the timings). */
export async function growthFigures(bench: GrowthBench, dialect: 'sqlite' | 'postgres'): Promise<BenchRow[]> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const scales = growthScales(bench.small);
  const exports = process.env.BENCH_GROWTH_EXPORTS !== '0';
  const small = await growthAt(bench, dialect, scales.small, exports);
  const large = await growthAt(bench, dialect, scales.large, exports);
  const n = (x: number) => x.toLocaleString('en-US');
  const at = `at ${n(scales.small.supporters)} -> ${n(scales.large.supporters)} supporters (${n(scales.small.letters)} -> ${n(scales.large.letters)} letters)`;
  const rows: BenchRow[] = [];
  for (const read of reads(scales.small, 0)) {
    const a = small.p50.get(read.figure)!;
    const b = large.p50.get(read.figure)!;
    rows.push({
      figure: `Growth (${label}): ${read.figure}, p50 ${at}`,
      value: `${ms(a)} -> ${ms(b)} (x${(b / a).toFixed(2)})`,
      goal: read.goal ? 'within 2x (+1 ms)' : 'none: reported',
      // Below a millisecond the ratio is noise; 1 ms of slack keeps it honest without flapping.
      pass: read.goal ? b <= 2 * a + 1 : undefined,
    });
  }
  const exportRow = (figure: string, what: string, expected: number, a?: ExportRun, b?: ExportRun) => {
    if (!a || !b) return;
    const runs = [a, b].map((r) => `${n(r.records)} ${what} in ${r.seconds.toFixed(r.seconds < 10 ? 2 : 1)} s, +${r.rssGrowthMb.toFixed(1)} MB`);
    rows.push({
      figure: `Growth (${label}): ${figure}, server RSS growth during the download (heap capped at ${GROWTH_HEAP_MB} MB)`,
      value: `${runs[0]} -> ${runs[1]} (+${b.earlyGrowthMb.toFixed(1)} MB by the first tenth)`,
      goal: `every record, in a ${GROWTH_HEAP_MB} MB heap, RSS growth under ${GROWTH_HEAP_MB} MB at any row count`,
      pass: b.records === expected && b.rssGrowthMb < GROWTH_HEAP_MB,
    });
  };
  exportRow('GET /api/admin/supporters.csv (every signature)', 'rows', scales.large.supporters, small.supportersCsv, large.supportersCsv);
  exportRow('GET /api/admin/letters.csv (every letter)', 'letters', scales.large.letters, small.lettersCsv, large.lettersCsv);
  return rows;
}
