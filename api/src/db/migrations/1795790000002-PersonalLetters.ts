import { dialectMigration } from './dialect-migration';

/**
 * Issue 24: a letter is personal when it carries enough of its writer's own words
 * (contract/personal-letter.ts); submit-letter decides it and stores it in `personal`. The console
 * counts personal letters among the counted ones (confirmed, outside any quarantine) from a tally
 * kept as Tallies1795780000001 keeps the others: figure 'letters:personal', slot 0, moved by
 * triggers in the transaction that moves the row, so the dashboard reads one row a campaign however
 * many letters there are.
 *
 * Written by hand: the column is added in place (ALTER TABLE ... ADD COLUMN) rather than by the
 * table rebuild TypeORM writes for SQLite, which would drop the tallies' triggers with the old table.
 * Letters stored before it are not personal: their generated text is not known to compare with.
 */
const isPersonal = (r: string) => `${r}."personal" AND ${r}."status" = 'confirmed' AND ${r}."quarantine_id" IS NULL`;

const sqliteMove = (r: 'NEW' | 'OLD', d: 1 | -1) =>
  `INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n") SELECT 'letters:personal', 0, ${r}."campaign_id", ${d} WHERE ${isPersonal(r)} ` +
  `ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "n" + excluded."n";`;
const moved = ['personal', 'status', 'quarantine_id', 'campaign_id'];
const sqliteUp = [
  'ALTER TABLE "letters" ADD COLUMN "personal" boolean NOT NULL DEFAULT (0)',
  `CREATE TRIGGER "tally_letters_personal_insert" AFTER INSERT ON "letters" WHEN NEW."personal" BEGIN ${sqliteMove('NEW', 1)} END`,
  `CREATE TRIGGER "tally_letters_personal_delete" AFTER DELETE ON "letters" WHEN OLD."personal" BEGIN ${sqliteMove('OLD', -1)} END`,
  `CREATE TRIGGER "tally_letters_personal_update" AFTER UPDATE OF ${moved.map((c) => `"${c}"`).join(', ')} ON "letters" ` +
    `WHEN (OLD."personal" OR NEW."personal") AND (${moved.map((c) => `OLD."${c}" IS NOT NEW."${c}"`).join(' OR ')}) ` +
    `BEGIN ${sqliteMove('OLD', -1)} ${sqliteMove('NEW', 1)} END`,
];

// As Tallies' tally_rows: the campaign rows first (FOR NO KEY UPDATE, in id order), then the tallies.
const pgRows = (source: string, d: 1 | -1) => `SELECT r.campaign_id AS campaign_id, ${d} AS d FROM ${source} r WHERE ${isPersonal('r')}`;
const pgMoves = (rows: string) => `SELECT campaign_id, SUM(d)::integer AS n FROM (${rows}) x GROUP BY campaign_id HAVING SUM(d) <> 0`;
const pgMove = (rows: string) => `PERFORM 1 FROM "campaigns" WHERE "id" IN (SELECT campaign_id FROM (${pgMoves(rows)}) m) ORDER BY "id" FOR NO KEY UPDATE;
    INSERT INTO "tallies" ("figure", "slot", "campaign_id", "n")
      SELECT 'letters:personal', 0, campaign_id, n FROM (${pgMoves(rows)}) m ORDER BY campaign_id
      ON CONFLICT ("figure", "slot", "campaign_id") DO UPDATE SET "n" = "tallies"."n" + EXCLUDED."n";`;
const pgUp = [
  'ALTER TABLE "letters" ADD "personal" boolean NOT NULL DEFAULT false',
  `CREATE FUNCTION "tally_personal_letters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${pgMove(pgRows('new_rows', 1))}
  ELSIF TG_OP = 'DELETE' THEN
    ${pgMove(pgRows('old_rows', -1))}
  ELSE
    ${pgMove(`${pgRows('new_rows', 1)} UNION ALL ${pgRows('old_rows', -1)}`)}
  END IF;
  RETURN NULL;
END $$`,
  `CREATE TRIGGER "tally_letters_personal_insert" AFTER INSERT ON "letters" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tally_personal_letters"()`,
  `CREATE TRIGGER "tally_letters_personal_delete" AFTER DELETE ON "letters" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tally_personal_letters"()`,
  `CREATE TRIGGER "tally_letters_personal_update" AFTER UPDATE ON "letters" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tally_personal_letters"()`,
];
const triggers = ['insert', 'delete', 'update'].map((op) => `tally_letters_personal_${op}`);

export const PersonalLetters1795790000002 = dialectMigration('PersonalLetters1795790000002', {
  sqlite: {
    up: sqliteUp,
    down: [...triggers.map((name) => `DROP TRIGGER "${name}"`), `DELETE FROM "tallies" WHERE "figure" = 'letters:personal'`, 'ALTER TABLE "letters" DROP COLUMN "personal"'],
  },
  postgres: {
    up: pgUp,
    down: [
      ...triggers.map((name) => `DROP TRIGGER "${name}" ON "letters"`),
      'DROP FUNCTION "tally_personal_letters"()',
      `DELETE FROM "tallies" WHERE "figure" = 'letters:personal'`,
      'ALTER TABLE "letters" DROP COLUMN "personal"',
    ],
  },
});
