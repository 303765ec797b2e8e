/**
 * Seeds a bench database: the hot campaign the sign and read figures use, an admin session for the
 * admin figures, and optionally a large history of supporters and letters for the growth figures.
 * Bulk rows go straight into the tables in big transactions (SQLite through better-sqlite3, on
 * PostgreSQL with generate_series), then every campaign's counters are set from its rows, so they
 * are exact before the server starts (the tallies follow by their triggers).
 * `mixed`: as a live campaign's rows are, some recent signatures and letters still pending (already
 * mailed and reminded, so the mail worker leaves them alone) and some letters withdrawn.
 * `analyze: false` leaves the statistics to Dais, as a real installation does (db/open.ts); on
 * PostgreSQL the tables are still vacuumed, as autovacuum does minutes after a bulk load.
 */
import BetterSqlite3 from 'better-sqlite3';
import { createSession } from '../src/auth/sessions';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { adminEmailKey } from '../src/auth/admins';

export interface Seeded {
  campaignId: number;
  adminCookie: string;
}

/** Supporters and letters are spread over this many campaigns; the first is the hot one. */
const CAMPAIGNS = 5;
const ROWS_PER_TRANSACTION = 50_000;
const LETTER_TEXT = `Dear Members of the Council,\n\n${'As a resident of this county I ask you to protect the river corridor and the farmland along it. '.repeat(6)}\n\nSincerely,\nA Bench Supporter`;

export interface SeedOptions {
  supporters: number;
  letters: number;
  mixed?: boolean;
  analyze?: boolean;
}

/** Pending: every tenth of the newest 100,000 signatures, every tenth letter; withdrawn: one letter in fifty. */
const RECENT = 100_000;
const supporterStatus = (opts: SeedOptions, i: number) => (opts.mixed && i >= opts.supporters - RECENT && i % 10 === 0 ? 'pending' : 'confirmed');
const letterStatus = (opts: SeedOptions, i: number) => (!opts.mixed ? 'confirmed' : i % 10 === 0 ? 'pending' : i % 50 === 25 ? 'withdrawn' : 'confirmed');

export async function seedBenchDatabase(databaseUrl: string, opts: SeedOptions): Promise<Seeded> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'test' });
  const db = await openDatabase(config.database);
  const campaigns = await db.ds.getRepository(db.entities.Campaign).save(
    Array.from({ length: CAMPAIGNS }, (_, i) => ({
      title: `Bench campaign ${i + 1}: protect the river corridor`,
      description: 'A campaign seeded by npm run bench, long enough to be a realistic description.',
      // As new campaigns are: signatures count once confirmed by e-mail (the sign figures' cost).
      require_confirmation: true,
    })),
  );
  const user = await db.ds
    .getRepository(db.entities.User)
    .save({ email: 'bench-admin@example.org', google_sub: 'bench-admin', name: 'Bench Admin', picture: null });
  await db.ds
    .getRepository(db.entities.AdminUser)
    .save({ user_id: user.id, email: user.email, email_key: adminEmailKey(user.email), role: 'owner', is_active: true });
  const adminCookie = `dais_session=${await createSession(db, user.id)}`;
  const ids = campaigns.map((c) => c.id);
  await db.ds.destroy();

  if (config.database.dialect === 'sqlite') seedSqlite(config.database.path, ids, opts);
  else await seedPostgres(config.database.url, ids, opts);
  return { campaignId: ids[0]!, adminCookie };
}

/** 'YYYY-MM-DD HH:MM:SS.SSS' UTC, the way TypeORM stores datetimes on SQLite. */
const sqliteTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

