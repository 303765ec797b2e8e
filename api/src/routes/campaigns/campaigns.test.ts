import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';

describeEachDatabase('public campaigns', (t) => {
  it('lists active campaigns only, as cards with nothing else', async () => {
    const active = await t.campaign({ title: 'Save the riverside park', supporter_count: 0 });
    const inactive = await t.campaign({ title: 'An old closed campaign', is_active: false });
    const res = await t.api('GET', '/api/campaigns');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const ids = res.body.data.map((c: { id: number }) => c.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['description', 'id', 'language', 'supporter_count', 'title']);
  });

  it('answers any origin without credentials', async () => {
    const res = await t.api('GET', '/api/campaigns', { headers: { origin: 'https://host.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const pre = await t.api('OPTIONS', '/api/campaigns/1/support', {
      headers: { origin: 'https://host.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('Content-Type');
  });

  it('reads one campaign with its widget fields and a cache-busting timestamp', async () => {
    const c = await t.campaign({ decision_body: 'Planning Commission', meeting_date: '2026-12-03' });
    const res = await t.api('GET', `/api/campaigns/${c.id}?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: c.id,
      widget_primary_color: '#047857',
      widget_background_color: '#f0fdf4',
      widget_border_radius: '12px',
      show_progress_bar: true,
      enable_sign_tab: true,
      decision_body: 'Planning Commission',
      meeting_date: '2026-12-03',
      supporter_count: 0,
    });
    expect(res.body.data.created_at).toBeUndefined();
  });

  it('is 404 for unknown, inactive and malformed ids, with a message', async () => {
    const inactive = await t.campaign({ is_active: false });
    for (const id of ['999999', String(inactive.id)]) {
      const res = await t.api('GET', `/api/campaigns/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'not_found' });
      expect(res.body.error).toMatch(/Campaign not found/);
    }
    for (const id of ['abc', '-1', '1e99', '0', '99999999999']) {
      const res = await t.api('GET', `/api/campaigns/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/Campaign id must be/);
    }
  });

  it('lists active points of the campaign and general ones, hidden ones flagged', async () => {
    const c = await t.campaign();
    const other = await t.campaign();
    const repo = t.db.ds.getRepository(t.db.entities.MessagePoint);
    const own = await repo.save({ category: 'Safety', talking_points: 'Crosswalks save lives.', campaign_id: c.id, display_order: 2 });
    const general = await repo.save({ category: 'Budget', talking_points: 'It pays for itself.', campaign_id: null, display_order: 1 });
    const hidden = await repo.save({ category: 'Core', talking_points: 'Our core ask is simple.', campaign_id: c.id, is_locked: true, display_order: 0 });
    await repo.save({ category: 'Off', talking_points: 'This one is switched off.', campaign_id: c.id, is_active: false });
    await repo.save({ category: 'Elsewhere', talking_points: 'Belongs to another campaign.', campaign_id: other.id });
    const res = await t.api('GET', `/api/campaigns/${c.id}/message-points`);
    expect(res.status).toBe(200);
    const got = res.body.data.filter((p: { id: number }) => [own.id, general.id, hidden.id].includes(p.id));
    expect(got.map((p: { id: number }) => p.id)).toEqual([hidden.id, general.id, own.id]);
    expect(res.body.data.map((p: { category: string }) => p.category)).not.toContain('Off');
    expect(res.body.data.map((p: { category: string }) => p.category)).not.toContain('Elsewhere');
    expect(got[0]).toEqual({ id: hidden.id, category: 'Core', talking_points: 'Our core ask is simple.', display_order: 0, is_hidden_preselected: 1 });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.api('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'not_found' });
  });
});
