import { dialectMigration } from './dialect-migration';

/**
 * The console's figures that a COUNT would read row by row, kept instead by triggers in the same
 * transaction as the rows they count (issue 23): every writer, present or future (signing,
 * confirming, the upkeep's deletion of expired pending rows, quarantine and restore, withdrawal,
 * erasure, removal), moves them without knowing they exist, and a rolled-back write moves nothing.
 * One row per (figure, slot, campaign):
 *
 * - `<table>:<status>`, slot 0, for every status but confirmed: the pending signatures and letters,
 *   the withdrawn letters. Outside any quarantine, as the lists show them.
 * - `<table>:counted` per quarter hour of created_at (slot = Unix seconds / 900): the rows the
 *   campaigns' counters count (confirmed, outside any quarantine), for the dashboard's chart, whose
 *   days start on a quarter hour in every time zone in use.
 *
 * On SQLite, row triggers (one writer at a time). On PostgreSQL, statement triggers over the
 * transition tables: one upsert a statement. Concurrent upserts of one row wait for each other, so no
 * increment is lost; and each first locks the campaigns it touches (FOR NO KEY UPDATE, in id order,
 * as the counters' UPDATE does), so a campaign's tallies are only ever locked under its campaign row:
 * a signature batch (rows, then the counter) and a quarantine or a confirmation (the campaign row,
 * then rows) take the two in the same order and cannot deadlock. A writer that changes existing rows
 * of a campaign locks its campaign row first (confirmations/upkeep.ts's deletion does too): had it
 * locked the rows first, the trigger would then wait for the campaign that a confirmation holds
 * while it waits for those rows.
 *
 * A later migration that rebuilds supporters or letters on SQLite (TypeORM does, to change a column)
 * drops these triggers with the old table: write them back (services/tallies.test.ts checks they exist).
 */
// As api/scripts/generate-migration.ts writes the entity (db/entities.ts, Tally).
const CREATE_SQLITE = 'CREATE TABLE "tallies" ("figure" varchar(40) NOT NULL, "slot" integer NOT NULL, "campaign_id" integer NOT NULL, "n" integer NOT NULL DEFAULT (0), PRIMARY KEY ("figure", "slot", "campaign_id"))';
const CREATE_POSTGRES =
  'CREATE TABLE "tallies" ("figure" character varying(40) NOT NULL, "slot" integer NOT NULL, "campaign_id" integer NOT NULL, "n" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_ff3a6ee1fa239b4d749f6eadf8c" PRIMARY KEY ("figure", "slot", "campaign_id"))';
const TABLES = ['supporters', 'letters'] as const;

const sqliteFigure = (table: string, r: string) => `CASE WHEN ${r}."status" = 'confirmed' THEN '${table}:counted' ELSE '${table}:' || ${r}."status" END`;
const sqliteSlot = (r: string) => `CASE WHEN ${r}."status" = 'confirmed' THEN CAST(strftime('%s', ${r}."created_at") AS INTEGER) / 900 ELSE 0 END`;
const sqliteMove = (table: string, r: 'NEW' | 'OLD', d: 1 | -1) =>
  `INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n") SELECT ${sqliteFigure(table, r)}, ${sqliteSlot(r)}, ${r}."campaign_id", ${d} WHERE ${r}."quarantine_id" IS NULL ` +
  `ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "n" + excluded."n";`;
