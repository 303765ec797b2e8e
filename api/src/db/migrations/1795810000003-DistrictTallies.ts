import { dialectMigration } from './dialect-migration';

/**
 * Issue 25: the console counts signatures and letters by district and by residency from the tallies
 * (Tallies1795780000001), as it counts positions (Positions1795800000001): figures
 * `<table>:district:<district id>` and `<table>:residency:<residency>`, slot 0, for the counted rows
 * (confirmed, outside any quarantine) that have one, moved in the transaction that moves the row, the
 * geocoding worker's placing of a row included. A campaign's counts cost one read however many rows.
 *
 * SQLite: row triggers that fire only for a row with a district or a residency (every row of a
 * campaign without a boundary set has neither). PostgreSQL: the tallies' statement function is
 * replaced by one that moves these figures too, so a signature batch still fires one trigger.
 */
const TABLES = ['supporters', 'letters'] as const;
const FIGURES = [
  { name: 'district', column: 'district_id' },
  { name: 'residency', column: 'residency' },
] as const;
type Figure = (typeof FIGURES)[number];

const counted = (r: string, f: Figure) => `${r}."${f.column}" IS NOT NULL AND ${r}."status" = 'confirmed' AND ${r}."quarantine_id" IS NULL`;

// --- SQLite: one trigger per table, operation and figure.
const sqliteMove = (table: string, f: Figure, r: 'NEW' | 'OLD', d: 1 | -1) =>
  `INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n") SELECT '${table}:${f.name}:' || ${r}."${f.column}", 0, ${r}."campaign_id", ${d} WHERE ${counted(r, f)} ` +
  `ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "n" + excluded."n";`;
const sqliteTriggers = TABLES.flatMap((t) =>
  FIGURES.flatMap((f) => {
    const moved = [f.column, 'status', 'quarantine_id', 'campaign_id'];
    return [
      `CREATE TRIGGER "tally_${t}_${f.name}_insert" AFTER INSERT ON "${t}" WHEN NEW."${f.column}" IS NOT NULL BEGIN ${sqliteMove(t, f, 'NEW', 1)} END`,
      `CREATE TRIGGER "tally_${t}_${f.name}_delete" AFTER DELETE ON "${t}" WHEN OLD."${f.column}" IS NOT NULL BEGIN ${sqliteMove(t, f, 'OLD', -1)} END`,
      `CREATE TRIGGER "tally_${t}_${f.name}_update" AFTER UPDATE OF ${moved.map((c) => `"${c}"`).join(', ')} ON "${t}" ` +
        `WHEN (OLD."${f.column}" IS NOT NULL OR NEW."${f.column}" IS NOT NULL) AND (${moved.map((c) => `OLD."${c}" IS NOT NEW."${c}"`).join(' OR ')}) ` +
        `BEGIN ${sqliteMove(t, f, 'OLD', -1)} ${sqliteMove(t, f, 'NEW', 1)} END`,
    ];
  }),
);
const sqliteTriggerNames = TABLES.flatMap((t) => FIGURES.flatMap((f) => ['insert', 'delete', 'update'].map((op) => `tally_${t}_${f.name}_${op}`)));

// --- PostgreSQL: Positions1795800000001's function (frozen there, so copied), with these figures added.
const statusRows = (source: string, d: 1 | -1) =>
  `SELECT CASE WHEN r.status = 'confirmed' THEN TG_TABLE_NAME || ':counted' ELSE TG_TABLE_NAME || ':' || r.status END AS figure,
          CASE WHEN r.status = 'confirmed' THEN floor(extract(epoch FROM r.created_at) / 900)::integer ELSE 0 END AS slot,
          r.campaign_id AS campaign_id, ${d} AS d
     FROM ${source} r WHERE r.quarantine_id IS NULL`;
const figureRows = (name: string, column: string, source: string, d: 1 | -1) =>
  `SELECT TG_TABLE_NAME || ':${name}:' || r.${column} AS figure, 0 AS slot, r.campaign_id AS campaign_id, ${d} AS d
     FROM ${source} r WHERE r.${column} IS NOT NULL AND r.status = 'confirmed' AND r.quarantine_id IS NULL`;
const pgMoves = (rows: string) => `SELECT figure, slot, campaign_id, SUM(d)::integer AS n FROM (${rows}) x GROUP BY figure, slot, campaign_id HAVING SUM(d) <> 0`;
const pgMove = (rows: string) => `PERFORM 1 FROM "campaigns" WHERE "id" IN (SELECT campaign_id FROM (${pgMoves(rows)}) m) ORDER BY "id" FOR NO KEY UPDATE;
    INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n")
      SELECT figure, slot, campaign_id, n FROM (${pgMoves(rows)}) m ORDER BY campaign_id, figure, slot
      ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "tallies"."n" + EXCLUDED."n";`;
const rowsOf = (withDistricts: boolean) => (source: string, d: 1 | -1) =>
  [
    statusRows(source, d),
    figureRows('position', 'position', source, d),
    ...(withDistricts ? FIGURES.map((f) => figureRows(f.name, f.column, source, d)) : []),
  ].join(' UNION ALL ');
const tallyFunction = (withDistricts: boolean) => {
  const rows = rowsOf(withDistricts);
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

const FORGET_TALLIES = `DELETE FROM "tallies" WHERE "figure" LIKE '%:district:%' OR "figure" LIKE '%:residency:%'`;

export const DistrictTallies1795810000003 = dialectMigration('DistrictTallies1795810000003', {
  sqlite: {
    up: sqliteTriggers,
    down: [...sqliteTriggerNames.map((name) => `DROP TRIGGER "${name}"`), FORGET_TALLIES],
  },
  postgres: {
    up: [tallyFunction(true)],
    down: [tallyFunction(false), FORGET_TALLIES],
  },
});
