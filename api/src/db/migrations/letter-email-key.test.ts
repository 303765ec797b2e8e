import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { emailKey } from '../../floods/sources';
import { LetterEmailKey1795755864930 } from './1795755864930-LetterEmailKey';

describeEachDatabase('the migration that gives letters a folded address', (t) => {
  it("folds the address of every letter written before it, as a signature's is folded, and leaves the schema the entities describe", async () => {
    const c = await t.campaign({});
    const runner = t.db.ds.createQueryRunner();
    const migration = new LetterEmailKey1795755864930();
    try {
      // Back to before the column, then 1,201 letters (more than one batch): Gmail with dots and a
      // +tag, another provider with a +tag in capitals, plain ones, and one already anonymised.
      await migration.down(runner);
      const n = t.dialect === 'postgres' ? 'g' : 'value';
      const series =
        t.dialect === 'postgres'
          ? 'FROM generate_series(1, 1200) AS g'
          : 'FROM (WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM s WHERE value < 1200) SELECT value FROM s)';
      const email = `CASE ${n} % 3 WHEN 0 THEN 'Jo.Writer.' || ${n} || '+council@GoogleMail.com' WHEN 1 THEN 'Writer' || ${n} || '+Petition@Example.ORG' ELSE 'writer' || ${n} || '@example.org' END`;
      const insert = (emailSql: string, from: string) =>
        runner.query(
          `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, street_address, city, state, zip_code, perspective, campaign_title, message_point_ids) ` +
            `SELECT ${c.id}, 'Dear Council', 'A writer', ${emailSql}, '1 Main St', 'Springfield', 'IL', '62704', 'homeowner', 'A campaign', '[]' ${from}`,
        );
      await insert(email, series);
      await insert("''", '');
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const letters = await t.db.ds.getRepository(t.db.entities.Letter).find({ select: { supporter_email: true, email_key: true }, where: { campaign_id: c.id } });
    expect(letters).toHaveLength(1201);
    for (const l of letters) expect(l.email_key, l.supporter_email).toBe(l.supporter_email === '' ? null : emailKey(l.supporter_email));
    expect(letters.find((l) => l.supporter_email === 'Jo.Writer.3+council@GoogleMail.com')?.email_key).toBe('jowriter3@gmail.com');
    const pending = await t.db.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
