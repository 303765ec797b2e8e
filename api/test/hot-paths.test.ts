/**
 * The hot paths are lean: reading a campaign is one indexed query, and signing is one short
 * transaction (insert, counter, read-back). Counted from the statements the app really sends.
 */
import { beforeEach, expect, it } from 'vitest';
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

    it('signs in one short transaction: insert, counter, read-back', async () => {
      const c = await t.campaign();
      statements.length = 0;
      const res = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer('lean@example.org') });
      expect(res.status).toBe(200);
      const begin = statements.findIndex(isTxControl);
      const commit = statements.findLastIndex(isTxControl);
      const inside = statements.slice(begin + 1, commit);
      expect(inside.map((s) => s.trim().split(/\s+/)[0]!.toUpperCase())).toEqual(['INSERT', 'UPDATE', 'SELECT']);
      // The whole request: the active-campaign read, then the transaction.
      expect(statements.length).toBeLessThanOrEqual(6);

      statements.length = 0;
      const repeat = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer('LEAN@example.org') });
      expect(repeat.body).toEqual(res.body);
      expect(statements.some((s) => /^\s*UPDATE/i.test(s))).toBe(false);
    });
  },
  { onQuery: (sql) => statements.push(sql) },
);
