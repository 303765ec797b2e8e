/**
 * The hot paths are lean: reading a campaign is one indexed query, and signing is one short
 * transaction (insert, counter, read-back), shared by the signatures that arrive together.
 * Counted from the statements the app really sends.
 */
import { beforeEach, expect, it } from 'vitest';
import { signPetition } from '../src/commands/sign-petition';
import { signatureCreateSchema } from '../src/contract';
import { describeEachDatabase } from './harness';

const statements: string[] = [];
const isTxControl = (s: string) => /^(BEGIN|START TRANSACTION|COMMIT)/i.test(s.trim());

describeEachDatabase(
  'hot paths',
  (t) => {
    beforeEach(() => {
      statements.length = 0;
    });

    const signer = (email: string) => ({
      name: 'Hot Path',
      email,
      street_address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62704',
    });

    it('reads a campaign with one query on its primary key', async () => {
      const c = await t.campaign();
      statements.length = 0;
      const res = await t.api('GET', `/api/campaigns/${c.id}?t=1`);
      expect(res.status).toBe(200);
      expect(statements).toHaveLength(1);
      if (t.dialect === 'sqlite') {
        const plan: { detail: string }[] = await t.db.ds.query(
          `EXPLAIN QUERY PLAN SELECT * FROM campaigns WHERE id = ? AND is_active = 1`,
          [c.id],
        );
        expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INTEGER PRIMARY KEY/);
      }
    });

    it('signs in one short transaction: the insert, then the counter update that reads itself back', async () => {
      const c = await t.campaign();
      statements.length = 0;
      const res = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer('lean@example.org') });
      expect(res.status).toBe(200);
      const begin = statements.findIndex(isTxControl);
      const commit = statements.findLastIndex(isTxControl);
      const inside = statements.slice(begin + 1, commit);
      expect(inside.map((s) => s.trim().split(/\s+/)[0]!.toUpperCase())).toEqual(['INSERT', 'UPDATE']);
      expect(inside[1]).toMatch(/RETURNING/i);
      // The whole request: the active-campaign read, then the transaction.
      expect(statements.length).toBeLessThanOrEqual(5);

      statements.length = 0;
      const repeat = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer('LEAN@example.org') });
      expect(repeat.body).toEqual(res.body);
      // A repeat moves no counter: the count is only read.
      expect(statements.some((s) => /^\s*UPDATE/i.test(s))).toBe(false);
      expect(statements.some((s) => /^\s*SELECT "supporter_count"/i.test(s))).toBe(true);
    });

    it('stores signatures that arrive together in one transaction with one counter update', async () => {
      const c = await t.campaign();
      statements.length = 0;
      // Called below the route so that all 60 arrive in the same event-loop turn, as they do from
      // many sockets under load; 10 repeat an earlier address in another case.
      const emails = Array.from({ length: 60 }, (_, i) => (i < 50 ? `group${i}@example.org` : `GROUP${i - 50}@example.org`));
      const receipts = await Promise.all(emails.map((e) => signPetition(t.db, c.id, signatureCreateSchema.parse(signer(e)))));
      const firstWords = statements.map((s) => s.trim().split(/\s+/)[0]!.toUpperCase());
      expect(firstWords.filter((w) => w === 'BEGIN' || w === 'START')).toHaveLength(1);
      expect(firstWords.filter((w) => w === 'INSERT')).toHaveLength(1);
      expect(firstWords.filter((w) => w === 'UPDATE')).toHaveLength(1);
      // Everyone is answered with the count their COMMIT made, the same for the whole batch.
      expect(receipts).toEqual(emails.map(() => ({ supporter_count: 50 })));

      const after = await t.api('GET', `/api/campaigns/${c.id}`);
      expect(after.body.data.supporter_count).toBe(50);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id })).toBe(50);
    });

    it('a signature that cannot be stored fails alone; the rest of its batch is stored and counted', async () => {
      const c = await t.campaign();
      const missingCampaign = c.id + 10_000;
      // Called below the route, which would refuse an unknown campaign before it reached a batch:
      // the foreign key is the only thing that stops this row, inside the shared transaction.
      const results = await Promise.allSettled([
        ...Array.from({ length: 10 }, (_, i) => signPetition(t.db, c.id, signatureCreateSchema.parse(signer(`ok${i}@example.org`)))),
        signPetition(t.db, missingCampaign, signatureCreateSchema.parse(signer('orphan@example.org'))),
        ...Array.from({ length: 10 }, (_, i) => signPetition(t.db, c.id, signatureCreateSchema.parse(signer(`ok${i + 10}@example.org`)))),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect(results[10]!.status).toBe('rejected');
      const rows = await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id });
      const campaign = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id });
      expect(rows).toBe(20);
      expect(campaign.supporter_count).toBe(20);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ email: 'orphan@example.org' })).toBe(0);
    });
  },
  { onQuery: (sql) => statements.push(sql) },
);
