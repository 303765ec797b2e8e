import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { LetterRow } from '../db/types';
import type { PacketJob } from './pdf';
import type { FromWorker, ToWorker } from './pdf-worker';

const ENTRY = new URL('./pdf-worker-entry.mjs', import.meta.url);

/**
 * Bytes the stream holds for its reader before the worker is held back: enough to keep a fast
 * download busy between two messages, little enough that a slow one costs nothing.
 */
const HIGH_WATER = 512 * 1024;

/**
 * Packets drawn at once by this process; more wait their turn (their download starts when one
 * ends). Each costs about a core and 100 MB while it runs, so a few admins, or a delivery, pressing
 * at the same moment cannot take the server's memory or both its cores.
 */
export const PDF_WORKERS_AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];
/** PDF workers alive now in this process. */
export const runningPdfWorkers = () => running;

function release() {
  running--;
  const next = waiting.shift();
  if (next) {
    running++;
    next();
  }
}

/**
 * The packet's PDF as a stream, drawn in a worker thread (pdf-worker.ts says why) from `letters`,
 * which this thread reads (the database stays here) as the worker asks for them. Backpressure both
 * ways: the worker asks for a batch at a time, and bytes are acknowledged to it only while the
 * stream has room, so it stops drawing while the reader is behind. Destroying the stream (the
 * reader went away) stops the worker, or takes it out of the queue; a worker that fails fails the
 * stream.
 */
export function pdfInWorker(job: PacketJob, letters: AsyncIterator<LetterRow[]>): Readable {
  let worker: Worker | undefined;
  let gone = false;
  // Bytes received and not yet acknowledged to the worker (held back while the stream is full).
  let owed = 0;
  const send = (m: ToWorker) => worker?.postMessage(m);
  const acknowledge = () => {
    if (owed > 0) send({ type: 'ack', bytes: owed });
    owed = 0;
  };
  const stream = new Readable({
    highWaterMark: HIGH_WATER,
    read: acknowledge,
    destroy: (err, done) => {
      gone = true;
      void worker?.terminate();
      done(err);
    },
  });

  const start = () => {
    if (gone) return release();
    let finished = false;
    worker = new Worker(ENTRY, {
      workerData: job,
      // The old generation's cap is a safety net well above what a packet holds (its memory stays
      // flat, see pdf-document.ts); a small young generation keeps the short-lived garbage of
      // drawing from growing the thread's heap (measured: 8 MB less resident memory, no slower).
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 4 },
    });
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'need') void feed();
      if (m.type === 'chunk' && !stream.destroyed) {
        owed += m.bytes.byteLength;
        if (stream.push(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength))) acknowledge();
      }
      if (m.type === 'done') {
        finished = true;
        stream.push(null);
        void worker?.terminate();
      }
    });
    worker.on('error', (err) => stream.destroy(err));
    worker.on('exit', (code) => {
      release();
      if (!finished && !stream.destroyed) stream.destroy(new Error(`The hearing packet's PDF worker stopped before the end (exit code ${code})`));
    });
  };

  async function feed() {
    try {
      const next = await letters.next();
      send(next.done ? { type: 'end' } : { type: 'letters', letters: next.value });
    } catch (err) {
      stream.destroy(err as Error);
    }
  }

  if (running < PDF_WORKERS_AT_ONCE) {
    running++;
    start();
  } else {
    waiting.push(start);
  }
  return stream;
}
