/**
 * What the scheduler's tick costs when there is nothing to do. Every process ticks every
 * DELIVERY_CHECK_SECONDS, so a quiet tick must stay a read or two: no transaction, no lock on a
 * campaign, for a slot that is not due or already made.
 */
import { expect, it } from 'vitest';
import { createLogger } from '../http/logger';
import { describeEachDatabase } from '../../test/harness';
import { addLetters } from '../../test/admin-fixtures';
import { queueDuePackets } from './scheduler';

const HOUR = 3_600_000;
const quiet = createLogger('silent');
const statements: string[] = [];

describeEachDatabase(
  'the scheduler tick, when there is nothing to do',
  (t) => {
    /** The statements one tick sends, run alone (nothing else in this file runs meanwhile). */
    async function tick(): Promise<{ queued: number; sql: string[] }> {
      statements.length = 0;
      const queued = await queueDuePackets(t.db, quiet);
      return { queued, sql: [...statements] };
    }

    it('reads the campaigns once and stops when no slot is due', async () => {
      await t.campaign({ delivery_mode: 'packet', delivery_recipients: ['clerk@springfield.gov'], comment_deadline: new Date(Date.now() + 72 * HOUR), delivery_lead_hours: 24 });
      const { queued, sql } = await tick();
      expect(queued).toBe(0);
      expect(sql).toHaveLength(1);
      expect(sql[0]).toMatch(/FROM "campaigns"/);
    });

    it('reads the slots already made, and opens no transaction, once every due slot is made', async () => {
      const c = await t.campaign({ delivery_mode: 'packet', delivery_recipients: ['clerk@springfield.gov'], comment_deadline: new Date(Date.now() + HOUR), delivery_lead_hours: 24 });
      await addLetters(t, c, 1, () => ({ created_at: new Date(Date.now() - 60_000) }));
      expect((await tick()).queued).toBe(1);
      const { queued, sql } = await tick();
      expect(queued).toBe(0);
      expect(sql).toHaveLength(2);
      expect(sql[1]).toMatch(/FROM "deliveries"/);
      expect(sql.some((s) => /^(BEGIN|START TRANSACTION)/i.test(s))).toBe(false);
    });
  },
  { onQuery: (sql) => void statements.push(sql.trim()) },
);
