/**
 * GET /api/campaigns/{id}/recent-supporters: social proof that shows no more than a supporter
 * agreed to, first name, last initial and city, and nobody who did not ask to be shown, is not yet
 * confirmed, was quarantined or was anonymised.
 */
import { expect, it } from 'vitest';
import type { CampaignRow } from '../../db/types';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

let n = 0;
const signer = (name: string, extra: object = {}) => ({
  name,
  email: `recent.${process.pid}.${++n}@example.org`,
  street_address: '9 Secret Lane',
  city: 'Springdale',
  state: 'PA',
  zip_code: '15144',
  phone_number: '555-0199',
  comment: 'my private reason',
  ...extra,
});

describeEachDatabase('recent supporters', (t: TestServer) => {
  const sign = (c: CampaignRow, body: object) => t.api('POST', `/api/campaigns/${c.id}/support`, { body });
  const recent = (c: CampaignRow) => t.api('GET', `/api/campaigns/${c.id}/recent-supporters`);

  it('lists the ten newest public supporters as first name, last initial and city, and nothing else', async () => {
    const c = await t.campaign({ show_recent_supporters: true, require_confirmation: false });
    expect((await t.api('GET', `/api/campaigns/${c.id}`)).body.data.show_recent_supporters).toBe(true);
    for (let i = 1; i <= 12; i++) expect((await sign(c, signer(`Ada${i} Lovelace`))).status).toBe(200);
    await sign(c, signer('Hidden Person', { is_public: false }));
    await sign(c, signer('  Émile   zola  ', { city: ' Paris ' }));
    await sign(c, signer('Prince'));

    const res = await recent(c);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const list = res.body.data as Record<string, unknown>[];
    expect(list).toHaveLength(10);
    expect(list.slice(0, 3)).toEqual([
      { first_name: 'Prince', last_initial: null, city: 'Springdale' },
      { first_name: 'Émile', last_initial: 'Z', city: 'Paris' },
      { first_name: 'Ada12', last_initial: 'L', city: 'Springdale' },
    ]);
    expect(list.at(-1)).toEqual({ first_name: 'Ada5', last_initial: 'L', city: 'Springdale' });
    const text = JSON.stringify(res.body);
    for (const secret of ['Hidden', 'Lovelace', '@example.org', 'Secret Lane', '15144', '555-0199', 'private reason', 'PA']) expect(text).not.toContain(secret);
  });

  it('shows nobody unless the organiser turned the list on, and nobody before they confirm', async () => {
    const off = await t.campaign({ require_confirmation: false });
    await sign(off, signer('Grace Hopper'));
    expect((await recent(off)).body).toEqual({ success: true, data: [] });

    const confirming = await t.campaign({ show_recent_supporters: true, require_confirmation: true });
    await sign(confirming, signer('Katherine Johnson'));
    expect((await recent(confirming)).body.data).toEqual([]);
    await t.db.ds.getRepository(t.db.entities.Supporter).update({ campaign_id: confirming.id }, { status: 'confirmed' });
    expect((await recent(confirming)).body.data).toEqual([{ first_name: 'Katherine', last_initial: 'J', city: 'Springdale' }]);
    // Anonymised (privacy/anonymise.ts blanks the name): gone from the list too.
    await t.db.ds.getRepository(t.db.entities.Supporter).update({ campaign_id: confirming.id }, { name: '' });
    expect((await recent(confirming)).body.data).toEqual([]);
  });

  it('answers 404 for a campaign the public cannot see, and 400 for an id that is not one', async () => {
    const inactive = await t.campaign({ show_recent_supporters: true, is_active: false });
    expect((await recent(inactive)).status).toBe(404);
    const bad = await t.api('GET', '/api/campaigns/abc/recent-supporters');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });
});
