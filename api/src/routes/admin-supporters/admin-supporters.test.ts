import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { addSupporters } from '../../../test/admin-fixtures';

describeEachDatabase('admin supporters', (t) => {
  it('is 401 signed out and 403 for a non-admin, without a trace of personal data', async () => {
    const c = await t.campaign();
    const [s] = await addSupporters(t, c, 1);
    const user = await t.userCookie();
    for (const path of ['/api/admin/supporters', `/api/admin/supporters?campaign_id=${c.id}`]) {
      const out = await t.api('GET', path);
      expect(out.status).toBe(401);
      expect(out.body.code).toBe('unauthenticated');
      const denied = await t.api('GET', path, { cookie: user });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('forbidden');
      expect(denied.text).not.toContain(s!.email);
    }
  });

  it("pages through a campaign's supporters newest first, with exact meta", async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    const base = Date.UTC(2030, 5, 1);
    const rows = await addSupporters(t, c, 60, (i) => ({ created_at: new Date(base + ((i * 7) % 60) * 1000) }));
    const expected = [...rows].sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).map((s) => s.id);

    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.api('GET', `/api/admin/supporters?campaign_id=${c.id}&page=${page}&pageSize=25`, { cookie: admin });
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ page, pageSize: 25, total: 60, pageCount: 3 });
      seen.push(...res.body.data.map((s: { id: number }) => s.id));
    }
    expect(seen).toEqual(expected);

    const past = await t.api('GET', `/api/admin/supporters?campaign_id=${c.id}&page=9&pageSize=25`, { cookie: admin });
    expect(past.body).toEqual({ success: true, data: [], meta: { page: 9, pageSize: 25, total: 60, pageCount: 3 } });
  });

  it('lists every campaign together with its current title, totalled from all campaigns', async () => {
    const admin = await t.adminCookie();
    const a = await t.campaign({ title: 'Fix the Elm Street bridge' });
    const [s] = await addSupporters(t, a, 1, () => ({
      created_at: new Date(Date.UTC(2100, 0, 1)),
      comment: 'I cross it every day.',
      is_public: false,
      phone_number: '555-0199',
    }));
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: a.id }, { title: 'Rebuild the Elm Street bridge' });
    const campaigns = await t.db.ds.getRepository(t.db.entities.Campaign).find();
    const total = campaigns.reduce((n, c) => n + c.supporter_count, 0);

    const res = await t.api('GET', '/api/admin/supporters?pageSize=10', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, pageSize: 10, total, pageCount: Math.ceil(total / 10) });
    expect(res.body.data[0]).toEqual({
      id: s!.id,
      campaign_id: a.id,
      campaign_title: 'Rebuild the Elm Street bridge',
      name: s!.name,
      email: s!.email,
      comment: 'I cross it every day.',
      is_public: false,
      street_address: s!.street_address,
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      phone_number: '555-0199',
      created_at: '2100-01-01T00:00:00.000Z',
    });
  });

  it('refuses bad paging and filters with a message; an unknown campaign is a 404', async () => {
    const admin = await t.adminCookie();
    for (const [query, message] of [
      ['page=0', 'page must be a positive whole number'],
      ['pageSize=500', 'pageSize must be at most 200'],
      ['campaign_id=abc', 'campaign_id must be a positive whole number'],
      ['campaign_id=1e99', 'campaign_id must be a positive whole number'],
    ] as const) {
      const res = await t.api('GET', `/api/admin/supporters?${query}`, { cookie: admin });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', error: message });
    }
    const unknown = await t.api('GET', '/api/admin/supporters?campaign_id=999999', { cookie: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Campaign not found');
  });
});