function seedSqlite(file: string, campaignIds: number[], opts: SeedOptions) {
  const conn = new BetterSqlite3(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = OFF');
  const start = Date.now() - (opts.supporters + opts.letters) * 1000;
  const supporter = conn.prepare(
    `INSERT INTO supporters (campaign_id, name, email, comment, is_public, street_address, city, state, zip_code, phone_number, created_at, updated_at, status, confirm_mails, confirm_mailed_at)
     VALUES (?, ?, ?, NULL, 1, ?, 'Springfield', 'IL', '62704', NULL, ?, ?, ?, ?, ?)`,
  );
  const letter = conn.prepare(
    `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, street_address, city, state, zip_code, phone_number, perspective, campaign_title, message_point_ids, created_at, updated_at, status, confirm_mails, confirm_mailed_at)
     VALUES (?, ?, ?, ?, ?, 'Springfield', 'IL', '62704', NULL, 'homeowner', 'Bench campaign', '[]', ?, ?, ?, ?, ?)`,
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
    const status = supporterStatus(opts, i);
    supporter.run(campaignIds[i % campaignIds.length], `Seeded Supporter ${i}`, `seeded-${i}@example.org`, `${i} Main Street`, at, at, status, status === 'pending' ? 2 : 0, status === 'pending' ? at : null);
  });
  bulk(opts.letters, (i) => {
    const at = sqliteTime(start + (opts.supporters + i) * 1000);
    const status = letterStatus(opts, i);
    letter.run(campaignIds[i % campaignIds.length], LETTER_TEXT, `Seeded Writer ${i}`, `writer-${i}@example.org`, `${i} Oak Avenue`, at, at, status, status === 'pending' ? 2 : 0, status === 'pending' ? at : null);
  });
  conn.exec(`UPDATE campaigns SET
    supporter_count = (SELECT COUNT(*) FROM supporters s WHERE s.campaign_id = campaigns.id AND s.status = 'confirmed'),
    letter_count = (SELECT COUNT(*) FROM letters l WHERE l.campaign_id = campaigns.id AND l.status = 'confirmed')`);
  if (opts.analyze !== false) conn.exec('ANALYZE');
  conn.close();
}

async function seedPostgres(url: string, campaignIds: number[], opts: SeedOptions) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids = `ARRAY[${campaignIds.map(Number).join(',')}]`;
  const total = opts.supporters + opts.letters;
  for (let from = 0; from < opts.supporters; from += 200_000) {
    const to = Math.min(opts.supporters, from + 200_000) - 1;
    await client.query(
      `INSERT INTO supporters (campaign_id, name, email, comment, is_public, street_address, city, state, zip_code, phone_number, created_at, updated_at, status, confirm_mails, confirm_mailed_at)
       SELECT (${ids})[1 + g % ${campaignIds.length}], 'Seeded Supporter ' || g, 'seeded-' || g || '@example.org', NULL, true,
              g || ' Main Street', 'Springfield', 'IL', '62704', NULL, at, at, status, CASE WHEN status = 'pending' THEN 2 ELSE 0 END, CASE WHEN status = 'pending' THEN at END
       FROM generate_series(${from}, ${to}) AS g,
            LATERAL (SELECT now() - make_interval(secs => ${total} - g) AS at,
                            CASE WHEN ${opts.mixed ? 'true' : 'false'} AND g >= ${opts.supporters - RECENT} AND g % 10 = 0 THEN 'pending' ELSE 'confirmed' END AS status) AS r`,
    );
  }
  if (opts.letters > 0) {
    await client.query(
      `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, street_address, city, state, zip_code, phone_number, perspective, campaign_title, message_point_ids, created_at, updated_at, status, confirm_mails, confirm_mailed_at)
       SELECT (${ids})[1 + g % ${campaignIds.length}], $1, 'Seeded Writer ' || g, 'writer-' || g || '@example.org', g || ' Oak Avenue',
              'Springfield', 'IL', '62704', NULL, 'homeowner', 'Bench campaign', '[]', at, at, status, CASE WHEN status = 'pending' THEN 2 ELSE 0 END, CASE WHEN status = 'pending' THEN at END
       FROM generate_series(0, ${opts.letters - 1}) AS g,
            LATERAL (SELECT now() - make_interval(secs => ${opts.letters} - g) AS at,
                            CASE WHEN NOT ${opts.mixed ? 'true' : 'false'} THEN 'confirmed' WHEN g % 10 = 0 THEN 'pending' WHEN g % 50 = 25 THEN 'withdrawn' ELSE 'confirmed' END AS status) AS r`,
      [LETTER_TEXT],
    );
  }
  await client.query(`UPDATE campaigns SET
    supporter_count = (SELECT COUNT(*) FROM supporters s WHERE s.campaign_id = campaigns.id AND s.status = 'confirmed'),
    letter_count = (SELECT COUNT(*) FROM letters l WHERE l.campaign_id = campaigns.id AND l.status = 'confirmed')`);
  // The state autovacuum leaves a table in minutes after a bulk insert (PostgreSQL 13+ vacuums on
  // inserts too): statistics, and a visibility map that lets index-only scans skip the heap. With
  // analyze: false, the statistics are left to Dais (db/open.ts analyzes a table never analyzed);
  // the vacuum still runs, or autovacuum's own run over the million new rows would be measured.
  await client.query(opts.analyze !== false ? 'VACUUM ANALYZE' : 'VACUUM');
  await client.end();
}

