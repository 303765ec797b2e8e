import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { LetterRow } from '../db/types';
import type { PacketJob } from './pdf';
import { pdfWorkerFile } from './pdf-worker-bundle';
import type { FromWorker, ToWorker } from './pdf-worker';

/**
 * Bytes the stream holds for its reader before the worker is held back: enough to keep a fast
 * download busy between two messages, little enough that a slow one costs nothing.
 */
const HIGH_WATER = 512 * 1024;

/**
 * Who a PDF is drawn for. Downloads (admins in the console) and the mail worker's packets (the
 * hearing-packet e-mails to the decision body, automatic ones included) have slots of their own,
 * so a queue of downloads never holds up a delivery.
 */
export type PdfLane = 'download' | 'mail';

/**
 * Packets drawn at once by this process, per lane; more wait their turn (a download starts when
 * one ends). Each costs about a core and 100 MB while it runs, so a few admins, or a delivery,
 * pressing at the same moment cannot take the server's memory or both its cores.
 */
export const PDF_WORKERS_AT_ONCE: Record<PdfLane, number> = { download: 2, mail: 1 };

/**
 * How long a reader may take nothing while the PDF waits for it before the stream is destroyed
 * and its worker freed: a download nobody reads (a stalled or hostile client) would otherwise
 * hold its slot as long as the connection stays open. A reader that takes anything, however
 * slowly, starts the count again. Only the tests pass another value.
 */
export const PACKET_STALL_MS = 30_000;

/** Why a stalled stream was destroyed. */
export class PacketReaderStalled extends Error {
  constructor(ms: number) {
    super(`The hearing packet's reader took nothing for ${ms / 1000} s, so its PDF was stopped`);
  }
}

const lanes: Record<PdfLane, { running: number; waiting: (() => void)[] }> = {
  download: { running: 0, waiting: [] },
  mail: { running: 0, waiting: [] },
};
/** PDF workers alive now in this process, in one lane or in all. */
export const runningPdfWorkers = (lane?: PdfLane) => (lane ? lanes[lane].running : lanes.download.running + lanes.mail.running);

function release(lane: PdfLane) {
  const l = lanes[lane];
  l.running--;
  const next = l.waiting.shift();
  if (next) {
    l.running++;
    next();
  }
}

export interface PdfInWorkerOptions {
  lane: PdfLane;
  /** PACKET_STALL_MS unless a test says otherwise. */
  stallMs?: number;
}

/**
 * The packet's PDF as a stream, drawn in a worker thread (pdf-worker.ts says why) from `letters`,
 * which this thread reads (the database stays here) as the worker asks for them. Backpressure both
 * ways: the worker asks for a batch at a time, and bytes are acknowledged to it only while the
 * stream has room, so it stops drawing while the reader is behind. A reader that takes nothing for
 * `stallMs` while the stream is full gets the stream destroyed (PacketReaderStalled). Destroying
 * the stream (the reader went away, or stalled) stops the worker, or takes it out of the queue; a
 * worker that fails fails the stream.
 */
export function pdfInWorker(job: PacketJob, letters: AsyncIterator<LetterRow[]>, { lane, stallMs = PACKET_STALL_MS }: PdfInWorkerOptions): Readable {
  let worker: Worker | undefined;
  let gone = false;
  // Bytes received and not yet acknowledged to the worker (held back while the stream is full).
  let owed = 0;
  const send = (m: ToWorker) => worker?.postMessage(m);
  const acknowledge = () => {
    if (owed > 0) send({ type: 'ack', bytes: owed });
    owed = 0;
  };
  // The stall watch: from when the stream fills, every stallMs, has the reader taken any byte?
  // Counted in bytes taken, not in calls for more: after the drawing, the fonts arrive at once
  // and a slow reader may take minutes to bring the stream under its mark, reading all along.
  let pushed = 0;
  let stall: NodeJS.Timeout | undefined;
  const taken = () => pushed - stream.readableLength;
  const watch = () => {
    if (stall || stream.destroyed) return;
    const before = taken();
    stall = setTimeout(() => {
      stall = undefined;
      if (stream.readableLength === 0) return;
      if (taken() === before) stream.destroy(new PacketReaderStalled(stallMs));
      else watch();
    }, stallMs);
    stall.unref();
  };
  const stream = new Readable({
    highWaterMark: HIGH_WATER,
    read: acknowledge,
    destroy: (err, done) => {
      gone = true;
      clearTimeout(stall);
      void worker?.terminate();
      done(err);
    },
  });

  const start = () => {
    if (gone) return release(lane);
    pdfWorkerFile().then(
      (file) => (gone ? release(lane) : run(file)),
      (err: unknown) => {
        release(lane);
        stream.destroy(err as Error);
      },
    );
  };

  const run = (file: URL) => {
    let finished = false;
    worker = new Worker(file, {
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
        pushed += m.bytes.byteLength;
        if (stream.push(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength))) acknowledge();
        else watch();
      }
      if (m.type === 'done') {
        finished = true;
        stream.push(null);
        void worker?.terminate();
      }
    });
    worker.on('error', (err) => stream.destroy(err));
    worker.on('exit', (code) => {
      release(lane);
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

  const l = lanes[lane];
  if (l.running < PDF_WORKERS_AT_ONCE[lane]) {
    l.running++;
    start();
  } else {
    l.waiting.push(start);
  }
  return stream;
}
