import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/data-source';
import { openDatabase } from '../../src/db/open';
import { availableDialects } from '../harness';
import { seededRandom } from './malformed';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from './server-process';
import { expectExactCounts, newOutcome, signConcurrently, type Signature } from './signing';

/**
 * `kill -9` the server KILLS times in the middle of a signing load, restarting it on the same
 * database each time: every signature that got a 2xx survives, and every counter equals its rows.
 * A request cut off by the kill got no answer, so either outcome is correct for it.
 */
const KILLS = 5;
const CLIENTS = 100;
/** Each round is bounded: it ends at the kill, or after this many signatures. */
const ROUND_MAX = 20_000;
const openScratch = (url: string) => openDatabase(loadConfig({ DATABASE_URL: url }).database);

for (const dialect of await availableDialects()) {
  describe(`crash during signing [${dialect}]`, () => {
    let scratch: ScratchDatabase;
    let server: ServerProcess | undefined;
    const campaignIds: number[] = [];

    beforeAll(async () => {
      scratch = await scratchDatabase(dialect);
      const db = await openScratch(scratch.url);
      for (let i = 0; i < 2; i++) {
        const c = await db.ds.getRepository(db.entities.Campaign).save({ title: `Crash campaign ${i + 1}`, description: 'A campaign signed while its server is killed.', require_confirmation: false });
        campaignIds.push(c.id);
      }
      await db.ds.destroy();
    });
    afterAll(async () => {
      await server?.kill9();
      await scratch?.drop();
    });

    it(`keeps every acknowledged signature through ${KILLS} kill -9 restarts`, async () => {
      const rnd = seededRandom(Number(process.env.RELIABILITY_SEED ?? 9_000_001));
      const port = await freePort();
      const outcome = newOutcome();
      let n = 0;
      const signer = (): Signature => {
        const k = n++;
        // Some repeats of recent signers, so the kill also lands inside "already signed" transactions.
        const who = k % 7 === 0 && k > 0 ? k - 1 - rnd.int(Math.min(k, 50)) : k;
        return { campaignId: campaignIds[who % campaignIds.length]!, email: `crash${who}@load.example` };
      };

      for (let round = 0; round <= KILLS; round++) {
        server = await startServer(scratch.url, port);
        const last = round === KILLS;
        const roundStart = n;
        const limit = last ? 1_000 : ROUND_MAX;
        const next = () => (n - roundStart < limit ? signer() : null);
        const load = signConcurrently(server.url, CLIENTS, next, outcome);
        if (!last) {
          // Killed mid-stream: after a seeded 0.3-1.5 s of signing, while 100 requests are in flight.
          await new Promise((r) => setTimeout(r, 300 + rnd.int(1_200)));
          await server.kill9();
          await load;
          console.log(`[${dialect}] kill ${round + 1}: ${n - roundStart} sent this round, ${outcome.acknowledged.length} acknowledged so far, ${outcome.unanswered} cut off`);
        } else {
          await load;
          await server.stop();
        }
        server = undefined;
      }

      expect(outcome.statuses['500'] ?? 0, `statuses ${JSON.stringify(outcome.statuses)}`).toBe(0);
      expect(Object.keys(outcome.statuses).every((s) => s === '200'), `statuses ${JSON.stringify(outcome.statuses)}`).toBe(true);
      // The final clean round proves the server came back whole after the last kill.
      expect(outcome.acknowledged.length).toBeGreaterThan(1_000);
      let db: Database | undefined;
      try {
        db = await openScratch(scratch.url);
        if (dialect === 'sqlite') expect(await db.ds.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
        const { rows } = await expectExactCounts(db, outcome.acknowledged);
        console.log(`[${dialect}] ${outcome.acknowledged.length} acknowledged, ${outcome.unanswered} cut off, ${rows} rows stored`);
      } finally {
        await db?.ds.destroy();
      }
    });
  });
}
