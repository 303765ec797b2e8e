import { dialectMigration } from './dialect-migration';

/**
 * Issue 24: a position, where the campaign asks for one (contract/position.ts). Campaigns gain
 * whether they ask one, the organiser's words for each choice and whether the widget shows the
 * counts; signatures and letters gain the position their writer chose (null where none was asked:
 * every row stored before this).
 *
 * The console counts by position from the tallies (Tallies1795780000001): figure
 * `<table>:position:<position>`, slot 0, for the counted rows (confirmed, outside any quarantine)
 * that took one, moved in the transaction that moves the row, so a campaign's counts by position
 * cost one read however many rows there are.
 *
 * Written by hand: columns are added in place (ALTER TABLE ... ADD COLUMN) rather than by the table
 * rebuild TypeORM writes for SQLite, which would drop the tallies' triggers with the old tables. On
 * SQLite, row triggers that fire only for a row with a position. On PostgreSQL, the tallies'
 * statement function itself is replaced by one that also moves positions: one trigger a statement
 * as before, not a second (a signature batch's INSERT is the hot path).
 */
const TABLES = ['supporters', 'letters'] as const;
const COLUMNS_ADDED = {
  sqlite: [
    `ALTER TABLE "campaigns" ADD COLUMN "position_options" varchar(24) NOT NULL DEFAULT ('none')`,
    `ALTER TABLE "campaigns" ADD COLUMN "position_labels" text NOT NULL DEFAULT ('{}')`,
    `ALTER TABLE "campaigns" ADD COLUMN "show_position_counts" boolean NOT NULL DEFAULT (0)`,
    ...TABLES.map((t) => `ALTER TABLE "${t}" ADD COLUMN "position" varchar(8)`),
  ],
  postgres: [
    `ALTER TABLE "campaigns" ADD "position_options" character varying(24) NOT NULL DEFAULT 'none'`,
    `ALTER TABLE "campaigns" ADD "position_labels" text NOT NULL DEFAULT '{}'`,
    `ALTER TABLE "campaigns" ADD "show_position_counts" boolean NOT NULL DEFAULT false`,
    ...TABLES.map((t) => `ALTER TABLE "${t}" ADD "position" character varying(8)`),
  ],
};
const COLUMNS_DROPPED = [
  ...TABLES.map((t) => `ALTER TABLE "${t}" DROP COLUMN "position"`),
  'ALTER TABLE "campaigns" DROP COLUMN "show_position_counts"',
  'ALTER TABLE "campaigns" DROP COLUMN "position_labels"',
  'ALTER TABLE "campaigns" DROP COLUMN "position_options"',
];
const FORGET_TALLIES = `DELETE FROM "tallies" WHERE "figure" LIKE '%:position:%'`;

const counted = (r: string) => `${r}."position" IS NOT NULL AND ${r}."status" = 'confirmed' AND ${r}."quarantine_id" IS NULL`;
const sqliteMove = (table: string, r: 'NEW' | 'OLD', d: 1 | -1) =>
  `INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n") SELECT '${table}:position:' || ${r}."position", 0, ${r}."campaign_id", ${d} WHERE ${counted(r)} ` +
  `ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "n" + excluded."n";`;
const moved = ['position', 'status', 'quarantine_id', 'campaign_id'];
const sqliteTriggers = TABLES.flatMap((t) => [
  `CREATE TRIGGER "tally_${t}_position_insert" AFTER INSERT ON "${t}" WHEN NEW."position" IS NOT NULL BEGIN ${sqliteMove(t, 'NEW', 1)} END`,
  `CREATE TRIGGER "tally_${t}_position_delete" AFTER DELETE ON "${t}" WHEN OLD."position" IS NOT NULL BEGIN ${sqliteMove(t, 'OLD', -1)} END`,
  `CREATE TRIGGER "tally_${t}_position_update" AFTER UPDATE OF ${moved.map((c) => `"${c}"`).join(', ')} ON "${t}" ` +
    `WHEN (OLD."position" IS NOT NULL OR NEW."position" IS NOT NULL) AND (${moved.map((c) => `OLD."${c}" IS NOT NEW."${c}"`).join(' OR ')}) ` +
    `BEGIN ${sqliteMove(t, 'OLD', -1)} ${sqliteMove(t, 'NEW', 1)} END`,
]);
const sqliteTriggerNames = TABLES.flatMap((t) => ['insert', 'delete', 'update'].map((op) => `tally_${t}_position_${op}`));

// Tallies1795780000001's rows, as written there (its migration is frozen, so copied, not imported).
const statusRows = (source: string, d: 1 | -1) =>
  `SELECT CASE WHEN r.status = 'confirmed' THEN TG_TABLE_NAME || ':counted' ELSE TG_TABLE_NAME || ':' || r.status END AS figure,
          CASE WHEN r.status = 'confirmed' THEN floor(extract(epoch FROM r.created_at) / 900)::integer ELSE 0 END AS slot,
          r.campaign_id AS campaign_id, ${d} AS d
     FROM ${source} r WHERE r.quarantine_id IS NULL`;
const positionRows = (source: string, d: 1 | -1) =>
  `SELECT TG_TABLE_NAME || ':position:' || r.position AS figure, 0 AS slot, r.campaign_id AS campaign_id, ${d} AS d
     FROM ${source} r WHERE ${counted('r')}`;
const pgMoves = (rows: string) => `SELECT figure, slot, campaign_id, SUM(d)::integer AS n FROM (${rows}) x GROUP BY figure, slot, campaign_id HAVING SUM(d) <> 0`;
// As Tallies': the campaign rows first (FOR NO KEY UPDATE, in id order), then their tallies.
const pgMove = (rows: string) => `PERFORM 1 FROM "campaigns" WHERE "id" IN (SELECT campaign_id FROM (${pgMoves(rows)}) m) ORDER BY "id" FOR NO KEY UPDATE;
    INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n")
      SELECT figure, slot, campaign_id, n FROM (${pgMoves(rows)}) m ORDER BY campaign_id, figure, slot
      ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "tallies"."n" + EXCLUDED."n";`;
const rowsOf = (withPositions: boolean) => (source: string, d: 1 | -1) =>
  withPositions ? `${statusRows(source, d)} UNION ALL ${positionRows(source, d)}` : statusRows(source, d);
const tallyFunction = (withPositions: boolean) => {
  const rows = rowsOf(withPositions);
  return `CREATE OR REPLACE FUNCTION "tally_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${pgMove(rows('new_rows', 1))}
  ELSIF TG_OP = 'DELETE' THEN
    ${pgMove(rows('old_rows', -1))}
  ELSE
    ${pgMove(`${rows('new_rows', 1)} UNION ALL ${rows('old_rows', -1)}`)}
  END IF;
  RETURN NULL;
END $$`;
};

export const Positions1795800000001 = dialectMigration('Positions1795800000001', {
  sqlite: {
    up: [...COLUMNS_ADDED.sqlite, ...sqliteTriggers],
    down: [...sqliteTriggerNames.map((name) => `DROP TRIGGER "${name}"`), FORGET_TALLIES, ...COLUMNS_DROPPED],
  },
  postgres: {
    up: [...COLUMNS_ADDED.postgres, tallyFunction(true)],
    down: [tallyFunction(false), FORGET_TALLIES, ...COLUMNS_DROPPED],
  },
});
