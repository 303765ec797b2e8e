import { IsNull } from 'typeorm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { DEMO_CAMPAIGNS } from './demo-data';
import { seedDemoData } from './seed';

describeEachDatabase('database schema and demo data', (t) => {
  it('migrations build exactly the schema the entities describe (no drift)', async () => {
    const pending = await t.db.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('runs with foreign keys on (and WAL on SQLite)', async () => {
    if (t.dialect === 'sqlite') {
      const [{ journal_mode }] = await t.db.ds.query('PRAGMA journal_mode');
      const [{ foreign_keys }] = await t.db.ds.query('PRAGMA foreign_keys');
      expect(journal_mode).toBe('wal');
      expect(foreign_keys).toBe(1);
    }
    await expect(
      t.db.ds.getRepository(t.db.entities.Supporter).insert({
        campaign_id: 987654,
        name: 'Nobody',
        email: 'nobody@example.org',
        street_address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62704',
      }),
    ).rejects.toThrow();
  });

  it('seeds demo campaigns with exact counters, served by the public API', async () => {
    await seedDemoData(t.db);
    const res = await t.api('GET', '/api/campaigns');
    const titles = res.body.data.map((c: { title: string }) => c.title);
    for (const d of DEMO_CAMPAIGNS) expect(titles).toContain(d.campaign.title);
    const campaigns = await t.db.ds.getRepository(t.db.entities.Campaign).find();
    for (const c of campaigns) {
      // The counter holds confirmed rows no quarantine has taken out.
      const rows = await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id, status: 'confirmed', quarantine_id: IsNull() });
      expect(c.supporter_count).toBe(rows);
      // A campaign starts before its first signature (the dashboard shows both dates).
      const first = await t.db.ds.getRepository(t.db.entities.Supporter).findOne({ where: { campaign_id: c.id }, order: { created_at: 'ASC' } });
      if (first) expect(c.created_at.getTime()).toBeLessThan(first.created_at.getTime());
    }
    // Both kinds of campaign: counting at once, and counting once confirmed, with some still pending.
    const confirming = campaigns.filter((c) => c.require_confirmation);
    expect(confirming.length).toBeGreaterThan(0);
    expect(confirming.length).toBeLessThan(campaigns.length);
    for (const c of confirming) expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id, status: 'pending' })).toBeGreaterThan(0);
    const full = campaigns.find((c) => c.title === DEMO_CAMPAIGNS[0]!.campaign.title)!;
    expect([full.decision_body, full.jurisdiction, full.meeting_date, full.agenda_item_number, full.project_name]).not.toContain(null);
    const bare = campaigns.find((c) => c.title === DEMO_CAMPAIGNS[1]!.campaign.title)!;
    expect([bare.decision_body, bare.jurisdiction, bare.meeting_date, bare.agenda_item_number, bare.project_name]).toEqual([null, null, null, null, null]);
    // A burst already quarantined, and one the dashboard flags (for the first hour after seeding).
    expect(await t.db.ds.getRepository(t.db.entities.Quarantine).countBy({ campaign_id: bare.id })).toBe(1);
    const dashboard = await t.api('GET', '/api/admin/dashboard', { cookie: await t.adminCookie() });
    expect(dashboard.body.data.flood_alerts).toEqual([expect.objectContaining({ campaign_id: bare.id, kind: 'network', source: '198.51.100.0/24', signatures: 60 })]);
    // Made-up wards with their council members, and writers placed in them: residents, non-residents, unknown, self-reported.
    const [wards, ...more] = await t.db.ds.getRepository(t.db.entities.BoundarySet).find();
    expect(more).toEqual([]);
    expect(campaigns.filter((c) => c.boundary_set_id === wards!.id).length).toBeGreaterThan(1);
    expect(await t.db.ds.getRepository(t.db.entities.District).countBy({ boundary_set_id: wards!.id, representative_title: 'Council Member' })).toBe(4);
    for (const table of [t.db.entities.Supporter, t.db.entities.Letter]) {
      for (const residency of ['resident', 'non_resident', 'unknown'] as const) expect(await t.db.ds.getRepository(table).countBy({ residency })).toBeGreaterThan(0);
      expect(await t.db.ds.getRepository(table).countBy({ district_source: 'self_reported' })).toBeGreaterThan(0);
    }
    // Every demo letter knows its writer's own words: the note every other writer added, or none.
    const letters = await t.db.ds.getRepository(t.db.entities.Letter).find();
    for (const l of letters) expect(l.own_words === '' || (l.own_words !== null && l.letter_content.includes(l.own_words)), l.own_words ?? 'null').toBe(true);
    expect(letters.filter((l) => l.own_words).length).toBeGreaterThan(0);
    expect(letters.filter((l) => l.own_words === '').length).toBeGreaterThan(0);
    const points = await t.db.ds.getRepository(t.db.entities.MessagePoint).find();
    expect(points.some((p) => p.is_locked)).toBe(true);
    expect(points.some((p) => p.campaign_id === null)).toBe(true);
  });
});

/** Tables Dais never deletes from (the outbox keeps every message; users stay), so no delete checks a key to them. */
const NEVER_DELETED = new Set(['mail_outbox', 'users']);

describeEachDatabase('foreign keys', (t) => {
  it('are each served by an index that starts with their columns (a delete checks them: without one, a scan per row deleted)', async () => {
    const unserved: string[] = [];
    for (const entity of t.db.ds.entityMetadatas) {
      const leading = [
        entity.primaryColumns.map((c) => c.databaseName),
        ...entity.indices.map((i) => i.columns.map((c) => c.databaseName)),
        ...entity.uniques.map((u) => u.columns.map((c) => c.databaseName)),
      ];
      for (const fk of entity.foreignKeys) {
        if (NEVER_DELETED.has(fk.referencedTablePath)) continue;
        const columns = fk.columns.map((c) => c.databaseName);
        if (!leading.some((index) => columns.every((c, i) => index[i] === c))) unserved.push(`${entity.tableName}(${columns.join(', ')})`);
      }
    }
    expect(unserved).toEqual([]);
  });
});
