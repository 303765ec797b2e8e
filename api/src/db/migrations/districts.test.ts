import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { Districts1795810000001 } from './1795810000001-Districts';
import { GeocodeJobs1795810000002 } from './1795810000002-GeocodeJobs';
import { DistrictTallies1795810000003 } from './1795810000003-DistrictTallies';
import { LettersToRepresentatives1795810000004 } from './1795810000004-LettersToRepresentatives';

const SQUARE = JSON.stringify({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] });

describeEachDatabase('the migration that adds boundary sets and districts', (t) => {
  it('adds its columns in place: the tallies keep counting, and the schema is what the entities describe', async () => {
    const triggers = () =>
      t.dialect === 'sqlite'
        ? t.db.ds.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('supporters', 'letters') ORDER BY name`)
        : t.db.ds.query(`SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgrelid IN ('supporters'::regclass, 'letters'::regclass) ORDER BY tgname`);
    const before = await triggers();
    expect(before.length).toBeGreaterThan(0);

    const runner = t.db.ds.createQueryRunner();
    // The migrations after it build on its columns: taken down first, put back after.
    const migrations = [new Districts1795810000001(), new GeocodeJobs1795810000002(), new DistrictTallies1795810000003(), new LettersToRepresentatives1795810000004()];
    try {
      for (const m of [...migrations].reverse()) await m.down(runner);
      for (const m of migrations) await m.up(runner);
    } finally {
      await runner.release();
    }
    expect(await triggers()).toEqual(before);
    const pending = await t.db.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);

    // A signature after it still moves the campaign's tally, and carries no district yet.
    const c = await t.campaign({ require_confirmation: false });
    const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, {
      body: { name: 'Ada Lovelace', email: 'ada@example.org', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62704' },
    });
    expect(signed.status, signed.text).toBe(200);
    const tally = await t.db.ds.getRepository(t.db.entities.Tally).findBy({ campaign_id: c.id, figure: 'supporters:counted' });
    expect(tally.reduce((n, row) => n + row.n, 0)).toBe(1);
    const row = await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ campaign_id: c.id });
    expect(row).toMatchObject({ district_id: null, district_name: null, residency: null, district_source: null });
  });

  it('refuses a campaign with an unknown set and the deletion of a set in use; deleting a set takes its districts', async () => {
    const sets = t.db.ds.getRepository(t.db.entities.BoundarySet);
    const districts = t.db.ds.getRepository(t.db.entities.District);
    const campaigns = t.db.ds.getRepository(t.db.entities.Campaign);
    const set = await sets.save({ name: 'Wards' });
    await districts.insert({ boundary_set_id: set.id, position: 0, name: 'Ward 1', geometry: SQUARE, min_lon: 0, min_lat: 0, max_lon: 1, max_lat: 1 });
    const c = await t.campaign();

    await expect(campaigns.update({ id: c.id }, { boundary_set_id: 987_654 })).rejects.toThrow();
    await expect(t.campaign({ boundary_set_id: 987_654 })).rejects.toThrow();
    await campaigns.update({ id: c.id }, { boundary_set_id: set.id });
    await expect(sets.delete({ id: set.id })).rejects.toThrow();
    expect(await districts.countBy({ boundary_set_id: set.id })).toBe(1);

    await campaigns.update({ id: c.id }, { boundary_set_id: null });
    await sets.delete({ id: set.id });
    expect(await districts.countBy({ boundary_set_id: set.id })).toBe(0);
  });
});
