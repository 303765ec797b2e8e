/**
 * The hearing packet's figures: a campaign of 10,000 letters (BENCH_PACKET_LETTERS) made into one
 * PDF, and its CSV, by a real server process, downloaded as an admin's browser would; seconds to
 * the last byte and the server's resident memory growth while it was made (sampled from /proc
 * every 20 ms against what it held just before). Goals from the issue: under 30 s, under 150 MB.
 * The PDF is kept on disk for the run and checked with pdfinfo (a real reader) and its progress
 * marks (one per letter).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PACKET_CSV_RECORDS_BEFORE_LETTERS } from '../src/contract';
import { seedPacketCampaign } from './seed';
import { cpuSeconds } from './server-cpu';
import type { BenchRow } from './row';

export const PACKET_LETTERS = Number(process.env.BENCH_PACKET_LETTERS ?? 10_000);
const GOAL_SECONDS = 30;
const GOAL_MB = 150;

export interface PacketBench {
  workDir: string;
  freshDatabase(dialect: 'sqlite' | 'postgres', name: string): Promise<{ url: string; drop: () => Promise<void> }>;
  startDais(databaseUrl: string): Promise<{ url: string; child: ChildProcess }>;
  stop(child: ChildProcess): Promise<void>;
  rssKb(pid: number): number;
}


interface Download {
  seconds: number;
  /** The server's CPU time for it: on a shared machine, what the packet itself cost. */
  cpu: number;
  bytes: number;
  rssGrowthMb: number;
  file: string;
}

/** Downloads `url` into `file`, sampling the server's RSS; what it took. */
async function timedDownload(url: string, cookie: string, pid: number, file: string, rssKb: (pid: number) => number): Promise<Download> {
  const before = rssKb(pid);
  const cpuBefore = cpuSeconds(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const started = performance.now();
  let bytes = 0;
  const out = fs.createWriteStream(file);
  try {
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.length;
      if (!out.write(chunk.value)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  } finally {
    clearInterval(sampler);
    await new Promise<void>((r) => out.end(() => r()));
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssKb(pid));
  return { seconds, cpu: cpuSeconds(pid) - cpuBefore, bytes, rssGrowthMb: (peak - before) / 1024, file };
}

/** CSV records after the notice and the header: line feeds outside quotes (a letter spans lines). */
function csvRecords(bytes: Buffer): number {
  let quoted = false;
  let records = -PACKET_CSV_RECORDS_BEFORE_LETTERS;
  for (const byte of bytes) {
    if (byte === 0x22) quoted = !quoted;
    else if (byte === 0x0a && !quoted) records++;
  }
  return records;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const n = (x: number) => x.toLocaleString('en-US');

export async function packetFigures(h: PacketBench, dialect: 'sqlite' | 'postgres'): Promise<BenchRow[]> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const database = await h.freshDatabase(dialect, 'packet');
  const seededAt = Date.now();
  const seeded = await seedPacketCampaign(database.url, PACKET_LETTERS);
  process.stdout.write(`    (seeded ${n(PACKET_LETTERS)} letters in ${((Date.now() - seededAt) / 1000).toFixed(1)} s)\n`);
  const dais = await h.startDais(database.url);
  try {
    const base = `${dais.url}/api/admin/campaigns/${seeded.campaignId}`;
    const pid = dais.child.pid!;
    // The PDF first, on a server that has served nothing yet: its growth is the figure with a goal.
    // The CSV comes after it (its growth is then only what it adds to what the PDF left).
    const pdf = await timedDownload(`${base}/packet.pdf`, seeded.adminCookie, pid, path.join(h.workDir, `packet-${dialect}.pdf`), h.rssKb);
    const csv = await timedDownload(`${base}/packet.csv`, seeded.adminCookie, pid, path.join(h.workDir, `packet-${dialect}.csv`), h.rssKb);

    const text = fs.readFileSync(pdf.file, 'latin1');
    const marks = text.match(/%dais-letter \d+ of \d+/g) ?? [];
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf.file], { encoding: 'utf8' }))?.[1]);
    const complete = marks.length === PACKET_LETTERS && marks.at(-1) === `%dais-letter ${PACKET_LETTERS} of ${PACKET_LETTERS}` && pages > 0;
    const goal = `every letter, < ${GOAL_SECONDS} s, RSS growth < ${GOAL_MB} MB`;
    const records = csvRecords(fs.readFileSync(csv.file));
    return [
      {
        figure: `Packet (${label}): GET /api/admin/campaigns/{id}/packet.pdf, ${n(PACKET_LETTERS)} letters, server RSS growth while it is made`,
        value: `${pdf.seconds.toFixed(1)} s (server CPU ${pdf.cpu.toFixed(1)} s), +${pdf.rssGrowthMb.toFixed(1)} MB, ${n(pages)} pages, ${mb(pdf.bytes)}${complete ? '' : ` (INCOMPLETE: ${n(marks.length)} letters)`}`,
        goal,
        pass: complete && pdf.seconds < GOAL_SECONDS && pdf.rssGrowthMb < GOAL_MB,
      },
      {
        figure: `Packet (${label}): GET /api/admin/campaigns/{id}/packet.csv, ${n(PACKET_LETTERS)} letters, after the PDF`,
        value: `${csv.seconds.toFixed(2)} s (server CPU ${csv.cpu.toFixed(2)} s), +${csv.rssGrowthMb.toFixed(1)} MB, ${mb(csv.bytes)}, ${n(records)} records after the header`,
        goal,
        pass: records === PACKET_LETTERS && csv.seconds < GOAL_SECONDS && csv.rssGrowthMb < GOAL_MB,
      },
    ];
  } finally {
    await h.stop(dais.child);
    await database.drop();
  }
}
