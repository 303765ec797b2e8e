import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { seedDemoData } from './seed';

describeEachDatabase('demo data: delivery', (t) => {
  it('shows every delivery mode, a deadline ahead and one passed, late letters, and exact letter counts', async () => {
    await seedDemoData(t.db);
    const campaigns = await t.db.ds.getRepository(t.db.entities.Campaign).find();
    expect(new Set(campaigns.map((c) => c.delivery_mode))).toEqual(new Set(['packet', 'each', 'manual']));
    for (const c of campaigns) {
      // The counters count confirmed letters; the confirming campaign has one still pending.
      expect(c.letter_count, c.title).toBe(await t.db.ds.getRepository(t.db.entities.Letter).countBy({ campaign_id: c.id, status: 'confirmed' }));
    }
    const packet = campaigns.find((c) => c.delivery_mode === 'packet')!;
    expect(packet.comment_deadline!.getTime()).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    expect(packet.delivery_recipients.length).toBeGreaterThan(0);
    expect(packet.letter_count).toBeGreaterThan(0);

    const admin = await t.adminCookie();
    const letters = await t.api('GET', '/api/admin/letters?pageSize=200', { cookie: admin });
    const late = letters.body.data.filter((l: { is_late: boolean }) => l.is_late);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(letters.body.data.length);

    // The widget tells supporters of the packet campaign by when, in its own time zone.
    const read = await t.api('GET', `/api/campaigns/${packet.id}`);
    expect(read.body.data.delivery).toMatchObject({ mode: 'packet', time_zone: 'America/Chicago' });
    expect(read.body.data.delivery.deadline).toMatch(/T17:00:00-0[56]:00$/);
    // A packet can be sent from the demo at once.
    expect((await t.api('POST', `/api/admin/campaigns/${packet.id}/deliveries`, { cookie: admin, body: {} })).status).toBe(201);
  });
});
