import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { addSupporters, listMeta } from '../../../test/admin-fixtures';
import { downloadCsv } from '../../../test/csv';

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
      expect(res.body.meta).toEqual(listMeta(page, 25, 60));
      seen.push(...res.body.data.map((s: { id: number }) => s.id));
    }
    expect(seen).toEqual(expected);

    const past = await t.api('GET', `/api/admin/supporters?campaign_id=${c.id}&page=9&pageSize=25`, { cookie: admin });
    expect(past.body).toEqual({ success: true, data: [], meta: listMeta(9, 25, 60) });
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
    expect(res.body.meta).toEqual(listMeta(1, 10, total));
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
      status: 'confirmed',
      disposable_email: false,
      position: null,
      district_name: null,
      residency: null,
      district_source: null,
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

  it("exports a campaign's 2,500 signatures as one CSV, newest first, every field as typed and nothing run as a formula", async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign({ title: 'Safe Streets, "Now"' });
    const other = await t.campaign();
    await addSupporters(t, other, 3);
    const base = Date.UTC(2031, 0, 1);
    const rows = await addSupporters(t, c, 2_500, (i) => ({
      created_at: new Date(base + ((i * 7) % 2_500) * 1000),
      ...(i === 0
        ? { name: '=HYPERLINK("http://evil.example","x")', comment: 'Line one, with a comma\nand "quotes"', phone_number: '+1 217 555 0100', is_public: false }
        : {}),
    }));
    const { res, bom, records: [header, ...records] } = await downloadCsv(`${t.url}/api/admin/supporters.csv?campaign_id=${c.id}`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="signatures-campaign-${c.id}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    // Excel reads a UTF-8 file without the byte-order mark as Latin-1.
    expect(bom).toBe(true);
    expect(header).toEqual(['Signed at (UTC)', 'Status', 'Campaign', 'Name', 'Email', 'Street address', 'City', 'State', 'ZIP code', 'Phone', 'Public', 'Comment', 'Position', 'District', 'Residency', 'Campaign ID', 'Signature ID']);
    // Every signature once, across three batches, in the list's order (newest first, then id).
    const expected = [...rows].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
    expect(records.map((r) => Number(r[16]))).toEqual(expected.map((s) => s.id));
    const first = records.find((r) => Number(r[16]) === rows[0]!.id)!;
    expect(first).toEqual([
      rows[0]!.created_at.toISOString(),
      'confirmed',
      'Safe Streets, "Now"',
      '\'=HYPERLINK("http://evil.example","x")',
      rows[0]!.email,
      rows[0]!.street_address,
      'Springfield',
      'IL',
      '62701',
      "'+1 217 555 0100",
      'no',
      'Line one, with a comma\nand "quotes"',
      '',
      '',
      '',
      String(c.id),
      String(rows[0]!.id),
    ]);

    const all = await downloadCsv(`${t.url}/api/admin/supporters.csv`, admin);
    expect(all.res.headers.get('content-disposition')).toMatch(/filename="signatures-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(all.records.length - 1).toBe(await t.db.ds.getRepository(t.db.entities.Supporter).count());
  });

  it('refuses an unknown or malformed campaign before sending any file', async () => {
    const admin = await t.adminCookie();
    const unknown = await t.api('GET', '/api/admin/supporters.csv?campaign_id=999999', { cookie: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'not_found', error: 'Campaign not found' });
    const bad = await t.api('GET', '/api/admin/supporters.csv?campaign_id=abc', { cookie: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: 'campaign_id must be a positive whole number' });
    const user = await t.userCookie();
    expect((await t.api('GET', '/api/admin/supporters.csv', { cookie: user })).status).toBe(403);
  });
});
