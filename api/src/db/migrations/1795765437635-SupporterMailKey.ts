import type { MigrationInterface, QueryRunner } from 'typeorm';
import { foldedAddress } from './1795755864930-LetterEmailKey';

/**
 * supporter_mails.email_key: the address an e-mail went to, folded as signatures' and letters' are,
 * so that an erasure finds the e-mails sent to a form of the address no record holds any more, and a
 * removal link marks every form's e-mails removed. The key's index takes the place of the address's
 * (nothing looks an e-mail up by its address as typed any more). Written by hand, like
 * LetterEmailKey, so that SQLite adds a column rather than rebuilding the table; existing rows are
 * folded a batch at a time with that migration's folding.
 */
export class SupporterMailKey1795765437635 implements MigrationInterface {
  name = 'SupporterMailKey1795765437635';

  async up(q: QueryRunner): Promise<void> {
    const postgres = q.connection.options.type === 'postgres';
    const p = (n: number) => (postgres ? `$${n}` : '?');
    await q.query(`ALTER TABLE "supporter_mails" ADD ${postgres ? '' : 'COLUMN '}"email_key" ${postgres ? 'character varying(254)' : 'varchar(254)'}`);
    let after = 0;
    for (;;) {
      const rows = (await q.query(`SELECT "id", "email" FROM "supporter_mails" WHERE "id" > ${p(1)} ORDER BY "id" LIMIT ${BATCH}`, [after])) as {
        id: number | string;
        email: string;
      }[];
      if (rows.length === 0) break;
      const cases = rows.map((_r, i) => `WHEN ${p(2 * i + 1)} THEN ${p(2 * i + 2)}`).join(' ');
      const ids = rows.map((_r, i) => p(2 * rows.length + i + 1)).join(', ');
      await q.query(`UPDATE "supporter_mails" SET "email_key" = CASE "id" ${cases} END WHERE "id" IN (${ids})`, [
        ...rows.flatMap((r) => [Number(r.id), foldedAddress(r.email)]),
        ...rows.map((r) => Number(r.id)),
      ]);
      after = Number(rows[rows.length - 1]!.id);
    }
    await q.query(`DROP INDEX "idx_supporter_mails_address"`);
    await q.query(`CREATE INDEX "idx_supporter_mails_key" ON "supporter_mails" ("campaign_id", "email_key")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_supporter_mails_key"`);
    await q.query(`CREATE INDEX "idx_supporter_mails_address" ON "supporter_mails" ("campaign_id", "email")`);
    await q.query(`ALTER TABLE "supporter_mails" DROP COLUMN "email_key"`);
  }
}

const BATCH = 500;
