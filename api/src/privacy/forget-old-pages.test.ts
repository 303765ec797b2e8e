/**
 * An erasure's last step on SQLite (./scrub-mail.ts forgetOldPages): the write-ahead log folded into
 * the file and emptied, so no copy of the erased rows is left in it. Another connection can keep
 * the log from being emptied for a while (a reader on an older snapshot, the checkpointer thread's
 * own checkpoint); the erasure tries again until it can, and says so when it never can.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/data-source';
import { openDatabase } from '../db/open';
import { forgetOldPages } from './scrub-mail';

let db: Database | undefined;
let reader: Sqlite.Database | undefined;
afterEach(async () => {
  reader?.close();
  if (db?.ds.isInitialized) await db.ds.destroy();
  db = reader = undefined;
});

/**
 * A database file with a row in its log, and a second connection reading it from a snapshot older
 * than the log's last write: while it reads, the log cannot be emptied. The server's connection
 * answers busy at once (no busy wait), as it does while the checkpointer thread checkpoints.
 */
async function logHeldByAReader() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dais-forget-')), 'dais.db');
  db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: `sqlite:${file}` }).database);
  await db.ds.query('PRAGMA busy_timeout = 0');
  await db.ds.query('CREATE TABLE erased (text TEXT)');
  await db.ds.query('INSERT INTO erased (text) VALUES (?)', ['before']);
  reader = new Sqlite(file);
  reader.exec('BEGIN');
  reader.prepare('SELECT count(*) FROM erased').get();
  await db.ds.query('INSERT INTO erased (text) VALUES (?)', ['Ada Lovelace, ada@example.org']);
  return { db, reader, wal: `${file}-wal` };
}

it('tries again while another connection holds the log, and empties it once it lets go', async () => {
  const { db, reader, wal } = await logHeldByAReader();
  setTimeout(() => reader.exec('COMMIT'), 150);
  const started = Date.now();
  await forgetOldPages(db);
  expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  expect(fs.statSync(wal).size).toBe(0);
});

it('gives up after about a second of tries, saying why, when the log is never let go', async () => {
  const { db, wal } = await logHeldByAReader();
  const started = Date.now();
  await expect(forgetOldPages(db)).rejects.toThrow('the SQLite log could not be emptied: another connection kept it busy');
  // Fifty tries, twenty milliseconds apart.
  expect(Date.now() - started).toBeGreaterThanOrEqual(49 * 20);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(fs.statSync(wal).size).toBeGreaterThan(0);
});
