import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/data-source';
import { openDatabase } from '../../src/db/open';
import { availableDialects } from '../harness';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from './server-process';
import { expectExactCounts, newOutcome, percentile, signConcurrently, type Signature } from './signing';

/**
 * A viral petition: SIGNATURES requests from CLIENTS concurrent clients against the real server
 * process, one in ten a repeat of an earlier signer (in another letter case), spread over three
 * campaigns. Every request is answered 2xx, every 2xx is a stored row, every counter is exact.
 */
const SIGNATURES = Number(process.env.LOAD_SIGNATURES ?? 20_000);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const CAMPAIGNS = 3;
const UNIQUE = Math.round(SIGNATURES * 0.9);

const openScratch = (url: string) => openDatabase(loadConfig({ DATABASE_URL: url }).database);

for (const dialect of await availableDialects()) {
  describe(`signing load [${dialect}]`, () => {
    let scratch: ScratchDatabase;
    let server: ServerProcess | undefined;
    let campaignIds: number[] = [];

    beforeAll(async () => {
      scratch = await scratchDatabase(dialect);
      const db = await openScratch(scratch.url);
      for (let i = 0; i < CAMPAIGNS; i++) {
        const c = await db.ds.getRepository(db.entities.Campaign).save({ title: `Load campaign ${i + 1}`, description: 'A campaign under a signing load test.', require_confirmation: false });
        campaignIds.push(c.id);
      }
      await db.ds.destroy();
      server = await startServer(scratch.url, await freePort());
    });
    afterAll(async () => {
      await server?.stop();
      await scratch?.drop();
      campaignIds = [];
    });

    it(`stores every acknowledged signature of ${SIGNATURES} from ${CLIENTS} clients, with exact counts and no 5xx`, async () => {
      let i = 0;
      const next = (): Signature | null => {
        if (i >= SIGNATURES) return null;
        const n = i++;
        // The last tenth repeat earlier signers, upper-cased: the same person, not a new row.
        const signer = n < UNIQUE ? n : (n - UNIQUE) * 9;
        const email = `signer${signer}@load.example`;
        return { campaignId: campaignIds[signer % CAMPAIGNS]!, email: n < UNIQUE ? email : email.toUpperCase() };
      };
      const outcome = newOutcome();
      const started = performance.now();
      await signConcurrently(server!.url, CLIENTS, next, outcome);
      const seconds = (performance.now() - started) / 1000;
      await server!.stop();
      server = undefined;

      console.log(
        `[${dialect}] ${SIGNATURES} signatures, ${CLIENTS} clients: ${(SIGNATURES / seconds).toFixed(0)}/s, ` +
          `p50 ${percentile(outcome.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(outcome.latenciesMs, 99).toFixed(1)} ms, statuses ${JSON.stringify(outcome.statuses)}`,
      );
      expect(outcome.unanswered, 'requests without an answer').toBe(0);
      expect(outcome.statuses, 'every signature answered 200').toEqual({ 200: SIGNATURES });

      let db: Database | undefined;
      try {
        db = await openScratch(scratch.url);
        const { rows } = await expectExactCounts(db, outcome.acknowledged);
        expect(rows, 'one row per distinct signer').toBe(UNIQUE);
      } finally {
        await db?.ds.destroy();
      }
    });
  });
}
