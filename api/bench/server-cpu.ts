/**
 * What a load cost the server: its CPU time from /proc/<pid>/stat, taken around a wrk run. When a
 * server answers as fast as the generator can ask, requests per second say more about the generator
 * than the server; the CPU per request does not, and the share of a core it kept busy tells which
 * of the two set the pace.
 */
import fs from 'node:fs';
import { runWrk, type LoadResult, type LoadSpec } from './wrk';

/**
 * The baseline server is one Node process, one thread answering: saturated, it keeps one core
 * busy. Below this share of a core something else (the generator, other work on the machine) held
 * it back, and a ratio to it would flatter whatever is compared with it.
 */
export const SATURATED_CORES = 0.9;

export type Measured = LoadResult & {
  /** The server's CPU time per response, and the share of a core it kept busy during the load. */
  cpuMicrosPerRequest?: number;
  serverCores?: number;
};

/** CPU seconds (user + system) a process has used so far, in clock ticks of 1/100 s on Linux. */
export function cpuSeconds(pid: number): number {
  const afterName = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Fields 14 (utime) and 15 (stime) of proc(5), counted from the state field (3) at index 0.
  return (Number(afterName[11]) + Number(afterName[12])) / 100;
}

/** Runs a load with wrk and, given the server's pid, what it cost that process. */
export async function measuredLoad(spec: LoadSpec, serverPid?: number): Promise<Measured> {
  const before = serverPid ? cpuSeconds(serverPid) : 0;
  const result: Measured = await runWrk(spec);
  if (serverPid && result.requests > 0) {
    const used = cpuSeconds(serverPid) - before;
    result.cpuMicrosPerRequest = (used * 1e6) / result.requests;
    result.serverCores = used / result.seconds;
  }
  return result;
}

export const isSaturated = (r: Measured) => (r.serverCores ?? 0) >= SATURATED_CORES;
