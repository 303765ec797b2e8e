import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { LetterRow } from '../db/types';
import type { PacketJob } from './pdf';
import type { FromWorker, ToWorker } from './pdf-worker';

const ENTRY = new URL('./pdf-worker-entry.mjs', import.meta.url);

/**
 * Bytes the stream holds for its reader before the worker is asked to pause: enough to keep a fast
 * download busy between two messages, little enough that a slow one costs nothing.
 */
const HIGH_WATER = 512 * 1024;

/**
 * The packet's PDF as a stream, drawn in a worker thread (pdf-worker.ts says why) from `letters`,
 * which this thread reads (the database stays here) as the worker asks for them. Backpressure both
 * ways: the worker asks for a batch at a time, and bytes are acknowledged to it only while the
 * stream has room, so it stops drawing while the reader is behind. Destroying
 * the stream (the reader went away) stops the worker; a worker that fails fails the stream.
 */
let running = 0;
/** PDF workers alive now in this process (tests check that a cancelled download stops its worker). */
export const runningPdfWorkers = () => running;

export function pdfInWorker(job: PacketJob, letters: AsyncIterator<LetterRow[]>): Readable {
  let finished = false;
  const worker = new Worker(ENTRY, {
    workerData: job,
    // The old generation's cap is a safety net well above what a packet holds (its memory stays
    // flat, see pdf-document.ts); a small young generation keeps the short-lived garbage of
    // drawing from growing the thread's heap (measured: 8 MB less resident memory, no slower).
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 4 },
  });
  running++;
  const send = (m: ToWorker) => worker.postMessage(m);
  // Bytes received and not yet acknowledged to the worker (held back while the stream is full).
  let owed = 0;
  const acknowledge = () => {
    if (owed > 0) send({ type: 'ack', bytes: owed });
    owed = 0;
  };
  const stream = new Readable({
    highWaterMark: HIGH_WATER,
    read: acknowledge,
    destroy: (err, done) => {
      void worker.terminate();
      done(err);
    },
  });

  async function feed() {
    try {
      const next = await letters.next();
      send(next.done ? { type: 'end' } : { type: 'letters', letters: next.value });
    } catch (err) {
      stream.destroy(err as Error);
    }
  }

  worker.on('message', (m: FromWorker) => {
    if (m.type === 'need') void feed();
    if (m.type === 'chunk' && !stream.destroyed) {
      owed += m.bytes.byteLength;
      if (stream.push(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength))) acknowledge();
    }
    if (m.type === 'done') {
      finished = true;
      stream.push(null);
      void worker.terminate();
    }
  });
  worker.on('error', (err) => stream.destroy(err));
  worker.on('exit', (code) => {
    running--;
    if (!finished && !stream.destroyed) stream.destroy(new Error(`The hearing packet's PDF worker stopped before the end (exit code ${code})`));
  });
  return stream;
}
