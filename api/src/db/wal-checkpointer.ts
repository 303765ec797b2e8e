import { Worker } from 'node:worker_threads';
import type { Database } from './data-source';

/** How often the thread copies the write-ahead log into the database file. */
const EVERY_MS = 200;
/** SQLite's default, put back when the thread is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

const THREAD = new URL('./wal-checkpoint-thread.mjs', import.meta.url);

export interface WalCheckpointer {
  /** The thread (its tests stop it as a crash would). */
  thread: Worker;
  /** A last checkpoint, then the thread's connection is closed: before the server's own closes. */
  stop(): Promise<void>;
}

/**
 * SQLite's write-ahead log is copied back into the database file by a checkpoint, which by default
 * runs inside the COMMIT that takes the log past 1,000 pages: on the thread that answers requests,
 * and with two fsyncs. Under a stream of signatures that was one COMMIT in twelve, each 20-50 ms
 * instead of under 5, about a tenth of that thread's time, and the slowest replies of the sign load
 * (npm run bench). Here the server's connection stops checkpointing (wal_autocheckpoint = 0) and a
 * connection on a thread of its own does it (./wal-checkpoint-thread.mjs). If that thread fails or
 * stops, the server's connection checkpoints again as before, so the log never grows without bound.
 *
 * Only for a server's long-lived connection to a file: scripts and tests keep SQLite's default.
 */
export async function checkpointInThread(
  db: Database,
  file: string,
  onError: (message: string) => void,
): Promise<WalCheckpointer> {
  const worker = new Worker(THREAD, { workerData: { file, everyMs: EVERY_MS } });
  // A process that is stopping does not wait for the checkpointer.
  worker.unref();
  let stopping = false;
  const autocheckpoint = (pages: number) => db.ds.query(`PRAGMA wal_autocheckpoint = ${pages}`);
  const takeBack = () => {
    if (stopping || !db.ds.isInitialized) return;
    void autocheckpoint(AUTOCHECKPOINT_PAGES).catch(() => undefined);
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', () => resolve());
  });
  worker.on('message', (m: { error?: string }) => {
    if (m.error) onError(m.error);
  });
  worker.on('error', (error) => {
    onError(error.message);
    takeBack();
  });
  worker.on('exit', takeBack);
  await autocheckpoint(0);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    thread: worker,
    async stop() {
      stopping = true;
      // Held open while it stops: with nothing else left to do, a stopping process would otherwise
      // exit before the thread's last checkpoint, and before the lines after it.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
