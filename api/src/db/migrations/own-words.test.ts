import { expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { OwnWords1795830000001 } from './1795830000001-OwnWords';

/** The triggers on "letters" (tallies, the geocoding queue), by name. */
async function letterTriggers(t: TestServer): Promise<string[]> {
  const rows: { name: string }[] =
    t.dialect === 'postgres'
      ? await t.db.ds.query(`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = '"letters"'::regclass AND NOT tgisinternal ORDER BY 1`)
      : await t.db.ds.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'letters' ORDER BY 1`);
  return rows.map((r) => r.name);
}

describeEachDatabase("the migration that keeps each letter's own words", (t) => {
  it('leaves the letters stored before it without them ("not known"), keeps the triggers on letters, and builds the schema the entities describe', async () => {
    const c = await t.campaign({});
    const triggers = await letterTriggers(t);
    expect(triggers.length).toBeGreaterThan(0);
    const runner = t.db.ds.createQueryRunner();
    const migration = new OwnWords1795830000001();
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, street_address, city, state, zip_code, perspective, campaign_title, message_point_ids) ` +
          `VALUES (${c.id}, 'Dear Council, my own words.', 'A writer', 'writer@example.org', '1 Main St', 'Springfield', 'IL', '62704', 'homeowner', 'A campaign', '[]')`,
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const [letter] = await t.db.ds.getRepository(t.db.entities.Letter).findBy({ campaign_id: c.id });
    expect(letter?.own_words).toBeNull();
    expect(await letterTriggers(t)).toEqual(triggers);
    const pending = await t.db.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
