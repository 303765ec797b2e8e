/** The widget page's ?preview: an admin sees any campaign's widget, a switched-off one too; nobody else does. */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';

describeEachDatabase('the widget preview read', (t) => {
  it("gives an admin a switched-off campaign's widget reads, and only an admin", async () => {
    const c = await t.campaign({ is_active: false, title: 'Not live yet: the Riverside Path' });
    expect((await t.api('GET', `/api/campaigns/${c.id}`)).status).toBe(404);

    const admin = await t.adminCookie(undefined, 'viewer');
    const res = await t.api('GET', `/api/admin/campaigns/${c.id}/widget-preview`, { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.campaign).toMatchObject({ id: c.id, title: 'Not live yet: the Riverside Path', is_active: false });
    expect(Array.isArray(res.body.data.message_points)).toBe(true);
    // What the public campaign read gives, nothing more (no delivery addresses, no pending counts).
    expect(Object.keys(res.body.data.campaign)).not.toContain('delivery_recipients');

    expect((await t.api('GET', `/api/admin/campaigns/${c.id}/widget-preview`)).status).toBe(401);
    expect((await t.api('GET', `/api/admin/campaigns/${c.id}/widget-preview`, { cookie: await t.userCookie() })).status).toBe(403);
    expect((await t.api('GET', '/api/admin/campaigns/999999/widget-preview', { cookie: admin })).status).toBe(404);
  });
});