/** What the packet figure's letters are made of: real-looking, varied, in many scripts. */
const FIRST = ['Ada', 'Grace', 'Maria', 'James', 'Li', 'Fatima', 'Carlos', 'Aiko', 'Olga', 'Samuel', 'Priya', 'Noah', 'Elena', 'Omar', 'Hannah'];
const LAST = ['Lovelace', 'Hopper', 'Garcia', 'Smith', 'Nguyen', 'Okafor', 'Kowalski', 'Haddad', 'Johnson', 'Chen', 'Müller', 'Brown', 'Novak', 'Rossi', 'Wójcik'];
/** One name in seven in another script, so the fallback faces are in the measurement. */
const OTHER_SCRIPTS = ['Дмитрий Иванов', 'Ελένη Παπαδοπούλου', 'محمد علي', 'דוד כהן', '王小明', '김민준', '山田さくら'];
const CITIES = ['Springfield', 'Shelbyville', 'Capital City', 'Ogdenville', 'North Haverbrook', 'Brockway', 'Cypress Creek', 'West Springfield'];
const PERSPECTIVES = ['parent', 'homeowner', 'business_owner', 'retiree', 'student', 'educator', 'community_member', 'veteran', 'healthcare_worker', 'landowner'];
/** What a personal letter's writer added, each followed by a sentence of their own (bench letters vary). */
const OWN_WORDS = [
  'My daughter learned to ride a bicycle on the path along the river, and we still walk it together every Sunday morning.',
  'I coach the under-ten soccer team, and the lower field is the only one in this part of town with room for thirty children.',
  'When the water came up two springs ago, our basement on Elm Street filled to the second step in less than an hour.',
  'I run a small bakery on Main Street, and half of my customers on a Saturday come straight from the farmers market in the park.',
];
const PARAGRAPHS = [
  'Riverside Park is where our children learn to swim, where the farmers market sets up every Saturday, and where neighbors who would otherwise never meet end up talking on the benches by the water. It is the one place in the district that belongs to everyone.',
  'The proposed rezoning would allow four-story buildings along the whole eastern edge of the park. The shade study in the staff report shows the playground and the community garden in shadow for most of the winter afternoon, which is exactly when families use them.',
  'I am also worried about traffic. Oak Avenue already backs up at school pick-up time, and the traffic study counts cars on a Tuesday in August, when school is out. Please ask for a study that reflects how the street is really used.',
  'Flooding is the third concern. The lower field floods every spring, and paving the parking lots upstream will send more water into it, faster. The stormwater plan in the application relies on a retention basin that has not been designed yet.',
  'I am not against new homes. Springfield needs them, and there are vacant lots on Main Street and the old mill site where they would bring life back to the center of town without taking anything away from the park.',
  'I ask the Council to deny the rezoning as proposed, or at least to continue the item until the shade, traffic and stormwater questions have real answers, and to hold the next hearing in the evening so that working families can attend.',
  'Thank you for your service to our community and for reading this letter. I have lived here for many years and I hope my grandchildren will be able to enjoy the park the way my family has.',
];

/**
 * A campaign with its Public Comment fields and three talking points, holding `count` letters
 * submitted a minute apart (what npm run bench makes a hearing packet of). Letters of 1.6 to 2.4
 * thousand characters, the length of a generated letter that fits one page; names, places,
 * perspectives and chosen points vary, and one name in seven is in another script. One letter in
 * three is personal (its writer's own words stored beside it, as submit-letter stores them: the
 * packet prints it in full and quotes them); the rest are the text Dais suggested (own words '').
 */