const sqliteUp = TABLES.flatMap((t) => [
  `CREATE TRIGGER "tally_${t}_insert" AFTER INSERT ON "${t}" BEGIN ${sqliteMove(t, 'NEW', 1)} END`,
  `CREATE TRIGGER "tally_${t}_delete" AFTER DELETE ON "${t}" BEGIN ${sqliteMove(t, 'OLD', -1)} END`,
  `CREATE TRIGGER "tally_${t}_update" AFTER UPDATE OF "status", "quarantine_id", "created_at", "campaign_id" ON "${t}" ` +
    `WHEN OLD."status" IS NOT NEW."status" OR OLD."quarantine_id" IS NOT NEW."quarantine_id" OR OLD."created_at" IS NOT NEW."created_at" OR OLD."campaign_id" IS NOT NEW."campaign_id" ` +
    `BEGIN ${sqliteMove(t, 'OLD', -1)} ${sqliteMove(t, 'NEW', 1)} END`,
  `INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n") SELECT ${sqliteFigure(t, 'r')} AS f, ${sqliteSlot('r')} AS s, r."campaign_id" AS c, COUNT(*) FROM "${t}" r ` +
    `WHERE r."quarantine_id" IS NULL GROUP BY f, s, c ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "n" + excluded."n"`,
]);

const pgRows = (source: string, d: 1 | -1) =>
  `SELECT CASE WHEN r.status = 'confirmed' THEN TG_TABLE_NAME || ':counted' ELSE TG_TABLE_NAME || ':' || r.status END AS figure,
          CASE WHEN r.status = 'confirmed' THEN floor(extract(epoch FROM r.created_at) / 900)::integer ELSE 0 END AS slot,
          r.campaign_id AS campaign_id, ${d} AS d
     FROM ${source} r WHERE r.quarantine_id IS NULL`;
const pgMoves = (rows: string) => `SELECT figure, slot, campaign_id, SUM(d)::integer AS n FROM (${rows}) x GROUP BY figure, slot, campaign_id HAVING SUM(d) <> 0`;
// The campaign rows first, then their tallies, both in order; an update that moves nothing (a
// pending row's mail columns) locks neither.
const pgMove = (rows: string) => `PERFORM 1 FROM "campaigns" WHERE "id" IN (SELECT campaign_id FROM (${pgMoves(rows)}) m) ORDER BY "id" FOR NO KEY UPDATE;
    INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n")
      SELECT figure, slot, campaign_id, n FROM (${pgMoves(rows)}) m ORDER BY campaign_id, figure, slot
      ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "tallies"."n" + EXCLUDED."n";`;
const pgFunction = `CREATE FUNCTION "tally_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${pgMove(pgRows('new_rows', 1))}
  ELSIF TG_OP = 'DELETE' THEN
    ${pgMove(pgRows('old_rows', -1))}
  ELSE
    ${pgMove(`${pgRows('new_rows', 1)} UNION ALL ${pgRows('old_rows', -1)}`)}
  END IF;
  RETURN NULL;
END $$`;
const pgUp = [
  pgFunction,
  ...TABLES.flatMap((t) => [
    `CREATE TRIGGER "tally_${t}_insert" AFTER INSERT ON "${t}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"()`,
    `CREATE TRIGGER "tally_${t}_delete" AFTER DELETE ON "${t}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"()`,
    `CREATE TRIGGER "tally_${t}_update" AFTER UPDATE ON "${t}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"()`,
    `INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n")
       SELECT figure, slot, campaign_id, COUNT(*)::integer FROM (${pgRows(`"${t}"`, 1).replace(/TG_TABLE_NAME/g, `'${t}'`)}) x GROUP BY figure, slot, campaign_id
       ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "tallies"."n" + EXCLUDED."n"`,
  ]),
];
const triggerNames = TABLES.flatMap((t) => ['insert', 'delete', 'update'].map((op) => [t, `tally_${t}_${op}`] as const));

export const Tallies1795780000001 = dialectMigration('Tallies1795780000001', {
  sqlite: {
    up: [CREATE_SQLITE, ...sqliteUp],
    down: [...triggerNames.map(([, name]) => `DROP TRIGGER "${name}"`), 'DROP TABLE "tallies"'],
  },
  postgres: {
    up: [
      CREATE_POSTGRES,
      ...pgUp,
    ],
    down: [...triggerNames.map(([table, name]) => `DROP TRIGGER "${name}" ON "${table}"`), 'DROP FUNCTION "tally_rows"()', 'DROP TABLE "tallies"'],
  },
});
