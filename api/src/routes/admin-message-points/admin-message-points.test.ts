import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';

const point = {
  category: 'Safety',
  talking_points: 'Protected bike lanes cut injuries by half.',
};

describeEachDatabase('admin message points', (t) => {
  const repo = () => t.db.ds.getRepository(t.db.entities.MessagePoint);
  const insertPoint = (o: Record<string, unknown> = {}) => repo().save({ ...point, campaign_id: null, ...o });

  it('is 401 signed out and 403 for a non-admin on every route, and changes nothing', async () => {
    const p = await insertPoint();
    const user = await t.userCookie();
    const before = await repo().count();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/message-points'],
      ['POST', '/api/admin/message-points', point],
      ['PUT', `/api/admin/message-points/${p.id}`, { is_active: false }],
      ['DELETE', `/api/admin/message-points/${p.id}`],
    ];
    for (const [method, path, body] of calls) {
      const out = await t.api(method, path, { body });
      expect(out.status, `${method} ${path}`).toBe(401);
      expect(out.body.code).toBe('unauthenticated');
      const denied = await t.api(method, path, { body, cookie: user });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(denied.body.code).toBe('forbidden');
    }
    expect(await repo().count()).toBe(before);
    expect(await repo().findOneByOrFail({ id: p.id })).toMatchObject({ is_active: true });
  });

  it("offers a general point only to the campaigns in its language, in the widget's form and in what a letter may carry", async () => {
    const admin = await t.adminCookie();
    const english = await t.campaign({ title: 'An English campaign for general points' });
    const spanish = await t.campaign({ title: 'Una campaña en español', language: 'es' });
    const made = await t.api('POST', '/api/admin/message-points', {
      cookie: admin,
      body: { category: 'Transparencia', talking_points: 'Publiquen el informe antes de la sesión.', language: 'es' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ campaign_id: null, language: 'es' });
    const en = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: { category: 'Transparency', talking_points: 'Publish the report before the meeting.' } });
    expect(en.body.data.language).toBe('en');

    const offered = async (id: number) => ((await t.api('GET', `/api/campaigns/${id}/message-points`)).body.data as { id: number }[]).map((p) => p.id);
    expect(await offered(spanish.id)).toContain(made.body.data.id);
    expect(await offered(spanish.id)).not.toContain(en.body.data.id);
    expect(await offered(english.id)).toContain(en.body.data.id);
    expect(await offered(english.id)).not.toContain(made.body.data.id);

    // A letter on the Spanish campaign may not carry the English point, as if it were any other campaign's.
    const letter = await t.api('POST', `/api/campaigns/${spanish.id}/generate-letter`, {
      body: {
        supporter_name: 'Ana Ruiz', supporter_email: 'ana@example.org', perspective: 'parent', street_address: '1 Calle Mayor',
        city: 'Springfield', state: 'IL', zip_code: '62701', message_point_ids: [en.body.data.id],
      },
    });
    expect(letter.status, letter.text).toBe(400);
    expect(letter.body.field).toBe('message_point_ids');

    const bad = await t.api('PUT', `/api/admin/message-points/${made.body.data.id}`, { cookie: admin, body: { language: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Language must be en (English) or es (Spanish)');
    expect(await repo().findOneByOrFail({ id: made.body.data.id })).toMatchObject({ language: 'es' });
  });

  it('lists general points first, then by campaign, display order and id, with campaign titles', async () => {
    const admin = await t.adminCookie();
    const a = await t.campaign({ title: 'Campaign A for ordering' });
    const b = await t.campaign({ title: 'Campaign B for ordering' });
    const b1 = await insertPoint({ campaign_id: b.id, display_order: 0 });
    const a2 = await insertPoint({ campaign_id: a.id, display_order: 2 });
    const g1 = await insertPoint({ display_order: 5 });
    const a1 = await insertPoint({ campaign_id: a.id, display_order: 1, is_locked: true });
    const a1b = await insertPoint({ campaign_id: a.id, display_order: 1, is_active: false });
    const g0 = await insertPoint({ display_order: 0 });

    const res = await t.api('GET', '/api/admin/message-points', { cookie: admin });
    expect(res.status).toBe(200);
    const mine = [b1, a2, g1, a1, a1b, g0].map((p) => p.id);
    const ids = res.body.data.map((p: { id: number }) => p.id).filter((id: number) => mine.includes(id));
    expect(ids).toEqual([g0.id, g1.id, a1.id, a1b.id, a2.id, b1.id]);
    const generalIdx = res.body.data.map((p: { campaign_id: number | null }) => p.campaign_id === null);
    expect(generalIdx).toEqual([...generalIdx].sort((x: boolean, y: boolean) => Number(y) - Number(x)));

    const locked = res.body.data.find((p: { id: number }) => p.id === a1.id);
    expect(locked).toEqual({
      id: a1.id,
      category: 'Safety',
      talking_points: point.talking_points,
      display_order: 1,
      campaign_id: a.id,
      campaign_title: 'Campaign A for ordering',
      language: 'en',
      is_locked: true,
      is_hidden_preselected: 1,
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.data.find((p: { id: number }) => p.id === g0.id)).toMatchObject({ campaign_id: null, campaign_title: null });
  });

  it('creates general and campaign points with defaults, answering 201', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign({ title: 'Safer streets for schools' });
    const general = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: point });
    expect(general.status).toBe(201);
    expect(general.body.data).toMatchObject({
      ...point,
      display_order: 0,
      campaign_id: null,
      campaign_title: null,
      is_locked: false,
      is_hidden_preselected: 0,
      is_active: true,
    });
    const own = await t.api('POST', '/api/admin/message-points', {
      cookie: admin,
      body: { category: '  Budget ', talking_points: 'It pays for itself within ten years.', display_order: 3, campaign_id: c.id, is_locked: true },
    });
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({
      category: 'Budget',
      display_order: 3,
      campaign_id: c.id,
      campaign_title: 'Safer streets for schools',
      is_locked: true,
      is_hidden_preselected: 1,
    });
    expect(await repo().findOneByOrFail({ id: own.body.data.id })).toMatchObject({ campaign_id: c.id, is_locked: true });
  });

  it('refuses bad points with the spec messages and creates nothing', async () => {
    const admin = await t.adminCookie();
    const before = await repo().count();
    const cases: [unknown, string][] = [
      [{ ...point, category: '' }, 'Category is required'],
      [{ ...point, category: '    ' }, 'Category is required'],
      [{ ...point, talking_points: 'Too short' }, 'Talking points must be at least 10 characters'],
      [{ ...point, talking_points: '   short     ' }, 'Talking points must be at least 10 characters'],
      [{ ...point, display_order: -1 }, 'Display order must be a whole number of 0 or more'],
      [{ ...point, display_order: 1.5 }, 'Display order must be a whole number of 0 or more'],
      [{ ...point, display_order: '2' }, 'Display order must be a whole number of 0 or more'],
      [{ ...point, campaign_id: 999999 }, 'Campaign not found'],
      [{ ...point, campaign_id: 'abc' }, 'campaign_id must be a number'],
      [{ ...point, campaign_id: -1 }, 'campaign_id must be a positive number'],
      [{ ...point, is_locked: 'yes' }, 'is_locked must be true or false'],
      [{ ...point, is_hidden_preselected: 1 }, 'Unknown field "is_hidden_preselected": remove it and try again'],
      [{ talking_points: point.talking_points }, 'Category is required'],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('POST', '/api/admin/message-points', { cookie: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    const malformed = await t.api('POST', '/api/admin/message-points', {
      cookie: admin,
      raw: '{"category": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('malformed_json');
    expect(await repo().count()).toBe(before);
  });

  it('updates the full form or only is_active, and can move a point between campaigns', async () => {
    const admin = await t.adminCookie();
    const a = await t.campaign({ title: 'The first campaign' });
    const b = await t.campaign({ title: 'The second campaign' });
    const p = await insertPoint({ campaign_id: a.id, display_order: 4 });

    const full = await t.api('PUT', `/api/admin/message-points/${p.id}`, {
      cookie: admin,
      body: { category: 'Health', talking_points: 'Cleaner air means fewer asthma visits.', display_order: 1, campaign_id: b.id, is_locked: true },
    });
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({
      id: p.id,
      category: 'Health',
      display_order: 1,
      campaign_id: b.id,
      campaign_title: 'The second campaign',
      is_locked: true,
      is_active: true,
    });

    const off = await t.api('PUT', `/api/admin/message-points/${p.id}`, { cookie: admin, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ is_active: false, category: 'Health', campaign_title: 'The second campaign', display_order: 1 });

    const general = await t.api('PUT', `/api/admin/message-points/${p.id}`, { cookie: admin, body: { campaign_id: null } });
    expect(general.body.data).toMatchObject({ campaign_id: null, campaign_title: null, is_active: false });
    expect(await repo().findOneByOrFail({ id: p.id })).toMatchObject({ campaign_id: null, is_active: false, category: 'Health' });
  });

  it('refuses bad updates with a message and changes nothing; 404 for an unknown point', async () => {
    const admin = await t.adminCookie();
    const p = await insertPoint({ display_order: 2 });
    const cases: [unknown, string][] = [
      [{}, 'Nothing to update: send at least one field'],
      [{ category: ' ' }, 'Category is required'],
      [{ talking_points: 'short' }, 'Talking points must be at least 10 characters'],
      [{ display_order: -5 }, 'Display order must be a whole number of 0 or more'],
      [{ campaign_id: 999999, category: 'Changed' }, 'Campaign not found'],
      [{ is_active: 1 }, 'is_active must be true or false'],
      [{ id: 5 }, 'Unknown field "id": remove it and try again'],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('PUT', `/api/admin/message-points/${p.id}`, { cookie: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    expect(await repo().findOneByOrFail({ id: p.id })).toMatchObject({ category: 'Safety', display_order: 2, campaign_id: null });

    const missing = await t.api('PUT', '/api/admin/message-points/999999', { cookie: admin, body: { is_active: false } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', error: 'Message point not found' });
    for (const id of ['-1', 'abc', '1e99', '0']) {
      const res = await t.api('PUT', `/api/admin/message-points/${id}`, { cookie: admin, body: { is_active: false } });
      expect(res.status, id).toBe(400);
      expect(res.body.error).toBe('Message point id must be a positive whole number');
    }
  });

  it('deletes a point once; a second delete and unknown ids are 404, malformed ids 400', async () => {
    const admin = await t.adminCookie();
    const p = await insertPoint();
    const keep = await insertPoint();
    const res = await t.api('DELETE', `/api/admin/message-points/${p.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: p.id } });
    expect(await repo().findOneBy({ id: p.id })).toBeNull();
    expect(await repo().findOneBy({ id: keep.id })).not.toBeNull();
    const list = await t.api('GET', '/api/admin/message-points', { cookie: admin });
    expect(list.body.data.map((x: { id: number }) => x.id)).not.toContain(p.id);

    const again = await t.api('DELETE', `/api/admin/message-points/${p.id}`, { cookie: admin });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, code: 'not_found', error: 'Message point not found' });
    for (const id of ['-1', 'abc', '1e99', '0']) {
      const bad = await t.api('DELETE', `/api/admin/message-points/${id}`, { cookie: admin });
      expect(bad.status, id).toBe(400);
      expect(bad.body.error).toBe('Message point id must be a positive whole number');
    }
  });

  it('refuses admin writes from another site and changes nothing', async () => {
    const admin = await t.adminCookie();
    const p = await insertPoint();
    const evil = { origin: 'https://evil.example' };
    const before = await repo().count();
    for (const [method, path, body] of [
      ['POST', '/api/admin/message-points', point],
      ['PUT', `/api/admin/message-points/${p.id}`, { is_active: false }],
      ['DELETE', `/api/admin/message-points/${p.id}`, undefined],
    ] as const) {
      const res = await t.api(method, path, { cookie: admin, body, headers: evil });
      expect(res.status, method).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'cross_origin_refused' });
    }
    expect(await repo().count()).toBe(before);
    expect(await repo().findOneByOrFail({ id: p.id })).toMatchObject({ is_active: true });
  });
});
