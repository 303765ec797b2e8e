import { expect, it } from 'vitest';
import { BOUNDARY_LIMITS, BOUNDARY_MESSAGES } from '../../contract';
import { describeEachDatabase } from '../../../test/harness';

type Ring = number[][];
const square = (x: number, y: number, size = 0.01): Ring => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
const ward = (name: unknown, ring: Ring = square(-89.7, 39.7), properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties: { name, ...properties },
  geometry: { type: 'Polygon', coordinates: [ring] },
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
const ward2Outline = { type: 'MultiPolygon', coordinates: [[square(-89.69, 39.7)], [square(-89.6, 39.7)]] };
const wards = collection(
  ward('Ward 1', square(-89.7, 39.7), { representative_name: 'Ada Lovelace', representative_title: 'Alderperson', representative_email: 'ada@example.org' }),
  { type: 'Feature', properties: { name: 'Ward 2' }, geometry: ward2Outline },
);

/** n districts in a row, each outline a circle of `points` points: about 23 bytes a point. */
function manyDistricts(n: number, points: number) {
  return collection(
    ...Array.from({ length: n }, (_, i) => {
      const ring = Array.from({ length: points }, (_, k) => {
        const a = (2 * Math.PI * k) / points;
        return [Number((-89 + i * 0.01 + 0.004 * Math.cos(a)).toFixed(6)), Number((39.7 + 0.004 * Math.sin(a)).toFixed(6))];
      });
      return ward(`District ${i + 1}`, [...ring, ring[0]!]);
    }),
  );
}

describeEachDatabase('admin boundary sets', (t) => {
  const count = async () => ({
    sets: await t.db.ds.getRepository(t.db.entities.BoundarySet).count(),
    districts: await t.db.ds.getRepository(t.db.entities.District).count(),
    audit: await t.db.ds.getRepository(t.db.entities.AuditEntry).count(),
  });
  const upload = (cookie: string, body: unknown) => t.api('POST', '/api/admin/boundary-sets', { cookie, body });

  it('stores an upload with its districts in file order and answers 201 with the set; the audit log records it', async () => {
    const admin = await t.adminCookie('uploader@example.org');
    const res = await upload(admin, { name: '  Springfield wards ', geojson: wards });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id;
    expect(res.body.data).toEqual({
      id,
      name: 'Springfield wards',
      district_count: 2,
      campaign_count: 0,
      created_at: expect.any(String),
      districts: [
        { id: expect.any(Number), name: 'Ward 1', representative_name: 'Ada Lovelace', representative_title: 'Alderperson', representative_email: 'ada@example.org' },
        { id: expect.any(Number), name: 'Ward 2', representative_name: null, representative_title: null, representative_email: null },
      ],
    });
    const rows = await t.db.ds.getRepository(t.db.entities.District).find({ where: { boundary_set_id: id }, order: { position: 'ASC' } });
    expect(rows.map((d) => [d.position, d.name])).toEqual([[0, 'Ward 1'], [1, 'Ward 2']]);
    expect(JSON.parse(rows[1]!.geometry)).toEqual(ward2Outline);
    expect([rows[1]!.min_lon, rows[1]!.min_lat, rows[1]!.max_lon, rows[1]!.max_lat]).toEqual([-89.69, 39.7, -89.6 + 0.01, 39.7 + 0.01]);
    const entry = await t.db.ds.getRepository(t.db.entities.AuditEntry).findOneOrFail({ where: { action: 'boundary_set.create' }, order: { id: 'DESC' } });
    expect(entry).toMatchObject({ actor_email: 'uploader@example.org', summary: 'Uploaded boundary set "Springfield wards" (2 districts)', campaign_id: null });

    const one = await t.api('GET', `/api/admin/boundary-sets/${id}`, { cookie: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(res.body.data);
  });

  it('lets an owner or editor write and any admin read; signed out 401, not an admin 403, a viewer may not write', async () => {
    const owner = await t.adminCookie();
    const made = await upload(owner, { name: 'Wards for roles', geojson: wards });
    const id = made.body.data.id;
    const user = await t.userCookie();
    const viewer = await t.adminCookie(undefined, 'viewer');
    const before = await count();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/boundary-sets'],
      ['GET', `/api/admin/boundary-sets/${id}`],
      ['POST', '/api/admin/boundary-sets', { name: 'Not stored', geojson: wards }],
      ['DELETE', `/api/admin/boundary-sets/${id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.api(method, path, { body })).body.code, `${method} ${path}`).toBe('unauthenticated');
      expect((await t.api(method, path, { body, cookie: user })).body.code, `${method} ${path}`).toBe('forbidden');
      const asViewer = await t.api(method, path, { body, cookie: viewer });
      expect(asViewer.status, `${method} ${path}`).toBe(method === 'GET' ? 200 : 403);
      expect((await t.api(method, path, { body, cookie: owner, headers: { origin: 'https://evil.example' } })).status, `${method} ${path} from another site`).toBe(method === 'GET' ? 200 : 403);
    }
    expect(await count()).toEqual(before);

    const editor = await t.adminCookie(undefined, 'editor');
    expect((await upload(editor, { name: 'Wards by an editor', geojson: wards })).status).toBe(201);
    expect((await t.api('DELETE', `/api/admin/boundary-sets/${id}`, { cookie: editor })).status).toBe(200);
  });

  it('refuses each bad file with a 400 naming its problem, and stores nothing', async () => {
    const admin = await t.adminCookie();
    const before = await count();
    const open = ward('Ward 2', square(-89.69, 39.7).slice(0, 4).concat([[-89.685, 39.705]]));
    const cases: [unknown, string, string][] = [
      [{ name: 'No file' }, 'geojson', 'geojson is required'],
      [{ name: 'Null', geojson: null }, 'geojson', 'geojson is required: send the GeoJSON file as its value'],
      [{ name: 'Not a collection', geojson: wards.features[0] }, 'geojson', 'This is a single Feature: put it in a FeatureCollection ({"type": "FeatureCollection", "features": [...]})'],
      [{ name: 'A string', geojson: JSON.stringify(wards) }, 'geojson', 'This is not a GeoJSON FeatureCollection: export the boundaries as GeoJSON, a FeatureCollection of Polygon or MultiPolygon features'],
      [{ name: 'Open ring', geojson: collection(ward('Ward 1'), open) }, 'geojson.features.1.geometry.coordinates.0', "Feature 2's ring 1 is open: its last point must repeat its first"],
      [{ name: 'Projected', geojson: collection(ward('Ward 1', square(1_150_000, 1_900_000, 5000))) }, 'geojson.features.0.geometry.coordinates.0.0', BOUNDARY_MESSAGES.projected],
      [{ name: 'Unnamed', geojson: collection(ward('Ward 1'), ward('Ward 2', square(-89.6, 39.7)), ward('Ward 3', square(-89.5, 39.7)), ward(' ', square(-89.4, 39.7))) }, 'geojson.features.3.properties.name', 'Feature 4 has no name: give every feature a properties.name'],
      [{ name: 'A street', geojson: collection(ward('Ward 1'), { type: 'Feature', properties: { name: 'Main St' }, geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] } }) }, 'geojson.features.1.geometry.type', 'Feature 2 is a LineString: only Polygon and MultiPolygon features can be districts'],
      [{ name: 'Twice', geojson: collection(ward('Ward 1'), ward('WARD 1', square(-89.6, 39.7))) }, 'geojson.features.1.properties.name', 'Features 1 and 2 are both named "WARD 1": give each district its own name'],
      [{ name: 'Bad address', geojson: collection(ward('Ward 1', square(-89.7, 39.7), { representative_email: 'clerk@' })) }, 'geojson.features.0.properties.representative_email', "Feature 1's representative_email is not a valid e-mail address: correct it or leave it out"],
      [{ name: 'Too many', geojson: manyDistricts(BOUNDARY_LIMITS.maxFeatures + 1, 4) }, 'geojson.features', 'A boundary set holds at most 500 features; this file has 501'],
      [{ name: ' ', geojson: wards }, 'name', 'Name is required'],
      [{ name: 'N'.repeat(121), geojson: wards }, 'name', 'Name must be at most 120 characters'],
      [{ name: 'Extra', geojson: wards, districts: [] }, 'districts', 'Unknown field "districts": remove it and try again'],
    ];
    for (const [body, field, message] of cases) {
      const res = await upload(admin, body);
      expect(res.status, message).toBe(400);
      expect(res.body, message).toMatchObject({ success: false, code: 'validation_failed', error: message, field });
      expect(res.body.issues?.[0], message).toMatchObject({ field, message });
    }
    // Every problem of a file at once, so a person fixes them in one go.
    const several = await upload(admin, { name: 'Several', geojson: collection(ward(null), open, ward('Ward 3', square(0, 0).slice(0, 3))) });
    expect(several.body.issues.map((i: { field: string }) => i.field)).toEqual([
      'geojson.features.0.properties.name',
      'geojson.features.1.geometry.coordinates.0',
      'geojson.features.2.geometry.coordinates.0',
    ]);
    // A control character anywhere in the file, even in a property nobody reads: a 400 naming where.
    const control = await upload(admin, { name: 'Control', geojson: collection(ward('Ward 1', square(-89.7, 39.7), { note: 'a\u0000b' })) });
    expect(control.status).toBe(400);
    expect(control.body.field).toBe('geojson.features.0.properties.note');
    expect(await count()).toEqual(before);
  });

  it('takes 500 districts in nearly 5 MB; past 5 MB, in the file or in the request, a 400 naming the limit', { timeout: 60_000 }, async () => {
    const admin = await t.adminCookie();
    const full = manyDistricts(BOUNDARY_LIMITS.maxFeatures, 420);
    const size = Buffer.byteLength(JSON.stringify(full));
    expect(size).toBeGreaterThan(BOUNDARY_LIMITS.maxBytes * 0.9);
    expect(size).toBeLessThan(BOUNDARY_LIMITS.maxBytes);
    const res = await upload(admin, { name: 'Five hundred districts', geojson: full });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.body.data.district_count).toBe(500);
    expect(res.body.data.districts.at(-1).name).toBe('District 500');

    const before = await count();
    // The file itself a little over 5 MB, the request within its limit.
    const over = manyDistricts(BOUNDARY_LIMITS.maxFeatures, 420);
    (over.features[0] as { properties: Record<string, unknown> }).properties.note = 'n'.repeat(BOUNDARY_LIMITS.maxBytes - size + 1);
    expect(Buffer.byteLength(JSON.stringify(over))).toBeGreaterThan(BOUNDARY_LIMITS.maxBytes);
    expect(Buffer.byteLength(JSON.stringify(over))).toBeLessThan(BOUNDARY_LIMITS.maxRequestBytes);
    const file = await upload(admin, { name: 'Over 5 MB', geojson: over });
    expect([file.status, file.body.code, file.body.field, file.body.error]).toEqual([400, 'validation_failed', 'geojson', BOUNDARY_MESSAGES.tooLarge]);
    // The request past its own limit: refused as it is read, the same 400 (not a 413), and the connection still answers.
    const request = await upload(admin, { name: 'Far over', geojson: manyDistricts(BOUNDARY_LIMITS.maxFeatures, 600) });
    expect([request.status, request.body.code, request.body.field, request.body.error]).toEqual([400, 'validation_failed', 'geojson', BOUNDARY_MESSAGES.tooLarge]);
    expect(BOUNDARY_MESSAGES.tooLarge).toContain('5 MB');
    // A file nested past anything GeoJSON needs is refused before anything walks it.
    const deep = `{"name":"Deep","geojson":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const nested = await t.api('POST', '/api/admin/boundary-sets', { cookie: admin, raw: deep, headers: { 'content-type': 'application/json' } });
    expect([nested.status, nested.body.field]).toEqual([400, 'geojson']);
    expect(await count()).toEqual(before);

    // Other routes keep the 64 KB cap.
    const point = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: { category: 'Big', talking_points: 'x'.repeat(100_000) } });
    expect([point.status, point.body.code]).toEqual([413, 'payload_too_large']);
  });

  it('lists sets newest first with their district and campaign counts; reads one; 404 and 400 for unknown and bad ids', async () => {
    const admin = await t.adminCookie();
    const first = (await upload(admin, { name: 'Older set', geojson: wards })).body.data;
    const second = (await upload(admin, { name: 'Newer set', geojson: collection(ward('Only ward')) })).body.data;
    const c = await t.campaign({ title: 'Uses the older set' });
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { boundary_set_id: first.id });

    const list = await t.api('GET', '/api/admin/boundary-sets', { cookie: admin });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((s: { id: number }) => s.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.body.data.find((s: { id: number }) => s.id === first.id)).toEqual({ id: first.id, name: 'Older set', district_count: 2, campaign_count: 1, created_at: first.created_at });
    expect(list.body.data.find((s: { id: number }) => s.id === second.id)).toMatchObject({ district_count: 1, campaign_count: 0 });
    expect(list.body.data[0]).not.toHaveProperty('districts');
    expect((await t.api('GET', `/api/admin/boundary-sets/${first.id}`, { cookie: admin })).body.data.campaign_count).toBe(1);

    const missing = await t.api('GET', '/api/admin/boundary-sets/2147483647', { cookie: admin });
    expect([missing.status, missing.body.error]).toEqual([404, 'Boundary set not found']);
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const res = await t.api('GET', `/api/admin/boundary-sets/${bad}`, { cookie: admin });
      expect([res.status, res.body.error], bad).toEqual([400, 'Boundary set id must be a positive whole number']);
    }
  });

  it('refuses to delete a set a campaign uses, naming the campaign; once free, deletes it and its districts, recorded', async () => {
    const admin = await t.adminCookie('deleter@example.org');
    const set = (await upload(admin, { name: 'Wards in use', geojson: wards })).body.data;
    const c = await t.campaign({ title: 'Safer streets' });
    await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { boundary_set_id: set.id } });
    const before = await count();

    const refused = await t.api('DELETE', `/api/admin/boundary-sets/${set.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'conflict',
      error: 'Boundary set "Wards in use" is used by campaign "Safer streets": choose another boundary set, or none, there first',
    });
    expect(await count()).toEqual(before);

    await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { boundary_set_id: null } });
    const deleted = await t.api('DELETE', `/api/admin/boundary-sets/${set.id}`, { cookie: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, data: { id: set.id } });
    expect(await t.db.ds.getRepository(t.db.entities.District).countBy({ boundary_set_id: set.id })).toBe(0);
    const entry = await t.db.ds.getRepository(t.db.entities.AuditEntry).findOneOrFail({ where: { action: 'boundary_set.delete' }, order: { id: 'DESC' } });
    expect(entry).toMatchObject({ actor_email: 'deleter@example.org', summary: 'Deleted boundary set "Wards in use" (2 districts)' });
    const gone = await t.api('DELETE', `/api/admin/boundary-sets/${set.id}`, { cookie: admin });
    expect([gone.status, gone.body.error]).toEqual([404, 'Boundary set not found']);
  });

  it('names the campaigns that use a set, five of them and how many more; a set of one district is recorded so', async () => {
    const admin = await t.adminCookie('many@example.org');
    const set = (await upload(admin, { name: 'One ward', geojson: collection(ward('Only ward')) })).body.data;
    const created = await t.db.ds.getRepository(t.db.entities.AuditEntry).findOneOrFail({ where: { action: 'boundary_set.create' }, order: { id: 'DESC' } });
    expect(created.summary).toBe('Uploaded boundary set "One ward" (1 district)');
    const campaigns = [];
    for (const title of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) campaigns.push(await t.campaign({ title: `Campaign ${title}`, boundary_set_id: set.id }));
    const refusal = async () => (await t.api('DELETE', `/api/admin/boundary-sets/${set.id}`, { cookie: admin })).body.error;
    expect(await refusal()).toBe(
      'Boundary set "One ward" is used by campaigns "Campaign A", "Campaign B", "Campaign C", "Campaign D", "Campaign E" and 2 more: choose another boundary set, or none, there first',
    );
    const repo = t.db.ds.getRepository(t.db.entities.Campaign);
    await repo.update({ id: campaigns[6]!.id }, { boundary_set_id: null });
    await repo.update({ id: campaigns[5]!.id }, { boundary_set_id: null });
    expect(await refusal()).toBe(
      'Boundary set "One ward" is used by campaigns "Campaign A", "Campaign B", "Campaign C", "Campaign D", "Campaign E": choose another boundary set, or none, there first',
    );
    for (const c of campaigns.slice(1, 5)) await repo.update({ id: c.id }, { boundary_set_id: null });
    await repo.update({ id: campaigns[0]!.id }, { boundary_set_id: null });
    await repo.update({ id: campaigns[3]!.id }, { boundary_set_id: set.id });
    await repo.update({ id: campaigns[1]!.id }, { boundary_set_id: set.id });
    // In the order the campaigns were made, whatever order they took the set up in.
    expect(await refusal()).toBe('Boundary set "One ward" is used by campaigns "Campaign B", "Campaign D": choose another boundary set, or none, there first');
    for (const c of campaigns) await repo.update({ id: c.id }, { boundary_set_id: null });
    expect((await t.api('DELETE', `/api/admin/boundary-sets/${set.id}`, { cookie: admin })).status).toBe(200);
    const deleted = await t.db.ds.getRepository(t.db.entities.AuditEntry).findOneOrFail({ where: { action: 'boundary_set.delete' }, order: { id: 'DESC' } });
    expect(deleted.summary).toBe('Deleted boundary set "One ward" (1 district)');
  });
});
