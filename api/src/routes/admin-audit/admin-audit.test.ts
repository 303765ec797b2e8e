import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';

describeEachDatabase('the audit log', (t) => {
  const log = async (query = '', cookie?: string) => t.api('GET', `/api/admin/audit-log${query}`, { cookie: cookie ?? (await t.adminCookie()) });

  it('records every admin write with who, what, when and a summary, newest first, and nothing for a refused one', async () => {
    const alice = await t.adminCookie('alice.organiser@example.org');
    const bob = await t.adminCookie('bob.organiser@example.org');
    const started = Date.now();

    const created = await t.api('POST', '/api/admin/campaigns', {
      cookie: alice,
      body: { title: 'Protect the Riverside Wetlands', description: 'Ask the council to keep the wetlands out of the new zoning plan.', require_confirmation: false },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    // Refused (too short a title): nothing changes, nothing is recorded.
    expect((await t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: bob, body: { title: 'Park' } })).status).toBe(400);
    await t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: bob, body: { title: 'Protect the Riverside Marsh', target_signatures: 500 } });
    await t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: bob, body: { is_active: false } });
    const point = await t.api('POST', '/api/admin/message-points', { cookie: alice, body: { category: 'Flooding', talking_points: 'Wetlands soak up storm water.', campaign_id: id } });
    await t.api('PUT', `/api/admin/message-points/${point.body.data.id}`, { cookie: alice, body: { talking_points: 'Wetlands soak up floods.' } });
    await t.api('DELETE', `/api/admin/message-points/${point.body.data.id}`, { cookie: alice });
    await t.api('PUT', '/api/admin/settings/widget_show_progress', { cookie: bob, body: { setting_value: 'false' } });
    await t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: alice, body: { is_active: true, delivery_recipients: ['clerk@springfield.example.gov'] } });
    const letter = await t.api('POST', `/api/campaigns/${id}/submit-letter`, {
      body: {
        supporter_name: 'Octavia Butler',
        supporter_email: 'octavia@example.org',
        perspective: 'homeowner',
        street_address: '12 Elm Street',
        city: 'Pasadena',
        state: 'CA',
        zip_code: '91101',
        letter_content: 'Dear Council,\n\nKeep the marsh.\n\nOctavia Butler',
      },
    });
    expect(letter.status, letter.text).toBe(201);
    expect((await t.api('POST', `/api/admin/campaigns/${id}/deliveries`, { cookie: bob, body: {} })).status).toBe(201);

    const all = await log(`?campaign_id=${id}`, alice);
    expect(all.status, all.text).toBe(200);
    const entries = all.body.data as { actor_email: string; action: string; summary: string; created_at: string; campaign_id: number }[];
    expect(entries.map((e) => [e.actor_email, e.action, e.summary])).toEqual([
      ['bob.organiser@example.org', 'delivery.send', 'Sent the hearing packet of "Protect the Riverside Marsh", 1 letter, to clerk@springfield.example.gov'],
      ['alice.organiser@example.org', 'campaign.update', 'Changed campaign "Protect the Riverside Marsh": switched it on; delivery_recipients'],
      ['alice.organiser@example.org', 'message_point.delete', 'Deleted message point "Flooding" on "Protect the Riverside Marsh"'],
      ['alice.organiser@example.org', 'message_point.update', 'Changed message point "Flooding" on "Protect the Riverside Marsh": talking_points'],
      ['alice.organiser@example.org', 'message_point.create', 'Added message point "Flooding" on "Protect the Riverside Marsh"'],
      ['bob.organiser@example.org', 'campaign.update', 'Changed campaign "Protect the Riverside Marsh": switched it off'],
      ['bob.organiser@example.org', 'campaign.update', 'Changed campaign "Protect the Riverside Wetlands" (now "Protect the Riverside Marsh"): title, target_signatures'],
      ['alice.organiser@example.org', 'campaign.create', 'Created campaign "Protect the Riverside Wetlands"'],
    ]);
    expect(all.body.meta).toEqual({ page: 1, pageSize: 50, total: 8, pageCount: 1 });
    for (const e of entries) {
      expect(e.campaign_id).toBe(id);
      expect(Date.parse(e.created_at)).toBeGreaterThanOrEqual(started - 1000);
    }
    // The setting names no campaign; filters by action and by part of the admin's address.
    const settings = await log('?action=setting.update', alice);
    expect(settings.body.data[0]).toMatchObject({ actor_email: 'bob.organiser@example.org', campaign_id: null, summary: 'Set widget_show_progress to "false"' });
    const bobs = await log(`?campaign_id=${id}&actor=BOB.organiser`, alice);
    expect(bobs.body.data.map((e: { action: string }) => e.action)).toEqual(['delivery.send', 'campaign.update', 'campaign.update']);
    // The LIKE wildcards an admin types are literal.
    expect((await log('?actor=%25', alice)).body.data).toEqual([]);
    const paged = await log(`?campaign_id=${id}&pageSize=3&page=3`, alice);
    expect(paged.body.data.map((e: { action: string }) => e.action)).toEqual(['campaign.update', 'campaign.create']);
    expect(paged.body.meta).toEqual({ page: 3, pageSize: 3, total: 8, pageCount: 3 });
  });

  it('cannot be changed or emptied, through Dais or straight in the database', async () => {
    const admin = await t.adminCookie();
    await t.api('PUT', '/api/admin/settings/widget_show_progress', { cookie: admin, body: { setting_value: 'true' } });
    const before = await t.db.ds.getRepository(t.db.entities.AuditEntry).find({ order: { id: 'ASC' } });
    expect(before.length).toBeGreaterThan(0);
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH']) {
      expect((await t.api(method, `/api/admin/audit-log/${before[0]!.id}`, { cookie: admin, body: { summary: 'nothing happened' } })).status).toBe(404);
    }
    await expect(t.db.ds.query(`UPDATE "audit_log" SET "summary" = 'nothing happened'`)).rejects.toThrow(/append-only/);
    await expect(t.db.ds.query(`DELETE FROM "audit_log"`)).rejects.toThrow(/append-only/);
    if (t.dialect === 'postgres') await expect(t.db.ds.query(`TRUNCATE "audit_log"`)).rejects.toThrow(/append-only/);
    expect(await t.db.ds.getRepository(t.db.entities.AuditEntry).find({ order: { id: 'ASC' } })).toEqual(before);
  });

  it('is for admins only, and refuses a filter it does not know with a message', async () => {
    expect((await t.api('GET', '/api/admin/audit-log')).status).toBe(401);
    expect((await t.api('GET', '/api/admin/audit-log', { cookie: await t.userCookie() })).status).toBe(403);
    const bad = await log('?action=campaign.explode');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^action must be one of: campaign\.create, campaign\.update/);
    expect((await log('?campaign_id=abc')).status).toBe(400);
  });
});
