import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { addSupporters } from '../../../test/admin-fixtures';

const validCampaign = {
  title: 'Protect the Riverside Wetlands',
  description: 'Ask the council to keep the wetlands out of the new zoning plan.',
};

describeEachDatabase('admin campaigns', (t) => {
  const countCampaigns = () => t.db.ds.getRepository(t.db.entities.Campaign).count();
  const readCampaign = (id: number) => t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id });

  it('is 401 signed out and 403 for a non-admin on every route, and changes nothing', async () => {
    const c = await t.campaign();
    const user = await t.userCookie();
    const before = await countCampaigns();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/campaigns'],
      ['GET', `/api/admin/campaigns/${c.id}`],
      ['POST', '/api/admin/campaigns', validCampaign],
      ['PUT', `/api/admin/campaigns/${c.id}`, { is_active: false }],
    ];
    for (const [method, path, body] of calls) {
      const out = await t.api(method, path, { body });
      expect(out.status, `${method} ${path}`).toBe(401);
      expect(out.body.code).toBe('unauthenticated');
      const denied = await t.api(method, path, { body, cookie: user });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(denied.body.code).toBe('forbidden');
    }
    expect(await countCampaigns()).toBe(before);
    expect((await readCampaign(c.id)).is_active).toBe(true);
  });

  it('creates a campaign with the spec defaults (colours: issue 22\'s, which pass AA) and answers 201 with the admin view', async () => {
    const admin = await t.adminCookie();
    const res = await t.api('POST', '/api/admin/campaigns', { cookie: admin, body: validCampaign });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      ...validCampaign,
      category: null,
      target_signatures: 1000,
      target_letters: 100,
      is_active: true,
      enable_sign_tab: true,
      enable_letter_tab: true,
      enable_share_tab: true,
      widget_primary_color: '#047857',
      widget_secondary_color: '#065f46',
      widget_background_color: '#f0fdf4',
      widget_text_color: '#1f2937',
      widget_tab_text_color: '#ffffff',
      widget_border_radius: '12px',
      show_progress_bar: true,
      logo_url: null,
      meeting_date: null,
      supporter_count: 0,
      letter_count: 0,
    });
    expect(new Date(res.body.data.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const stored = await readCampaign(res.body.data.id);
    expect(stored.title).toBe(validCampaign.title);

    const full = await t.api('POST', '/api/admin/campaigns', {
      cookie: admin,
      body: {
        ...validCampaign,
        category: 'Environment',
        target_signatures: 5000,
        target_letters: 250,
        is_active: false,
        enable_share_tab: false,
        widget_primary_color: '#AA0000',
        widget_border_radius: '8px',
        decision_body: 'Planning Commission',
        meeting_date: '2026-11-05',
        agenda_item_number: '7B',
      },
    });
    expect(full.status).toBe(201);
    expect(full.body.data).toMatchObject({
      category: 'Environment',
      target_signatures: 5000,
      is_active: false,
      enable_share_tab: false,
      widget_primary_color: '#aa0000',
      widget_border_radius: '8px',
      decision_body: 'Planning Commission',
      meeting_date: '2026-11-05',
      agenda_item_number: '7B',
    });
  });

  it('refuses bad campaigns with the spec messages and creates nothing', async () => {
    const admin = await t.adminCookie();
    const before = await countCampaigns();
    const cases: [unknown, string][] = [
      [{ ...validCampaign, title: 'Park' }, 'Title must be at least 5 characters'],
      [{ ...validCampaign, title: '   Park    ' }, 'Title must be at least 5 characters'],
      [{ ...validCampaign, description: 'Too short.' }, 'Description must be at least 20 characters'],
      [
        { ...validCampaign, enable_sign_tab: false, enable_letter_tab: false, enable_share_tab: false },
        'At least one tab must be enabled',
      ],
      [{ ...validCampaign, target_signatures: 0 }, 'Signature goal must be at least 1'],
      [{ ...validCampaign, target_signatures: '1000' }, 'Signature goal must be a number'],
      [{ ...validCampaign, target_letters: 2.5 }, 'Letter goal must be a whole number'],
      [{ ...validCampaign, is_active: 'yes' }, 'is_active must be true or false'],
      [{ ...validCampaign, widget_primary_color: 'red' }, 'Primary colour must be a colour like #047857'],
      [{ ...validCampaign, meeting_date: '2026-02-30' }, 'Meeting date must be a real calendar date'],
      [{ ...validCampaign, logo_url: 'javascript:alert(1)' }, 'Logo must be an uploaded image or an http(s) address'],
      [{ ...validCampaign, supporter_count: 1_000_000 }, 'Unknown field "supporter_count": remove it and try again'],
      [{ description: validCampaign.description }, 'Title must be at least 5 characters'],
      [[validCampaign], 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('POST', '/api/admin/campaigns', { cookie: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    const malformed = await t.api('POST', '/api/admin/campaigns', {
      cookie: admin,
      raw: '{"title": "Protect the',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('malformed_json');
    const notJson = await t.api('POST', '/api/admin/campaigns', {
      cookie: admin,
      raw: 'title=Protect+the+Riverside',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect(await countCampaigns()).toBe(before);
  });

  it('lists every campaign, inactive ones too, newest first', async () => {
    const admin = await t.adminCookie();
    const older = await t.campaign({ title: 'An older inactive campaign', is_active: false });
    const newer = await t.campaign({ title: 'A newer active campaign' });
    const res = await t.api('GET', '/api/admin/campaigns', { cookie: admin });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((c: { id: number }) => c.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const created = res.body.data.map((c: { created_at: string }) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(res.body.data.find((c: { id: number }) => c.id === older.id)).toMatchObject({
      title: 'An older inactive campaign',
      is_active: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('reads one campaign, inactive or not; 404 when unknown, 400 for a malformed id', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign({ is_active: false, project_name: 'Elm Street Bridge' });
    const res = await t.api('GET', `/api/admin/campaigns/${c.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, is_active: false, project_name: 'Elm Street Bridge' });

    const missing = await t.api('GET', '/api/admin/campaigns/999999', { cookie: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'not_found', error: 'Campaign not found' });
    for (const id of ['-1', 'abc', '1e99', '0', '99999999999']) {
      const bad = await t.api('GET', `/api/admin/campaigns/${id}`, { cookie: admin });
      expect(bad.status, id).toBe(400);
      expect(bad.body.error).toMatch(/^Campaign id must be a positive whole number|^Campaign id is too large/);
    }
  });

  it('saves the full form, a lone is_active toggle, and logo removal, keeping everything else', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign({ logo_url: 'https://cdn.example.org/logo.png', meeting_date: '2026-10-01', category: 'Roads' });
    await addSupporters(t, c, 3);

    const form = await t.api('PUT', `/api/admin/campaigns/${c.id}`, {
      cookie: admin,
      body: {
        title: 'A renamed campaign title',
        description: 'A new description that is long enough to pass.',
        category: 'Transport',
        target_signatures: 20,
        target_letters: 5,
        is_active: true,
        enable_sign_tab: true,
        enable_letter_tab: false,
        enable_share_tab: true,
        widget_text_color: '#000000',
        show_progress_bar: false,
        decision_body: 'City Council',
      },
    });
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({
      title: 'A renamed campaign title',
      category: 'Transport',
      target_signatures: 20,
      enable_letter_tab: false,
      widget_text_color: '#000000',
      show_progress_bar: false,
      decision_body: 'City Council',
      logo_url: 'https://cdn.example.org/logo.png',
      meeting_date: '2026-10-01',
      supporter_count: 3,
    });

    const toggled = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { is_active: false } });
    expect(toggled.status).toBe(200);
    expect(toggled.body.data).toMatchObject({ is_active: false, title: 'A renamed campaign title', meeting_date: '2026-10-01', category: 'Transport' });

    const noLogo = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { logo_url: null } });
    expect(noLogo.status).toBe(200);
    expect(noLogo.body.data).toMatchObject({ logo_url: null, is_active: false, supporter_count: 3 });

    const stored = await readCampaign(c.id);
    expect(stored).toMatchObject({ logo_url: null, is_active: false, title: 'A renamed campaign title', supporter_count: 3 });
  });

  it('checks "at least one tab" on the campaign as it would be after the change', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign({ enable_sign_tab: true, enable_letter_tab: true, enable_share_tab: false });

    // Only the letter tab is sent, switched off: fine, because the sign tab stays on.
    const lettersOff = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { enable_letter_tab: false } });
    expect(lettersOff.status).toBe(200);
    expect(lettersOff.body.data).toMatchObject({ enable_sign_tab: true, enable_letter_tab: false, enable_share_tab: false });

    const refused = await t.api('PUT', `/api/admin/campaigns/${c.id}`, {
      cookie: admin,
      body: { enable_sign_tab: false, title: 'This title must not be saved' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'validation_failed', error: 'At least one tab must be enabled' });
    expect(await readCampaign(c.id)).toMatchObject({ enable_sign_tab: true, title: c.title });

    const swapped = await t.api('PUT', `/api/admin/campaigns/${c.id}`, {
      cookie: admin,
      body: { enable_sign_tab: false, enable_share_tab: true },
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.data).toMatchObject({ enable_sign_tab: false, enable_letter_tab: false, enable_share_tab: true });

    const alsoRefused = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { enable_share_tab: false } });
    expect(alsoRefused.status).toBe(400);
    expect(alsoRefused.body.error).toBe('At least one tab must be enabled');
  });

  it('refuses bad updates with a message, and a refused update changes nothing', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    const cases: [unknown, string][] = [
      [{}, 'Nothing to update: send at least one field'],
      [{ title: 'Shrt' }, 'Title must be at least 5 characters'],
      [{ title: 'A perfectly fine title', description: 'short' }, 'Description must be at least 20 characters'],
      [{ is_active: 'false' }, 'is_active must be true or false'],
      [{ target_letters: -3 }, 'Letter goal must be at least 1'],
      [{ logo_url: 'data:image/png;base64,AAAA' }, 'Logo must be an uploaded image or an http(s) address'],
      [{ letter_count: 0 }, 'Unknown field "letter_count": remove it and try again'],
      [{ id: 1 }, 'Unknown field "id": remove it and try again'],
      [[{ is_active: false }], 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    const malformed = await t.api('PUT', `/api/admin/campaigns/${c.id}`, {
      cookie: admin,
      raw: '{"is_active": fals',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('malformed_json');
    const stored = await readCampaign(c.id);
    expect(stored).toMatchObject({ title: c.title, is_active: true, target_letters: 100 });
    expect(stored.updated_at.getTime()).toBe(c.updated_at.getTime());

    const missing = await t.api('PUT', '/api/admin/campaigns/999999', { cookie: admin, body: { is_active: false } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Campaign not found');
    for (const id of ['-1', 'abc', '1e99', '0']) {
      const bad = await t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: admin, body: { is_active: false } });
      expect(bad.status, id).toBe(400);
      expect(bad.body.error).toBe('Campaign id must be a positive whole number');
    }
  });

  it('has no way to delete a campaign', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    await addSupporters(t, c, 1);
    const res = await t.api('DELETE', `/api/admin/campaigns/${c.id}`, { cookie: admin });
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ success: false, code: 'method_not_allowed' });
    expect(res.body.error).toBe(`DELETE is not supported on /api/admin/campaigns/${c.id}`);
    expect(await readCampaign(c.id)).toMatchObject({ id: c.id, supporter_count: 1 });
  });

  it('refuses an admin write from another site and changes nothing', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    const before = await countCampaigns();
    const put = await t.api('PUT', `/api/admin/campaigns/${c.id}`, {
      cookie: admin,
      body: { is_active: false },
      headers: { origin: 'https://evil.example' },
    });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ success: false, code: 'cross_origin_refused' });
    const post = await t.api('POST', '/api/admin/campaigns', {
      cookie: admin,
      body: validCampaign,
      headers: { origin: 'https://evil.example' },
    });
    expect(post.status).toBe(403);
    expect(post.body.code).toBe('cross_origin_refused');
    expect((await readCampaign(c.id)).is_active).toBe(true);
    expect(await countCampaigns()).toBe(before);

    const sameSite = await t.api('PUT', `/api/admin/campaigns/${c.id}`, {
      cookie: admin,
      body: { is_active: false },
      headers: { origin: t.url },
    });
    expect(sameSite.status).toBe(200);
  });

  it('moves updated_at for an admin edit only, never for a signature or a letter', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    const lastEdit = new Date(Date.UTC(2020, 0, 2, 3, 4, 5));
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { updated_at: lastEdit });
    const person = { street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62704' };
    const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: { ...person, name: 'Ada Lovelace', email: 'ada@example.org' } });
    expect(signed.status).toBe(200);
    const letter = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, {
      body: { ...person, supporter_name: 'Ada Lovelace', supporter_email: 'ada@example.org', perspective: 'parent', message_point_ids: [], letter_content: 'Dear Council,\nPlease.\nAda' },
    });
    expect(letter.status).toBe(201);
    const counted = await readCampaign(c.id);
    expect(counted).toMatchObject({ supporter_count: 1, letter_count: 1 });
    expect(counted.updated_at.getTime()).toBe(lastEdit.getTime());

    const before = Date.now();
    const edited = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { title: 'A new title' } });
    expect(new Date(edited.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await readCampaign(c.id)).updated_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('uses a boundary set through boundary_set_id: an existing set or none, shown to admins only', async () => {
    const admin = await t.adminCookie();
    const set = await t.db.ds.getRepository(t.db.entities.BoundarySet).save({ name: 'Springfield wards' });
    const before = await countCampaigns();
    const unknown = await t.api('POST', '/api/admin/campaigns', { cookie: admin, body: { ...validCampaign, boundary_set_id: 987_654 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', field: 'boundary_set_id', error: 'Boundary set not found: upload it first, or choose one that exists' });
    expect(unknown.body.issues).toEqual([{ field: 'boundary_set_id', message: 'Boundary set not found: upload it first, or choose one that exists' }]);
    expect(await countCampaigns()).toBe(before);

    const made = await t.api('POST', '/api/admin/campaigns', { cookie: admin, body: { ...validCampaign, boundary_set_id: set.id } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.boundary_set_id).toBe(set.id);
    const id = made.body.data.id;
    expect((await readCampaign(id)).boundary_set_id).toBe(set.id);
    const recorded = await t.db.ds.getRepository(t.db.entities.AuditEntry).findOneByOrFail({ action: 'campaign.create', campaign_id: id });
    expect(recorded.summary).toBe('Created campaign "Protect the Riverside Wetlands"');
    expect((await t.api('GET', `/api/admin/campaigns/${id}`, { cookie: admin })).body.data.boundary_set_id).toBe(set.id);
    // Not in the widget's campaign (yet): supporters are placed in districts by later work.
    expect((await t.api('GET', `/api/campaigns/${id}`)).body.data).not.toHaveProperty('boundary_set_id');
    expect((await t.api('POST', '/api/admin/campaigns', { cookie: admin, body: validCampaign })).body.data.boundary_set_id).toBeNull();

    for (const [body, message] of [
      [{ boundary_set_id: 987_654 }, 'Boundary set not found: upload it first, or choose one that exists'],
      [{ boundary_set_id: 'wards' }, 'boundary_set_id must be a number'],
      [{ boundary_set_id: 0 }, 'boundary_set_id must be a positive number'],
    ] as const) {
      const res = await t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: admin, body });
      expect([res.status, res.body.field, res.body.error], JSON.stringify(body)).toEqual([400, 'boundary_set_id', message]);
    }
    expect((await readCampaign(id)).boundary_set_id).toBe(set.id);
    const none = await t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: admin, body: { boundary_set_id: null } });
    expect([none.status, none.body.data.boundary_set_id]).toEqual([200, null]);
    const entry = await t.db.ds.getRepository(t.db.entities.AuditEntry).findOneOrFail({ where: { action: 'campaign.update', campaign_id: id }, order: { id: 'DESC' } });
    expect(entry.summary).toContain('boundary_set_id');
  });
});
