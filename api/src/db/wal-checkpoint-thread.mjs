// @ts-check
/**
 * The SQLite checkpointer (./wal-checkpointer.ts starts it): a connection of its own to the
 * database file on a thread of its own, copying the write-ahead log into the file every few hundred
 * milliseconds (PRAGMA wal_checkpoint(PASSIVE): as much as it can without waiting for, or making
 * wait, any reader or writer). Plain JavaScript for the reason ../mail/smtp-lane-thread.mjs gives:
 * a worker thread starts without the loader that runs the API's TypeScript.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const db = new Database(workerData.file, { fileMustExist: true });
// As the server's connection: in WAL mode a checkpoint then syncs the log before it copies and the
// file after, which is what makes the copy durable.
db.pragma('synchronous = NORMAL');

let failed = false;
function checkpoint() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    failed = false;
  } catch (error) {
    // Reported once per run of failures (a full disk fails every try), not every few hundred ms.
    if (!failed) port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    failed = true;
  }
}

const timer = setInterval(checkpoint, workerData.everyMs);
port.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  port.close();
});
port.postMessage({ ready: true });
