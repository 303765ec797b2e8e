import fs from 'node:fs';

/** Where the logger writes: lines in, and a way to write out what is waiting before the process exits. */
export interface LogDestination {
  write(line: string): void;
  /** Writes every line still waiting, now, synchronously. */
  flushSync(): void;
}

/** Past this many characters waiting, they are written at once rather than at the end of the turn. */
const MAX_WAITING = 64 * 1024;
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * A file descriptor (stdout) written once per turn of the event loop: every line written while
 * one turn answers its requests goes out in one write() when the turn ends. One synchronous write a
 * line (pino's default) cost more than the public read itself under load: a system call each, and
 * a wake-up of the collector reading the pipe. pino's asynchronous destination (sonic-boom) costs
 * as much through the thread pool unless lines wait for a buffer to fill, and then a quiet server's
 * lines reach the collector late; here none waits longer than the turn, and memory never holds more
 * than a turn's lines: a collector that stops reading slows the server, as before, rather than
 * making it grow.
 *
 * A line still waiting when the process exits is written by an 'exit' listener (process.exit, a
 * signal's clean stop); an uncaught error does not emit 'exit', so main.ts flushes in its handler.
 * Only a `kill -9` (or a power cut) loses what was waiting: at most one turn's lines.
 */
export function turnWriter(fd: number): LogDestination {
  let waiting = '';
  let scheduled = false;
  let failed = false;

  const flushSync = () => {
    scheduled = false;
    if (waiting === '' || failed) return;
    let bytes = Buffer.from(waiting, 'utf8');
    waiting = '';
    while (bytes.length > 0) {
      try {
        bytes = bytes.subarray(fs.writeSync(fd, bytes));
      } catch (err) {
        // A pipe set non-blocking (by anything that touched process.stdout) and full: the
        // collector is behind; wait for it, as a blocking write would.
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(PAUSE, 0, 0, 1);
          continue;
        }
        // Nobody reads the other end any more (EPIPE) or it is closed: the lines have nowhere to
        // go, and answering requests matters more than the log. Said once, where it may be seen.
        failed = true;
        process.stderr.write(`[dais] log lines are no longer written: stdout failed (${(err as Error).message})\n`);
        return;
      }
    }
  };

  return {
    write(line) {
      if (failed) return;
      waiting += line;
      if (waiting.length >= MAX_WAITING) flushSync();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flushSync);
      }
    },
    flushSync,
  };
}

let stdout: LogDestination | undefined;

/** The process's stdout as a turn writer: one for all loggers, so lines keep their order, flushed on exit. */
export function stdoutLines(): LogDestination {
  if (!stdout) {
    const dest = turnWriter(1);
    process.on('exit', () => dest.flushSync());
    stdout = dest;
  }
  return stdout;
}
