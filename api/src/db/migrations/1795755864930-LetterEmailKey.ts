import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * letters.email_key: the writer's address folded as a signature's is, so that a removal link and an
 * erasure find a letter under any form of the address (a +tag, Gmail's dots), with its index.
 *
 * Written by hand rather than generated: on SQLite the generator rebuilds the whole table for a new
 * column, which would drop any column or index another branch added to letters meanwhile; a
 * nullable column can simply be added on both databases. Existing letters are folded here, in
 * TypeScript, a batch at a time.
 */
export class LetterEmailKey1795755864930 implements MigrationInterface {
  name = 'LetterEmailKey1795755864930';

  async up(q: QueryRunner): Promise<void> {
    const postgres = q.connection.options.type === 'postgres';
    await q.query(`ALTER TABLE "letters" ADD ${postgres ? '' : 'COLUMN '}"email_key" ${postgres ? 'character varying(254)' : 'varchar(254)'}`);
    let after = 0;
    for (;;) {
      const rows = (await q.query(
        `SELECT "id", "supporter_email" FROM "letters" WHERE "id" > ${postgres ? '$1' : '?'} AND "supporter_email" <> '' ORDER BY "id" LIMIT ${BATCH}`,
        [after],
      )) as { id: number | string; supporter_email: string }[];
      if (rows.length === 0) break;
      // One statement per batch: CASE "id" WHEN id THEN key ..., bound two parameters a row.
      const p = (n: number) => (postgres ? `$${n}` : '?');
      const cases = rows.map((_r, i) => `WHEN ${p(2 * i + 1)} THEN ${p(2 * i + 2)}`).join(' ');
      const ids = rows.map((_r, i) => p(2 * rows.length + i + 1)).join(', ');
      await q.query(`UPDATE "letters" SET "email_key" = CASE "id" ${cases} END WHERE "id" IN (${ids})`, [
        ...rows.flatMap((r) => [Number(r.id), foldedAddress(r.supporter_email)]),
        ...rows.map((r) => Number(r.id)),
      ]);
      after = Number(rows[rows.length - 1]!.id);
    }
    await q.query(`CREATE INDEX "idx_letters_campaign_email_key" ON "letters" ("campaign_id", "email_key")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_letters_campaign_email_key"`);
    await q.query(`ALTER TABLE "letters" DROP COLUMN "email_key"`);
  }
}

const BATCH = 500;

/**
 * floods/sources.ts emailKey as it stood when this migration was written (a migration keeps its
 * meaning if the app's folding changes later, and the database layer imports nothing from above it;
 * letter-email-key.test.ts holds the two to one answer): lower case, no +tag, and at Gmail no dots,
 * under one Gmail domain.
 */
export function foldedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email.slice(at + 1).trim().toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
