import { expect, it } from 'vitest';
import { SETTING_DEFAULTS, SETTING_KEYS } from '../../contract';
import { describeEachDatabase } from '../../../test/harness';

describeEachDatabase('admin settings', (t) => {
  const stored = async (key: string) =>
    (await t.db.ds.getRepository(t.db.entities.Setting).findOneBy({ setting_key: key }))?.setting_value ?? null;

  it('lists every setting with its default on a fresh install', async () => {
    const admin = await t.adminCookie();
    const res = await t.api('GET', '/api/admin/settings', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(SETTING_KEYS.map((key) => ({ setting_key: key, setting_value: SETTING_DEFAULTS[key] })));
    expect(res.body.data.map((s: { setting_key: string }) => s.setting_key)).toEqual([
      'letter_success_message',
      'letter_success_description',
      'widget_logo_url',
      'widget_show_progress',
      'allow_first_user_admin',
    ]);
  });

  it('is 401 signed out and 403 for a non-admin, and changes nothing', async () => {
    const user = await t.userCookie();
    const body = { setting_value: 'false' };
    for (const [method, path] of [
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings/widget_show_progress'],
    ] as const) {
      const out = await t.api(method, path, { body: method === 'PUT' ? body : undefined });
      expect(out.status, method).toBe(401);
      expect(out.body.code).toBe('unauthenticated');
      const denied = await t.api(method, path, { body: method === 'PUT' ? body : undefined, cookie: user });
      expect(denied.status, method).toBe(403);
      expect(denied.body.code).toBe('forbidden');
    }
    expect(await stored('widget_show_progress')).toBeNull();
  });

  it('saves each setting, trimmed, and lists the saved value', async () => {
    const admin = await t.adminCookie();
    const updates: [string, string, string][] = [
      ['letter_success_message', '  Thank you for writing!  ', 'Thank you for writing!'],
      ['letter_success_description', 'The council will read every letter.\nThank you.', 'The council will read every letter.\nThank you.'],
      ['widget_logo_url', 'https://cdn.example.org/logo.png', 'https://cdn.example.org/logo.png'],
      ['widget_show_progress', 'false', 'false'],
      ['allow_first_user_admin', 'false', 'false'],
    ];
    for (const [key, sent, saved] of updates) {
      const res = await t.api('PUT', `/api/admin/settings/${key}`, { cookie: admin, body: { setting_value: sent } });
      expect(res.status, key).toBe(200);
      expect(res.body).toEqual({ success: true, data: { setting_key: key, setting_value: saved } });
      expect(await stored(key)).toBe(saved);
    }
    const list = await t.api('GET', '/api/admin/settings', { cookie: admin });
    expect(list.body.data).toEqual(updates.map(([key, , saved]) => ({ setting_key: key, setting_value: saved })));

    const again = await t.api('PUT', '/api/admin/settings/widget_show_progress', { cookie: admin, body: { setting_value: 'true' } });
    expect(again.body.data).toEqual({ setting_key: 'widget_show_progress', setting_value: 'true' });
    expect(await stored('widget_show_progress')).toBe('true');
  });

  it('removes the widget logo with an empty value', async () => {
    const admin = await t.adminCookie();
    await t.api('PUT', '/api/admin/settings/widget_logo_url', { cookie: admin, body: { setting_value: 'https://cdn.example.org/a.png' } });
    const res = await t.api('PUT', '/api/admin/settings/widget_logo_url', { cookie: admin, body: { setting_value: '' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ setting_key: 'widget_logo_url', setting_value: '' });
    const list = await t.api('GET', '/api/admin/settings', { cookie: admin });
    expect(list.body.data.find((s: { setting_key: string }) => s.setting_key === 'widget_logo_url').setting_value).toBe('');
  });

  it("refuses a value the setting cannot take, with the setting's message, and keeps the old value", async () => {
    const admin = await t.adminCookie();
    await t.api('PUT', '/api/admin/settings/allow_first_user_admin', { cookie: admin, body: { setting_value: 'true' } });
    await t.api('PUT', '/api/admin/settings/letter_success_message', { cookie: admin, body: { setting_value: 'Thanks!' } });
    const cases: [string, unknown, string][] = [
      ['widget_show_progress', { setting_value: 'maybe' }, "Show progress must be 'true' or 'false'"],
      ['widget_show_progress', { setting_value: 'TRUE' }, "Show progress must be 'true' or 'false'"],
      ['allow_first_user_admin', { setting_value: 'yes' }, "Allow First User as Admin must be 'true' or 'false'"],
      ['letter_success_message', { setting_value: '   ' }, 'Success title is required'],
      ['letter_success_message', { setting_value: 'x'.repeat(201) }, 'Success title must be at most 200 characters'],
      ['widget_logo_url', { setting_value: 'javascript:alert(1)' }, 'Logo must be an uploaded image or an http(s) address'],
      ['allow_first_user_admin', { setting_value: true }, 'setting_value must be text'],
      ['allow_first_user_admin', {}, 'setting_value is required'],
      ['allow_first_user_admin', { setting_value: 'false', setting_key: 'x' }, 'Unknown field "setting_key": remove it and try again'],
      ['allow_first_user_admin', ['false'], 'The request body must be a JSON object'],
    ];
    for (const [key, body, message] of cases) {
      const res = await t.api('PUT', `/api/admin/settings/${key}`, { cookie: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    const malformed = await t.api('PUT', '/api/admin/settings/allow_first_user_admin', {
      cookie: admin,
      raw: '{"setting_value": "false"',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('malformed_json');
    expect(await stored('allow_first_user_admin')).toBe('true');
    expect(await stored('letter_success_message')).toBe('Thanks!');
  });

  it('is 404 for a setting that does not exist, naming it', async () => {
    const admin = await t.adminCookie();
    for (const key of ['colour', 'SETTING_KEYS', 'constructor', '__proto__']) {
      const res = await t.api('PUT', `/api/admin/settings/${key}`, { cookie: admin, body: { setting_value: 'true' } });
      expect(res.status, key).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'not_found', error: `Unknown setting "${key}"` });
    }
    const list = await t.api('GET', '/api/admin/settings', { cookie: admin });
    expect(list.body.data).toHaveLength(SETTING_KEYS.length);
  });

  it('refuses a settings change from another site and changes nothing', async () => {
    const admin = await t.adminCookie();
    await t.api('PUT', '/api/admin/settings/widget_show_progress', { cookie: admin, body: { setting_value: 'true' } });
    const res = await t.api('PUT', '/api/admin/settings/widget_show_progress', {
      cookie: admin,
      body: { setting_value: 'false' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'cross_origin_refused' });
    expect(await stored('widget_show_progress')).toBe('true');
  });
});
