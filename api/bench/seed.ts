/**
 * Seeds a bench database: the hot campaign the sign and read figures use, an admin session for the
 * admin figures, and optionally a large history of supporters and letters for the growth figures.
 * Bulk rows go straight into the tables in big transactions (SQLite through better-sqlite3, on
 * PostgreSQL with generate_series), then every campaign's counters are set from its rows, so they
 * are exact before the server starts.
 */
import BetterSqlite3 from 'better-sqlite3';
import { createSession } from '../src/auth/sessions';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open';

export interface Seeded {
  campaignId: number;
  adminCookie: string;
}

/** Supporters and letters are spread over this many campaigns; the first is the hot one. */
const CAMPAIGNS = 5;
const ROWS_PER_TRANSACTION = 50_000;
const LETTER_TEXT = `Dear Members of the Council,\n\n${'As a resident of this county I ask you to protect the river corridor and the farmland along it. '.repeat(6)}\n\nSincerely,\nA Bench Supporter`;

export async function seedBenchDatabase(databaseUrl: string, opts: { supporters: number; letters: number }): Promise<Seeded> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'test' });
  const db = await openDatabase(config.database);
  const campaigns = await db.ds.getRepository(db.entities.Campaign).save(
    Array.from({ length: CAMPAIGNS }, (_, i) => ({
      title: `Bench campaign ${i + 1}: protect the river corridor`,
      description: 'A campaign seeded by npm run bench, long enough to be a realistic description.',
    })),
  );
  const user = await db.ds
    .getRepository(db.entities.User)
    .save({ email: 'bench-admin@example.org', google_sub: 'bench-admin', name: 'Bench Admin', picture: null });
  await db.ds
    .getRepository(db.entities.AdminUser)
    .save({ user_id: user.id, email: user.email, role: 'admin', is_active: true });
  const adminCookie = `dais_session=${await createSession(db, user.id)}`;
  const ids = campaigns.map((c) => c.id);
  await db.ds.destroy();

  if (config.database.dialect === 'sqlite') seedSqlite(config.database.path, ids, opts);
  else await seedPostgres(config.database.url, ids, opts);
  return { campaignId: ids[0]!, adminCookie };
}

/** 'YYYY-MM-DD HH:MM:SS.SSS' UTC, the way TypeORM stores datetimes on SQLite. */
const sqliteTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

function seedSqlite(file: string, campaignIds: number[], opts: { supporters: number; letters: number }) {
  const conn = new BetterSqlite3(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = OFF');
  const start = Date.now() - (opts.supporters + opts.letters) * 1000;
  const supporter = conn.prepare(
    `INSERT INTO supporters (campaign_id, name, email, comment, is_public, street_address, city, state, zip_code, phone_number, created_at, updated_at)
     VALUES (?, ?, ?, NULL, 1, ?, 'Springfield', 'IL', '62704', NULL, ?, ?)`,
  );
  const letter = conn.prepare(
    `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, street_address, city, state, zip_code, phone_number, perspective, campaign_title, message_point_ids, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'Springfield', 'IL', '62704', NULL, 'homeowner', 'Bench campaign', '[]', ?, ?)`,
  );
  const bulk = (count: number, insert: (i: number) => void) => {
    for (let from = 0; from < count; from += ROWS_PER_TRANSACTION) {
      conn.transaction(() => {
        for (let i = from; i < Math.min(count, from + ROWS_PER_TRANSACTION); i++) insert(i);
      })();
    }
  };
  bulk(opts.supporters, (i) => {
    const at = sqliteTime(start + i * 1000);
    supporter.run(campaignIds[i % campaignIds.length], `Seeded Supporter ${i}`, `seeded-${i}@example.org`, `${i} Main Street`, at, at);
  });
  bulk(opts.letters, (i) => {
    const at = sqliteTime(start + (opts.supporters + i) * 1000);
    letter.run(campaignIds[i % campaignIds.length], LETTER_TEXT, `Seeded Writer ${i}`, `writer-${i}@example.org`, `${i} Oak Avenue`, at, at);
  });
  conn.exec(`UPDATE campaigns SET
    supporter_count = (SELECT COUNT(*) FROM supporters s WHERE s.campaign_id = campaigns.id),
    letter_count = (SELECT COUNT(*) FROM letters l WHERE l.campaign_id = campaigns.id)`);
  conn.exec('ANALYZE');
  conn.close();
}

async function seedPostgres(url: string, campaignIds: number[], opts: { supporters: number; letters: number }) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids = `ARRAY[${campaignIds.map(Number).join(',')}]`;
  const total = opts.supporters + opts.letters;
  for (let from = 0; from < opts.supporters; from += 200_000) {
    const to = Math.min(opts.supporters, from + 200_000) - 1;
    await client.query(
      `INSERT INTO supporters (campaign_id, name, email, comment, is_public, street_address, city, state, zip_code, phone_number, created_at, updated_at)
       SELECT (${ids})[1 + g % ${campaignIds.length}], 'Seeded Supporter ' || g, 'seeded-' || g || '@example.org', NULL, true,
              g || ' Main Street', 'Springfield', 'IL', '62704', NULL,
              now() - make_interval(secs => ${total} - g), now() - make_interval(secs => ${total} - g)
       FROM generate_series(${from}, ${to}) AS g`,
    );
  }
  if (opts.letters > 0) {
    await client.query(
      `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, street_address, city, state, zip_code, phone_number, perspective, campaign_title, message_point_ids, created_at, updated_at)
       SELECT (${ids})[1 + g % ${campaignIds.length}], $1, 'Seeded Writer ' || g, 'writer-' || g || '@example.org', g || ' Oak Avenue',
              'Springfield', 'IL', '62704', NULL, 'homeowner', 'Bench campaign', '[]',
              now() - make_interval(secs => ${opts.letters} - g), now() - make_interval(secs => ${opts.letters} - g)
       FROM generate_series(0, ${opts.letters - 1}) AS g`,
      [LETTER_TEXT],
    );
  }
  await client.query(`UPDATE campaigns SET
    supporter_count = (SELECT COUNT(*) FROM supporters s WHERE s.campaign_id = campaigns.id),
    letter_count = (SELECT COUNT(*) FROM letters l WHERE l.campaign_id = campaigns.id)`);
  // The state autovacuum leaves a table in minutes after a bulk insert (PostgreSQL 13+ vacuums on
  // inserts too): statistics, and a visibility map that lets index-only scans skip the heap.
  await client.query('VACUUM ANALYZE');
  await client.end();
}
