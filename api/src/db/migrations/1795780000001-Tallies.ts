import { dialectMigration } from './dialect-migration';

/**
 * The console's figures that a COUNT would read row by row, kept instead by triggers in the same
 * transaction as the rows they count (issue 23): every writer, present or future (signing,
 * confirming, the upkeep's deletion of expired pending rows, quarantine and restore, withdrawal,
 * erasure, removal), moves them without knowing they exist, and a rolled-back write moves nothing.
 *
 * - `<table>:<status>` per campaign (slot = campaign id) for every status but confirmed: the
 *   pending signatures and letters, the withdrawn letters. Outside any quarantine, as the lists show them.
 * - `<table>:counted` per quarter hour of created_at (slot = Unix seconds / 900): the rows the
 *   campaigns' counters count (confirmed, outside any quarantine), for the dashboard's chart, whose
 *   days start on a quarter hour in every time zone in use.
 *
 * On SQLite, row triggers (one writer at a time). On PostgreSQL, statement triggers over the
 * transition tables: one upsert a statement, its rows in (figure, slot) order, so that two
 * statements touching several campaigns lock their tallies in the same order; concurrent upserts of
 * one row wait for each other, so no increment is lost.
 *
 * A later migration that rebuilds supporters or letters on SQLite (TypeORM does, to change a column)
 * drops these triggers with the old table: write them back (services/tallies.test.ts checks they exist).
 */
const TABLES = ['supporters', 'letters'] as const;

const sqliteFigure = (table: string, r: string) => `CASE WHEN ${r}."status" = 'confirmed' THEN '${table}:counted' ELSE '${table}:' || ${r}."status" END`;
const sqliteSlot = (r: string) => `CASE WHEN ${r}."status" = 'confirmed' THEN CAST(strftime('%s', ${r}."created_at") AS INTEGER) / 900 ELSE ${r}."campaign_id" END`;
const sqliteMove = (table: string, r: 'NEW' | 'OLD', d: 1 | -1) =>
  `INSERT INTO "tallies" ("figure", "slot", "n") SELECT ${sqliteFigure(table, r)}, ${sqliteSlot(r)}, ${d} WHERE ${r}."quarantine_id" IS NULL ` +
  `ON CONFLICT ("figure", "slot") DO UPDATE SET "n" = "n" + excluded."n";`;
const sqliteUp = TABLES.flatMap((t) => [
  `CREATE TRIGGER "tally_${t}_insert" AFTER INSERT ON "${t}" BEGIN ${sqliteMove(t, 'NEW', 1)} END`,
  `CREATE TRIGGER "tally_${t}_delete" AFTER DELETE ON "${t}" BEGIN ${sqliteMove(t, 'OLD', -1)} END`,
  `CREATE TRIGGER "tally_${t}_update" AFTER UPDATE OF "status", "quarantine_id", "created_at", "campaign_id" ON "${t}" ` +
    `WHEN OLD."status" IS NOT NEW."status" OR OLD."quarantine_id" IS NOT NEW."quarantine_id" OR OLD."created_at" IS NOT NEW."created_at" OR OLD."campaign_id" IS NOT NEW."campaign_id" ` +
    `BEGIN ${sqliteMove(t, 'OLD', -1)} ${sqliteMove(t, 'NEW', 1)} END`,
  `INSERT INTO "tallies" ("figure", "slot", "n") SELECT ${sqliteFigure(t, 'r')} AS f, ${sqliteSlot('r')} AS s, COUNT(*) FROM "${t}" r WHERE r."quarantine_id" IS NULL GROUP BY f, s ` +
    `ON CONFLICT ("figure", "slot") DO UPDATE SET "n" = "n" + excluded."n"`,
]);

const pgRows = (source: string, d: 1 | -1) =>
  `SELECT CASE WHEN r.status = 'confirmed' THEN TG_TABLE_NAME || ':counted' ELSE TG_TABLE_NAME || ':' || r.status END AS figure,
          CASE WHEN r.status = 'confirmed' THEN floor(extract(epoch FROM r.created_at) / 900)::integer ELSE r.campaign_id END AS slot, ${d} AS d
     FROM ${source} r WHERE r.quarantine_id IS NULL`;
const pgMove = (rows: string) => `INSERT INTO "tallies" ("figure", "slot", "n")
    SELECT figure, slot, SUM(d)::integer FROM (${rows}) x GROUP BY figure, slot HAVING SUM(d) <> 0 ORDER BY figure, slot
    ON CONFLICT ("figure", "slot") DO UPDATE SET "n" = "tallies"."n" + EXCLUDED."n";`;
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
    `INSERT INTO "tallies" ("figure", "slot", "n")
       SELECT figure, slot, COUNT(*)::integer FROM (${pgRows(`"${t}"`, 1).replace(/TG_TABLE_NAME/g, `'${t}'`)}) x GROUP BY figure, slot
       ON CONFLICT ("figure", "slot") DO UPDATE SET "n" = "tallies"."n" + EXCLUDED."n"`,
  ]),
];
const triggerNames = TABLES.flatMap((t) => ['insert', 'delete', 'update'].map((op) => [t, `tally_${t}_${op}`] as const));

export const Tallies1795780000001 = dialectMigration('Tallies1795780000001', {
  sqlite: {
    up: ['CREATE TABLE "tallies" ("figure" varchar(40) NOT NULL, "slot" integer NOT NULL, "n" integer NOT NULL DEFAULT (0), PRIMARY KEY ("figure", "slot"))', ...sqliteUp],
    down: [...triggerNames.map(([, name]) => `DROP TRIGGER "${name}"`), 'DROP TABLE "tallies"'],
  },
  postgres: {
    up: [
      'CREATE TABLE "tallies" ("figure" character varying(40) NOT NULL, "slot" integer NOT NULL, "n" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_89761c783e9343747b994f33b34" PRIMARY KEY ("figure", "slot"))',
      ...pgUp,
    ],
    down: [...triggerNames.map(([table, name]) => `DROP TRIGGER "${name}" ON "${table}"`), 'DROP FUNCTION "tally_rows"()', 'DROP TABLE "tallies"'],
  },
});
