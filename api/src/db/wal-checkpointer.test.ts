import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { forgetOldPages } from '../privacy/scrub-mail';
import type { Database } from './data-source';
import { openDatabase } from './open';
import { checkpointInThread, type WalCheckpointer } from './wal-checkpointer';

/** SQLite's checkpoints on a thread of their own (./wal-checkpointer.ts), on a real database file. */

let db: Database | undefined;
let checkpointer: WalCheckpointer | undefined;
afterEach(async () => {
  await checkpointer?.stop();
  if (db?.ds.isInitialized) await db.ds.destroy();
  checkpointer = db = undefined;
});

async function fileDatabase() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dais-wal-')), 'dais.db');
  db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: `sqlite:${file}` }).database);
  return { db, file };
}

const bytes = (file: string) => fs.statSync(file).size;
const autocheckpoint = async (d: Database) => ((await d.ds.query('PRAGMA wal_autocheckpoint')) as { wal_autocheckpoint: number }[])[0]!.wal_autocheckpoint;

/** About 5 MB of rows in one transaction: past the 1,000 pages (4 MB) at which SQLite checkpoints by itself. */
async function write(d: Database) {
  await d.ds.query('CREATE TABLE IF NOT EXISTS filler (text TEXT)');
  await d.transaction(async (m) => {
    for (let i = 0; i < 500; i++) await m.query('INSERT INTO filler (text) VALUES (?)', [`${i} ${'x'.repeat(10_000)}`]);
  });
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('the server connection stops checkpointing and the thread copies the log into the file', async () => {
  const { db, file } = await fileDatabase();
  const errors: string[] = [];
  checkpointer = await checkpointInThread(db, file, (e) => errors.push(e));
  expect(await autocheckpoint(db)).toBe(0);
  const before = bytes(file);
  await write(db);
  // The rows are in the log, not yet in the file: the COMMIT did not checkpoint.
  expect(bytes(file)).toBe(before);
  await until(() => bytes(file) > before + 5_000_000);
  expect(errors).toEqual([]);
});

it('stopped, the thread checkpoints what is left and closes: the server closing last removes the log', async () => {
  const { db, file } = await fileDatabase();
  checkpointer = await checkpointInThread(db, file, () => undefined);
  await write(db);
  await checkpointer.stop();
  checkpointer = undefined;
  expect(bytes(file)).toBeGreaterThan(5_000_000);
  await db.ds.destroy();
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
});

it('a thread that dies gives checkpointing back to the server connection', async () => {
  const { db, file } = await fileDatabase();
  const errors: string[] = [];
  checkpointer = await checkpointInThread(db, file, (e) => errors.push(e));
  expect(await autocheckpoint(db)).toBe(0);
  await checkpointer.thread.terminate();
  await until(async () => (await autocheckpoint(db)) === 1000);
  const before = bytes(file);
  await write(db);
  // The COMMIT that took the log past 1,000 pages checkpointed, on the server's connection.
  expect(bytes(file)).toBeGreaterThan(before);
});

it("an erasure's emptying checkpoint still empties the log while the thread checkpoints beside it", async () => {
  const { db, file } = await fileDatabase();
  checkpointer = await checkpointInThread(db, file, () => undefined);
  await db.ds.query('CREATE TABLE filler (text TEXT)');
  // For two seconds, about ten of the thread's checkpoints: a write, then the log emptied, each time.
  const until = Date.now() + 2_000;
  while (Date.now() < until) {
    await db.ds.query('INSERT INTO filler (text) VALUES (?)', ['x'.repeat(50_000)]);
    await forgetOldPages(db);
    expect(bytes(`${file}-wal`)).toBe(0);
  }
});