export async function seedPacketCampaign(databaseUrl: string, count: number): Promise<Seeded> {
  const seeded = await seedBenchDatabase(databaseUrl, { supporters: 0, letters: 0 });
  const config = loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'test' });
  const db = await openDatabase(config.database);
  await db.ds.getRepository(db.entities.Campaign).update(
    { id: seeded.campaignId },
    { decision_body: 'Springfield City Council', jurisdiction: 'City of Springfield', meeting_date: '2026-03-18', agenda_item_number: '7B', project_name: 'Riverside Park Rezoning' },
  );
  const points = await db.ds.getRepository(db.entities.MessagePoint).save([
    { category: 'Parks', talking_points: 'Keep Riverside Park open to everyone, every day of the year.', campaign_id: seeded.campaignId },
    { category: 'Traffic', talking_points: 'The rezoning would bring heavy traffic onto residential streets.', campaign_id: seeded.campaignId },
    { category: 'Flooding', talking_points: 'Paving upstream will flood the lower field.', campaign_id: seeded.campaignId, is_locked: true },
  ]);
  const start = Date.now() - count * 60_000;
  const rows = Array.from({ length: count }, (_, i) => {
    const name = i % 7 === 3 ? OTHER_SCRIPTS[i % OTHER_SCRIPTS.length]! : `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const city = CITIES[(i * 3) % CITIES.length]!;
    const zip = String(62701 + ((i * 13) % 40));
    const body = PARAGRAPHS.filter((_, p) => (i + p) % 5 !== 0).join('\n\n');
    const personal = i % 3 === 0;
    const own = personal ? `${OWN_WORDS[i % OWN_WORDS.length]} I have lived on ${LAST[i % LAST.length]} Street for ${2 + (i % 30)} years.` : '';
    const letter = `Springfield City Council\nCity of Springfield\n\nRe: Agenda Item 7B, Riverside Park Rezoning\n\nDear Members of the Council,\n\n${personal ? `${own}\n\n` : ''}${body}\n\nSincerely,\n${name}\n${i} Oak Avenue\n${city}, IL ${zip}`;
    const chosen = [points[0]!.id, points[1]!.id].filter((_, p) => (i >> p) % 2 === 0).concat(points[2]!.id);
    return { name, city, zip, letter, personal, own, perspective: PERSPECTIVES[i % PERSPECTIVES.length]!, points: JSON.stringify(chosen), at: start + i * 60_000, i };
  });
  await db.ds.destroy();

  if (config.database.dialect === 'sqlite') {
    const conn = new BetterSqlite3(config.database.path);
    const insert = conn.prepare(
      `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, email_key, street_address, city, state, zip_code, phone_number, perspective, campaign_title, message_point_ids, personal, own_words, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'IL', ?, NULL, ?, 'Bench campaign', ?, ?, ?, ?, ?)`,
    );
    conn.transaction(() => {
      for (const r of rows) {
        const email = `packet-${r.i}@example.org`;
        insert.run(seeded.campaignId, r.letter, r.name, email, email, `${r.i} Oak Avenue`, r.city, r.zip, r.perspective, r.points, r.personal ? 1 : 0, r.own, sqliteTime(r.at), sqliteTime(r.at));
      }
    })();
    conn.exec(`UPDATE campaigns SET letter_count = (SELECT COUNT(*) FROM letters l WHERE l.campaign_id = campaigns.id); ANALYZE`);
    conn.close();
  } else {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.database.url });
    await client.connect();
    // One statement per thousand letters, each column an array.
    for (let from = 0; from < rows.length; from += 1000) {
      const part = rows.slice(from, from + 1000);
      await client.query(
        `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, email_key, street_address, city, state, zip_code, phone_number, perspective, campaign_title, message_point_ids, personal, own_words, created_at, updated_at)
         SELECT $1, t.letter, t.name, 'packet-' || t.i || '@example.org', 'packet-' || t.i || '@example.org', t.i || ' Oak Avenue', t.city, 'IL', t.zip, NULL, t.perspective, 'Bench campaign', t.points, t.personal, t.own, t.at, t.at
         FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::boolean[], $11::text[]) AS t(letter, name, i, city, zip, perspective, points, at, personal, own)`,
        [seeded.campaignId, part.map((r) => r.letter), part.map((r) => r.name), part.map((r) => r.i), part.map((r) => r.city), part.map((r) => r.zip), part.map((r) => r.perspective), part.map((r) => r.points), part.map((r) => new Date(r.at)), part.map((r) => r.personal), part.map((r) => r.own)],
      );
    }
    await client.query('UPDATE campaigns SET letter_count = (SELECT COUNT(*) FROM letters l WHERE l.campaign_id = campaigns.id)');
    await client.query('VACUUM ANALYZE');
    await client.end();
  }
  return seeded;
}
