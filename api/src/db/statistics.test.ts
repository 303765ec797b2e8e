/**
 * Dais keeps the planner's statistics itself (db/open.ts): a database whose supporters were loaded
 * while no server ran (a restore, an import, the bench's seed) has none, and both planners then
 * sort every confirmed row for the dashboard's recent lists (1.4 s at a million on PostgreSQL).
 * Opening it analyzes what was never analyzed.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { addSupporters } from '../../test/admin-fixtures';
import { openDatabase } from './open';

describeEachDatabase('the statistics the planner reads', (t) => {
  it('are gathered when the database opens, for a table that has rows and was never analyzed', async () => {
    const c = await t.campaign();
    await addSupporters(t, c, 50);
    const analyzed = async (db = t.db) =>
      db.dialect === 'sqlite'
        ? ((await db.ds.query(`SELECT COUNT(*) AS n FROM sqlite_stat1 WHERE tbl = 'supporters'`)) as { n: number }[])[0]!.n > 0
        : ((await db.ds.query(`SELECT last_analyze FROM pg_stat_user_tables WHERE relname = 'supporters'`)) as { last_analyze: Date | null }[])[0]?.last_analyze != null;
    if (t.dialect === 'postgres') {
      // The statistics collector reports the new rows a moment after their commit.
      for (let i = 0; i < 50 && !(Number((await t.db.ds.query(`SELECT n_live_tup FROM pg_stat_user_tables WHERE relname = 'supporters'`))[0]?.n_live_tup) > 0); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(await analyzed()).toBe(false);
    const again = await openDatabase(t.config.database);
    try {
      expect(await analyzed(again)).toBe(true);
    } finally {
      await again.ds.destroy();
    }
  });
});
