/**
 * Issue 25 points 5 and 6 with GEOCODER=off (the default): the widget's list of districts, a
 * supporter's own district stored as self-reported, and what the console shows and counts of it
 * (counted rows only; non-residents labelled, never hidden).
 */
import { beforeAll, expect, it } from 'vitest';
import type { CampaignRow } from '../db/types';
import { describeEachDatabase } from '../../test/harness';
import { TWO_WARDS } from '../../test/boundaries';

describeEachDatabase('districts without a geocoder, in the widget and the console', (t) => {
  let campaign: CampaignRow;
  let wards: { id: number; name: string }[];
  let cookie: string;

  beforeAll(async () => {
    cookie = await t.adminCookie();
    const set = await t.api('POST', '/api/admin/boundary-sets', { cookie, body: { name: 'Springfield wards', geojson: TWO_WARDS } });
    wards = set.body.data.districts;
    campaign = await t.campaign({ boundary_set_id: set.body.data.id });
  });

  const sign = (email: string, districtId?: number | null) =>
    t.api('POST', `/api/campaigns/${campaign.id}/support`, {
      body: { name: 'Ada Lovelace', email, street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701', ...(districtId === undefined ? {} : { district_id: districtId }) },
    });

  it("lists the campaign's districts for the widget, ids and names only, and none for a campaign without a set", async () => {
    const res = await t.api('GET', `/api/campaigns/${campaign.id}`);
    expect(res.body.data.districts).toEqual([
      { id: wards[0]!.id, name: 'Ward 1' },
      { id: wards[1]!.id, name: 'Ward 2' },
    ]);
    expect(JSON.stringify(res.body.data)).not.toContain('council.example.gov');
    const plain = await t.campaign();
    expect((await t.api('GET', `/api/campaigns/${plain.id}`)).body.data.districts).toEqual([]);
  });

  it("stores the district a supporter chose as self-reported, and 'Not sure' as unknown", async () => {
    expect((await sign('ward2@example.org', wards[1]!.id)).status).toBe(200);
    expect((await sign('notsure@example.org', null)).status).toBe(200);
    expect((await sign('silent@example.org')).status).toBe(200);
    const rows = t.db.ds.getRepository(t.db.entities.Supporter);
    expect(await rows.findOneByOrFail({ email: 'ward2@example.org' })).toMatchObject({
      district_id: wards[1]!.id,
      district_name: 'Ward 2',
      residency: 'resident',
      district_source: 'self_reported',
    });
    for (const email of ['notsure@example.org', 'silent@example.org']) {
      expect(await rows.findOneByOrFail({ email })).toMatchObject({ district_id: null, residency: 'unknown', district_source: null });
    }
    // No geocoder: nothing waits for one.
    expect(Number((await t.db.ds.query('SELECT COUNT(*) AS n FROM "geocode_jobs"'))[0].n)).toBe(0);
  });

  it('refuses a district of another set, or no number, with the field named, storing nothing', async () => {
    const before = await t.db.ds.getRepository(t.db.entities.Supporter).count();
    for (const district_id of [999_999, 'Ward 1', -1]) {
      const res = await t.api('POST', `/api/campaigns/${campaign.id}/support`, {
        body: { name: 'Bad Input', email: 'bad@example.org', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701', district_id },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field: 'district_id' });
    }
    expect(await t.db.ds.getRepository(t.db.entities.Supporter).count()).toBe(before);
  });

  it('shows district and residency in the lists and exports, and counts counted rows by them', async () => {
    // A non-resident (as the geocoder would place one) and a pending signature: labelled, and the pending one not counted.
    await sign('away@example.org');
    await t.db.ds.getRepository(t.db.entities.Supporter).update({ email: 'away@example.org' }, { residency: 'non_resident', district_source: 'geocoded' });
    await sign('waiting@example.org', wards[0]!.id);
    await t.db.ds.getRepository(t.db.entities.Supporter).update({ email: 'waiting@example.org' }, { status: 'pending' });

    const admin = (await t.api('GET', `/api/admin/campaigns/${campaign.id}`, { cookie })).body.data;
    expect(admin.residency_counts.supporters).toEqual({ resident: 1, non_resident: 1, unknown: 2, pending: 0 });
    expect(admin.district_counts).toEqual([
      { district_id: wards[0]!.id, name: 'Ward 1', supporters: 0, letters: 0 },
      { district_id: wards[1]!.id, name: 'Ward 2', supporters: 1, letters: 0 },
    ]);
    const listed = (await t.api('GET', '/api/admin/campaigns', { cookie })).body.data.find((c: { id: number }) => c.id === campaign.id);
    expect(listed.district_counts).toEqual(admin.district_counts);

    const supporters = (await t.api('GET', `/api/admin/supporters?campaign_id=${campaign.id}`, { cookie })).body.data;
    expect(supporters.find((s: { email: string }) => s.email === 'ward2@example.org')).toMatchObject({ district_name: 'Ward 2', residency: 'resident', district_source: 'self_reported' });
    expect(supporters.find((s: { email: string }) => s.email === 'away@example.org')).toMatchObject({ district_name: null, residency: 'non_resident' });

    const csv = (await t.api('GET', `/api/admin/supporters.csv?campaign_id=${campaign.id}`, { cookie })).text;
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toContain('Position,District,Residency');
    expect(lines.find((l) => l.includes('ward2@example.org'))).toContain('Ward 2 (self-reported),resident');
    expect(lines.find((l) => l.includes('away@example.org'))).toContain(',non-resident');
  });
});
