/**
 * The upkeep deletes expired pending records while supporters click their links. On PostgreSQL each
 * takes row locks: in the wrong order, the two wait for each other until the server aborts one.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { createLogger } from '../http/logger';
import { mailSoon } from './mail-soon';
import { confirmationUpkeep } from './upkeep';

describeEachDatabase('the confirmation upkeep beside a confirmation', (t) => {
  it('on PostgreSQL, deletes expired records without deadlocking a confirmation that holds their campaign', async ({ skip }) => {
    if (t.dialect !== 'postgres') return skip('SQLite runs one write at a time: no two transactions wait for each other');
    const c = await t.campaign({ require_confirmation: true });
    const email = `late.${Date.now()}@example.org`;
    const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, {
      body: { name: 'Ada Lovelace', email, street_address: '12 St James Square', city: 'Springfield', state: 'IL', zip_code: '62701' },
    });
    expect(signed.status).toBe(200);
    await mailSoon(t.db).settled();
    const supporters = t.db.ds.getRepository(t.db.entities.Supporter);
    const row = await supporters.findOneByOrFail({ campaign_id: c.id, email });
    await t.db.ds.query(`UPDATE "supporters" SET "created_at" = now() - interval '400 days' WHERE "id" = $1`, [row.id]);

    // A confirmation as commands/confirm-by-token.ts takes its locks: the campaign, then the records.
    const click = t.db.ds.createQueryRunner();
    await click.connect();
    await click.startTransaction();
    try {
      await click.query('SELECT 1 FROM "campaigns" WHERE "id" = $1 FOR NO KEY UPDATE', [c.id]);
      const upkeep = confirmationUpkeep(t.db, createLogger('silent'));
      // The upkeep reaches its deletion and waits there.
      await new Promise((r) => setTimeout(r, 500));
      await click.query(`UPDATE "supporters" SET "status" = 'confirmed' WHERE "id" = $1`, [row.id]);
      await click.commitTransaction();
      expect(await upkeep).toMatchObject({ deleted: 0 });
    } finally {
      if (click.isTransactionActive) await click.rollbackTransaction();
      await click.release();
    }
    expect(await supporters.findOneByOrFail({ id: row.id })).toMatchObject({ status: 'confirmed' });
  });
});
