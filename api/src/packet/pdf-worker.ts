/**
 * The packet's PDF is drawn in a worker thread (pdf-in-worker.ts starts it): drawing 10,000 letters
 * takes seconds of CPU, which on the API's own thread would hold up every other request (the
 * database reads of better-sqlite3 do not yield either), and its garbage would grow the API's heap.
 * The worker draws; the API thread reads the letters from the database and sends the bytes on.
 *
 * Messages in: 'letters' (the next batch), 'end' (no more), 'ack' (bytes the reader has taken or
 * has room for). Out: 'need' (send a batch; at most one asked at a time), 'chunk' (PDF bytes),
 * 'done'. The worker draws ahead of the acknowledged bytes by at most WINDOW, so however slow the
 * reader, memory holds at most that plus the stream's own buffer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { LetterRow } from '../db/types';
import { drawPacket, PDF_OPTIONS, type PacketJob } from './pdf';
import { packetDocument } from './pdf-document';

export type ToWorker = { type: 'letters'; letters: LetterRow[] } | { type: 'end' } | { type: 'ack'; bytes: number };
export type FromWorker = { type: 'need' } | { type: 'chunk'; bytes: Uint8Array } | { type: 'done' };

/** Bytes gathered before they are posted: a message per write would be thousands a page. */
const POST_AT = 64 * 1024;
/** Bytes posted and not yet acknowledged, at most. */
const WINDOW = 256 * 1024;

const port = parentPort!;
const post = (m: FromWorker) => port.postMessage(m);

const batches: LetterRow[][] = [];
let ended = false;
let asked = false;
let unacknowledged = 0;
let wake: (() => void) | undefined;
const nudge = () => {
  const w = wake;
  wake = undefined;
  w?.();
};

port.on('message', (m: ToWorker) => {
  if (m.type === 'letters') batches.push(m.letters);
  if (m.type === 'end') ended = true;
  if (m.type === 'letters' || m.type === 'end') asked = false;
  if (m.type === 'ack') unacknowledged -= m.bytes;
  nudge();
});

/** The next batch of letters, one asked ahead so the database read overlaps the drawing. */
async function* letters(): AsyncGenerator<LetterRow[]> {
  for (;;) {
    if (!asked && !ended && batches.length < 2) {
      asked = true;
      post({ type: 'need' });
    }
    const next = batches.shift();
    if (next) yield next;
    else if (ended) return;
    else await new Promise<void>((r) => (wake = r));
  }
}

const out = packetDocument(PDF_OPTIONS);
let pending: Buffer[] = [];
let pendingBytes = 0;
const flush = () => {
  if (pendingBytes === 0) return;
  post({ type: 'chunk', bytes: Buffer.concat(pending, pendingBytes) });
  unacknowledged += pendingBytes;
  pending = [];
  pendingBytes = 0;
};
out.doc.on('data', (chunk: Buffer) => {
  pending.push(chunk);
  pendingBytes += chunk.length;
  if (pendingBytes >= POST_AT) flush();
});
out.doc.on('end', () => {
  flush();
  post({ type: 'done' });
});

/** Before each letter: send what it made, then wait while the reader is behind. */
async function room(): Promise<boolean> {
  flush();
  while (unacknowledged > WINDOW) await new Promise<void>((r) => (wake = r));
  return true;
}

await drawPacket(out, workerData as PacketJob, letters(), room);
