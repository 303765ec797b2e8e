import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Database } from '../../src/db/data-source';

/**
 * A fingerprint of everything the server stores: every row of every table the entities map (in
 * a stable order, whatever order the database returns them in) and the files in the upload
 * folder. Two equal fingerprints mean nothing was written.
 */
export async function storedStateChecksum(db: Database, uploadDir?: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  const tables = db.ds.entityMetadatas.map((m) => m.tableName).sort();
  for (const table of tables) {
    // A table name from our own metadata, quoted the way both SQLite and PostgreSQL accept.
    const rows: Record<string, unknown>[] = await db.ds.query(`SELECT * FROM "${table}"`);
    const lines = rows.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  if (uploadDir && fs.existsSync(uploadDir)) hash.update(`uploads\n${fs.readdirSync(uploadDir).sort().join('\n')}`);
  return hash.digest('hex');
}

/** Row counts per table: printed next to a failed checksum so the change can be found. */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const m of db.ds.entityMetadatas) {
    const [row] = (await db.ds.query(`SELECT COUNT(*) AS n FROM "${m.tableName}"`)) as { n: number | string }[];
    counts[m.tableName] = Number(row?.n ?? 0);
  }
  return counts;
}
