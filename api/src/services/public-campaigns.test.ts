/**
 * The public campaign read is answered from this process's copy, and every change a user makes
 * shows at once: signatures, letters and admin edits update or drop the copy; a change made by
 * another process shows within the TTL.
 */
import { beforeEach, expect, it } from 'vitest';
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
      expect(signed.body.data.supporter_count).toBe(1);
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

    it('drops a read in flight that a commit overtook, so the next read is not stale', async () => {
      const c = await t.campaign();
      const copy = new PublicCampaigns(t.db);
      const inFlight = copy.read(c.id);
      copy.counted(c.id, { supporter_count: 3 });
      await inFlight;
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

    it('is one copy per database handle', () => {
      expect(publicCampaigns(t.db)).toBe(publicCampaigns(t.db));
    });
  },
  { onQuery: (sql) => statements.push(sql) },
);
