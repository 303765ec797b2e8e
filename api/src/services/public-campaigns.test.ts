/**
 * The public campaign read is answered from this process's copy, and every change a user makes
 * shows at once: signatures, letters and admin edits update or drop the copy; a change made by
 * another process shows within the TTL.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import { TWO_WARDS } from '../../test/boundaries';
import { describeEachDatabase } from '../../test/harness';
import { PUBLIC_CAMPAIGN_TTL_MS, PublicCampaigns, publicCampaigns } from './public-campaigns';

const statements: string[] = [];
const campaignQueries = () => statements.filter((s) => /FROM\s+"?campaigns"?/i.test(s));

const signer = (email: string) => ({
  name: 'Cache Reader',
  email,
  street_address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
});

describeEachDatabase(
  'public campaign copy',
  (t) => {
    beforeEach(() => {
      statements.length = 0;
    });

    const read = (id: number, query = '') => t.api('GET', `/api/campaigns/${id}${query}`, { headers: { origin: 'https://host.example' } });

    it('answers repeat reads without the database, with the same bytes and headers as the first', async () => {
      const c = await t.campaign({ title: 'Hot campaign' });
      statements.length = 0;
      const first = await read(c.id, '?t=1');
      const again = await Promise.all([read(c.id, '?t=2'), read(c.id), read(c.id, '?t=3&utm=x')]);
      expect(campaignQueries()).toHaveLength(1);
      for (const res of again) {
        expect(res.status).toBe(200);
        expect(res.text).toBe(first.text);
        for (const h of ['content-type', 'content-length', 'access-control-allow-origin', 'cache-control', 'content-security-policy', 'x-content-type-options']) {
          expect([h, res.headers.get(h)]).toEqual([h, first.headers.get(h)]);
        }
      }
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(first.body.data.title).toBe('Hot campaign');
    });

    it('still refuses what the route refuses when the campaign is held in memory', async () => {
      const c = await t.campaign();
      await read(c.id);
      const longT = await read(c.id, `?t=${'9'.repeat(40)}`);
      expect(longT.status).toBe(400);
      expect(longT.body.success).toBe(false);
      const head = await t.api('HEAD', `/api/campaigns/${c.id}`);
      expect(head.status).toBe(200);
      expect((await t.api('POST', `/api/campaigns/${c.id}`, { body: {} })).status).toBe(405);
    });

    it('counts a signature and a letter in the next read at once, without asking the database', async () => {
      const c = await t.campaign();
      await read(c.id);
      const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer('first@example.org') });
      expect(signed.status).toBe(200);
      const letter = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, {
        body: {
          supporter_name: 'Ada Lovelace',
          supporter_email: 'ada@example.org',
          perspective: 'parent',
          message_point_ids: [],
          street_address: '12 Analytical Way',
          city: 'Springfield',
          state: 'IL',
          zip_code: '62701',
          letter_content: 'Dear Council,\nPlease act.\nAda Lovelace',
        },
      });
      expect(letter.status).toBe(201);
      statements.length = 0;
      const after = await read(c.id);
      expect(after.body.data).toMatchObject({ supporter_count: 1, letter_count: 1 });
      expect(campaignQueries()).toHaveLength(0);
    });

    it('shows an admin edit, a switched-off campaign and a new campaign at once', async () => {
      const c = await t.campaign({ title: 'Before' });
      const cookie = await t.adminCookie();
      await read(c.id);
      await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie, body: { title: 'After the edit' } });
      expect((await read(c.id)).body.data.title).toBe('After the edit');
      await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie, body: { is_active: false } });
      expect((await read(c.id)).status).toBe(404);
      await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie, body: { is_active: true } });
      expect((await read(c.id)).status).toBe(200);

      // A widget asked for ids that did not exist yet; the campaign created next must not be hidden.
      const probes = [c.id + 1, c.id + 2, c.id + 3];
      for (const id of probes) expect((await read(id)).status).toBe(404);
      const created = (
        await t.api('POST', '/api/admin/campaigns', { cookie, body: { title: 'Brand new campaign', description: 'Created after a widget asked for it.' } })
      ).body.data as { id: number };
      expect(probes).toContain(created.id);
      expect((await read(created.id)).body.data.title).toBe('Brand new campaign');
    });

    it('shows a change made by another process once the copy is older than the TTL', async () => {
      const c = await t.campaign({ title: 'Original' });
      let now = 1_000_000;
      const copy = new PublicCampaigns(t.db, () => now);
      expect((await copy.read(c.id)).title).toBe('Original');
      // Another API process on the same database: this process hears nothing of it.
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { title: 'Changed elsewhere' });
      now += PUBLIC_CAMPAIGN_TTL_MS - 1;
      expect((await copy.read(c.id)).title).toBe('Original');
      now += 1;
      expect((await copy.read(c.id)).title).toBe('Changed elsewhere');
    });

    it('serves a change made elsewhere to the widget over HTTP once the copy is older than the TTL, not before', async () => {
      const c = await t.campaign({ title: 'Widget before' });
      const campaigns = t.db.ds.getRepository(t.db.entities.Campaign);
      // The clock of the copy the route serves; frozen, so "before the TTL" does not depend on speed.
      // It starts a TTL ahead: an earlier test's widget may have asked for this id before it existed.
      let now = Date.now() + PUBLIC_CAMPAIGN_TTL_MS;
      const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
      // The widget's read, answered before Koa from the copy, or (with an If-None-Match) by the route.
      const widget = async (way: 'hot' | 'route') => {
        const res = await t.api('GET', `/api/campaigns/${c.id}?t=${now}`, { headers: way === 'route' ? { 'if-none-match': 'W/"none"' } : {} });
        expect([way, res.status, res.body.success]).toEqual([way, 200, true]);
        return res.body.data.title as string;
      };
      try {
        let shown = 'Widget before';
        expect(await widget('hot')).toBe(shown);
        // Each way answers first once in a round: the one that asks the database refills the copy.
        for (const [title, first, second] of [['Edited elsewhere', 'hot', 'route'], ['Edited again', 'route', 'hot']] as const) {
          await campaigns.update({ id: c.id }, { title });
          const filled = now;
          now = filled + PUBLIC_CAMPAIGN_TTL_MS - 1;
          statements.length = 0;
          expect([await widget(first), await widget(second)]).toEqual([shown, shown]);
          expect(campaignQueries()).toHaveLength(0);
          now = filled + PUBLIC_CAMPAIGN_TTL_MS;
          expect([await widget(first), await widget(second)]).toEqual([title, title]);
          expect(campaignQueries()).toHaveLength(1);
          shown = title;
        }
      } finally {
        clock.mockRestore();
      }
    });

    it('answers a widget that keeps asking for a campaign that is gone with a 404 each time, from memory', async () => {
      const gone = (await t.campaign()).id + 100_000;
      statements.length = 0;
      for (const headers of [{}, {}, { 'if-none-match': 'W/"none"' }] as Record<string, string>[]) {
        const res = await t.api('GET', `/api/campaigns/${gone}`, { headers });
        expect([res.status, res.body.success, res.body.code]).toEqual([404, false, 'not_found']);
      }
      expect(campaignQueries()).toHaveLength(1);
    });

    it('shares a read in flight even when it outlasts the TTL, so a slow database is not asked again and again', async () => {
      const c = await t.campaign();
      let now = 1_000_000;
      const copy = new PublicCampaigns(t.db, () => now);
      statements.length = 0;
      const slow = copy.read(c.id);
      now += PUBLIC_CAMPAIGN_TTL_MS + 1;
      const later = copy.read(c.id);
      expect(await later).toBe(await slow);
      expect(campaignQueries()).toHaveLength(1);
    });

    it('forgets a read the database failed, so the campaign reads again once the database is back', async () => {
      const c = await t.campaign({ title: 'Back after a blip' });
      const copy = new PublicCampaigns(t.db);
      await t.db.ds.query('ALTER TABLE "campaigns" RENAME TO "campaigns_offline"');
      try {
        await expect(copy.read(c.id)).rejects.toThrow(/campaigns/);
      } finally {
        await t.db.ds.query('ALTER TABLE "campaigns_offline" RENAME TO "campaigns"');
      }
      expect((await copy.read(c.id)).title).toBe('Back after a blip');
    });

    it('shares one query among concurrent first reads, and keeps the larger of two counts', async () => {
      const c = await t.campaign();
      const copy = new PublicCampaigns(t.db);
      statements.length = 0;
      const all = await Promise.all(Array.from({ length: 25 }, () => copy.read(c.id)));
      expect(campaignQueries()).toHaveLength(1);
      expect(new Set(all).size).toBe(1);
      copy.counted(c.id, { supporter_count: 7 });
      copy.counted(c.id, { supporter_count: 5 });
      expect((await copy.read(c.id)).supporter_count).toBe(7);
      // A reply handed out before the change keeps what it was given.
      expect(all[0]!.supporter_count).toBe(0);
    });

    it('takes a commit for a campaign it holds no copy of (dropped by an admin edit or the cap) in its stride', async () => {
      const c = await t.campaign();
      const copy = new PublicCampaigns(t.db);
      // The batcher reports every commit; nothing here to update, and the signer must still be answered.
      expect(() => copy.counted(c.id, { supporter_count: 4 })).not.toThrow();
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { supporter_count: 4 });
      expect((await copy.read(c.id)).supporter_count).toBe(4);
    });

    it('drops a read in flight that a commit overtook, so the next read is not stale', async () => {
      const c = await t.campaign();
      const copy = new PublicCampaigns(t.db);
      const inFlight = copy.reply(c.id);
      copy.counted(c.id, { supporter_count: 3 });
      // The reply of a read that started before the commit is still the route's whole reply.
      expect(JSON.parse((await inFlight).text)).toEqual({ success: true, data: expect.objectContaining({ id: c.id, supporter_count: 0 }) });
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { supporter_count: 3 });
      expect((await copy.read(c.id)).supporter_count).toBe(3);
    });

    it('keeps the campaign being read when a scan of unknown ids fills the map', async () => {
      const c = await t.campaign();
      const copy = new PublicCampaigns(t.db, Date.now, 5);
      await copy.read(c.id);
      for (let id = 900_001; id <= 900_020; id++) await expect(copy.read(id)).rejects.toThrow(/Campaign not found/);
      statements.length = 0;
      await copy.read(c.id);
      expect(campaignQueries()).toHaveLength(0);
    });

    it('stays within its cap under an id scan: remembered misses go first, the campaign being read stays', async () => {
      const c = await t.campaign({ title: 'Read during a scan' });
      let now = 1_000_000;
      const copy = new PublicCampaigns(t.db, () => now, 3);
      const unknown = (n: number) => 800_000 + n;
      /** Answered from memory (no query)? Reading also refills the copy, as any read does. */
      const held = async (id: number) => {
        statements.length = 0;
        await copy.read(id).catch(() => undefined);
        return campaignQueries().length === 0;
      };
      await copy.read(c.id);
      await held(unknown(1));
      await held(unknown(2));
      expect(await held(unknown(2))).toBe(true);
      // Full (the campaign and two misses): the third miss makes room by dropping the misses.
      await held(unknown(3));
      expect([await held(c.id), await held(unknown(3)), await held(unknown(2))]).toEqual([true, true, false]);

      // A scan of a hundred ids: asked again, at most two of them can still be in memory.
      for (let n = 10; n < 110; n++) await held(unknown(n));
      let fromMemory = 0;
      for (let n = 10; n < 110; n++) if (await held(unknown(n))) fromMemory++;
      expect(fromMemory).toBeLessThanOrEqual(2);
      expect(await held(c.id)).toBe(true);

      // The real campaign still reads fresh: a change shows once its copy is older than the TTL.
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { title: 'Changed during the scan' });
      now += PUBLIC_CAMPAIGN_TTL_MS;
      expect((await copy.read(c.id)).title).toBe('Changed during the scan');
    });

    it('when full, drops expired copies before remembered misses that are still fresh', async () => {
      const [c1, c2] = [await t.campaign(), await t.campaign()];
      let now = 1_000_000;
      const copy = new PublicCampaigns(t.db, () => now, 3);
      await copy.read(c1.id);
      now += PUBLIC_CAMPAIGN_TTL_MS / 2;
      await copy.read(c2.id);
      await expect(copy.read(700_001)).rejects.toThrow(/Campaign not found/);
      // c1's copy expires exactly now; the next miss finds the map full.
      now += PUBLIC_CAMPAIGN_TTL_MS / 2;
      await expect(copy.read(700_002)).rejects.toThrow(/Campaign not found/);
      statements.length = 0;
      await expect(copy.read(700_001)).rejects.toThrow(/Campaign not found/);
      await copy.read(c2.id);
      expect(campaignQueries()).toHaveLength(0);
    });

    it('when full of live campaigns, starts over rather than grow past its cap', async () => {
      const ids = [(await t.campaign()).id, (await t.campaign()).id, (await t.campaign()).id];
      const copy = new PublicCampaigns(t.db, () => 1_000_000, 2);
      for (const id of ids) await copy.read(id);
      statements.length = 0;
      await copy.read(ids[0]!);
      await copy.read(ids[1]!);
      // Three campaigns cannot all be held under a cap of two.
      expect(campaignQueries().length).toBeGreaterThan(0);
    });

    it('holds the boundary set beside the copy for the letter routes, never in the reply, and keeps it when a letter is counted', async () => {
      const set = await t.api('POST', '/api/admin/boundary-sets', { cookie: await t.adminCookie(), body: { name: 'Springfield wards', geojson: TWO_WARDS } });
      expect(set.status, set.text).toBe(201);
      const c = await t.campaign({ boundary_set_id: set.body.data.id });
      const plain = await t.campaign();
      const copy = publicCampaigns(t.db);
      expect(await copy.readForAction(c.id)).toMatchObject({ id: c.id, boundary_set_id: set.body.data.id });
      expect(await copy.readForAction(plain.id)).toMatchObject({ id: plain.id, boundary_set_id: null });
      copy.counted(c.id, { letter_count: 5 });
      expect(await copy.readForAction(c.id)).toMatchObject({ letter_count: 5, boundary_set_id: set.body.data.id });
      expect(await copy.read(c.id)).not.toHaveProperty('boundary_set_id');
      // The widget lists the set's districts; the set itself is the console's.
      const res = await read(c.id);
      expect(res.body.data).toMatchObject({ letter_count: 5, districts: [{ name: expect.any(String) }, { name: expect.any(String) }] });
      expect(res.body.data).not.toHaveProperty('boundary_set_id');
    });

    it('is one copy per database handle', () => {
      expect(publicCampaigns(t.db)).toBe(publicCampaigns(t.db));
    });
  },
  { onQuery: (sql) => statements.push(sql) },
);
