/**
 * The hot paths are lean: reading a campaign is one indexed query, and signing is one short
 * transaction (insert, counter, read-back), shared by the signatures that arrive together.
 * Counted from the statements the app really sends.
 */
import { In } from 'typeorm';
import { beforeEach, expect, it } from 'vitest';
import { signPetition } from '../src/commands/sign-petition';
import { signatureCreateSchema } from '../src/contract';
import { NO_DISTRICT } from '../src/districts/residency';
import { openDatabase } from '../src/db/open';
import { describeEachDatabase } from './harness';

/** A signature's body as the route stores it on a campaign without districts. */
const toStore = (body: unknown) => ({ ...signatureCreateSchema.parse(body), ...NO_DISTRICT });

/** Where a signature came from is the route's to say; these call the command directly. */
const NO_ORIGIN = { network: null };
const statements: string[] = [];
/** The server's error log lines, kept rather than printed. */
const errorLogs: string[] = [];
const isTxControl = (s: string) => /^(BEGIN|START TRANSACTION|COMMIT)/i.test(s.trim());

describeEachDatabase(
  'hot paths',
  (t) => {
    beforeEach(() => {
      statements.length = 0;
      errorLogs.length = 0;
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
      const receipts = await Promise.all(emails.map((e) => signPetition(t.db, { id: c.id, require_confirmation: false }, toStore(signer(e)), NO_ORIGIN)));
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
        ...Array.from({ length: 10 }, (_, i) => signPetition(t.db, { id: c.id, require_confirmation: false }, toStore(signer(`ok${i}@example.org`)), NO_ORIGIN)),
        signPetition(t.db, { id: missingCampaign, require_confirmation: false }, toStore(signer('orphan@example.org')), NO_ORIGIN),
        ...Array.from({ length: 10 }, (_, i) => signPetition(t.db, { id: c.id, require_confirmation: false }, toStore(signer(`ok${i + 10}@example.org`)), NO_ORIGIN)),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect(results[10]!.status).toBe('rejected');
      const rows = await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id });
      const campaign = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id });
      expect(rows).toBe(20);
      expect(campaign.supporter_count).toBe(20);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ email: 'orphan@example.org' })).toBe(0);
    });

    const sign = (campaignId: number, email: string, over: Partial<ReturnType<typeof signer>> = {}) =>
      signPetition(t.db, { id: campaignId, require_confirmation: false }, toStore({ ...signer(email), ...over }), NO_ORIGIN);
    const inserts = () => statements.filter((s) => /^\s*INSERT INTO "supporters"/i.test(s));
    /** The campaign's supporters as stored, in the order they went in. */
    const storedInOrder = async (campaignIds: number[]) =>
      (await t.db.ds.getRepository(t.db.entities.Supporter).find({ order: { id: 'ASC' } }))
        .filter((s) => campaignIds.includes(s.campaign_id))
        .map((s) => ({ campaign_id: s.campaign_id, email: s.email, name: s.name }));

    /**
     * Another writer holds the campaign's row (PostgreSQL) or the one SQLite writer until released,
     * so a batch that reaches the counter stays in flight as long as the test wants.
     */
    async function holdCampaign(id: number): Promise<() => Promise<void>> {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let held!: () => void;
      const holding = new Promise<void>((r) => (held = r));
      const sql = `UPDATE "campaigns" SET "title" = "title" WHERE "id" = ${t.dialect === 'postgres' ? '$1' : '?'}`;
      const done = t.db.transaction(async (m) => {
        await m.query(sql, [id]);
        held();
        await released;
      });
      await holding;
      return async () => {
        release();
        await done;
      };
    }

    it('signatures arriving while a batch commits wait for the next batch: one commit at a time, none lost, counts exact', async () => {
      const c = await t.campaign();
      const release = await holdCampaign(c.id);
      statements.length = 0;
      const first = sign(c.id, 'first@example.org');
      const later: Promise<{ supporter_count: number }>[] = [];
      for (let i = 0; i < 5; i++) {
        // Each in an event-loop turn of its own, after the first batch has left the queue: a signer
        // arriving on another socket while that batch waits for its commit.
        await new Promise((r) => setImmediate(r));
        later.push(sign(c.id, `later${i}@example.org`));
      }
      await release();
      expect(await first).toEqual({ supporter_count: 1 });
      // All five waited for the first commit and went in together, answered with their own commit's count.
      expect(await Promise.all(later)).toEqual(later.map(() => ({ supporter_count: 6 })));
      expect(inserts()).toHaveLength(2);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id })).toBe(6);
      expect((await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id })).supporter_count).toBe(6);
    });

    it('a database outage fails each waiting signature once with its error, and retries nothing row by row', async () => {
      const c = await t.campaign();
      // The table the batch writes to is gone for a moment: every row fails alike, none by its own fault.
      await t.db.ds.query('ALTER TABLE "supporters" RENAME TO "supporters_offline"');
      let results: PromiseSettledResult<{ supporter_count: number }>[];
      let overHttp: Awaited<ReturnType<typeof t.api>>;
      try {
        statements.length = 0;
        results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => sign(c.id, `outage${i}@example.org`)));
        overHttp = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer('widget@example.org') });
      } finally {
        await t.db.ds.query('ALTER TABLE "supporters_offline" RENAME TO "supporters"');
      }
      const reasons = results.map((r) => (r.status === 'rejected' ? r.reason : r.value));
      // One failed transaction for the batch, its error handed to all twenty; no transaction per row.
      expect(new Set(reasons).size).toBe(1);
      expect(String(reasons[0])).toMatch(/supporters/);
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      expect(inserts()).toHaveLength(2);
      expect(statements.filter((s) => /^\s*(BEGIN|START TRANSACTION)/i.test(s))).toHaveLength(2);
      // The widget's signer is told to try again, with no database text.
      expect(overHttp.status).toBe(500);
      expect(overHttp.body).toEqual({ success: false, code: 'internal', error: 'Something went wrong on our side. Please try again in a moment.' });
      expect(errorLogs.filter((l) => l.includes('unhandled error'))).toHaveLength(1);

      // Nothing was stored or counted; once the table is back, signing counts from zero.
      expect((await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id })).supporter_count).toBe(0);
      expect(await sign(c.id, 'outage0@example.org')).toEqual({ supporter_count: 1 });
    });

    it('a repeat in the same batch keeps the first signature and counts once; rows go in by e-mail (the lock order)', async () => {
      const c = await t.campaign();
      const receipts = await Promise.all([
        sign(c.id, 'mia@example.org'),
        sign(c.id, 'Zed@example.org'),
        sign(c.id, 'amy@example.org', { name: 'Amy First' }),
        sign(c.id, 'bob@example.org'),
        sign(c.id, 'AMY@example.org', { name: 'Amy Again' }),
        sign(c.id, 'cal@example.org'),
      ]);
      expect(receipts).toEqual(receipts.map(() => ({ supporter_count: 5 })));
      // As if signed one after another: the first to arrive is the one kept.
      expect(await storedInOrder([c.id])).toEqual(
        ['amy', 'bob', 'cal', 'mia', 'zed'].map((n) => ({
          campaign_id: c.id,
          email: `${n}@example.org`,
          name: n === 'amy' ? 'Amy First' : 'Hot Path',
        })),
      );
    });

    it('a batch for several campaigns stores and counts them in campaign id order (the lock order)', async () => {
      const [c1, c2, c3] = [await t.campaign(), await t.campaign(), await t.campaign()];
      const receipts = await Promise.all([
        sign(c3.id, 'x@example.org'),
        sign(c1.id, 'x@example.org'),
        sign(c2.id, 'x@example.org'),
        sign(c3.id, 'y@example.org'),
      ]);
      expect(receipts).toEqual([{ supporter_count: 2 }, { supporter_count: 1 }, { supporter_count: 1 }, { supporter_count: 2 }]);
      // Two processes committing overlapping batches lock the counters in the same order.
      expect((await storedInOrder([c1.id, c2.id, c3.id])).map((s) => [s.campaign_id, s.email])).toEqual([
        [c1.id, 'x@example.org'],
        [c2.id, 'x@example.org'],
        [c3.id, 'x@example.org'],
        [c3.id, 'y@example.org'],
      ]);
    });

    it('two PostgreSQL processes signing the same campaigns in opposite orders wait for each other, never deadlock', async (ctx) => {
      // SQLite has one writer at a time: no lock order to get wrong.
      if (t.dialect !== 'postgres') ctx.skip();
      const [c1, c2] = [await t.campaign(), await t.campaign()];
      const other = await openDatabase(t.config.database);
      try {
        // A third writer's uncommitted rows stop each process at its second campaign, once it holds
        // whatever its order took first; released, each goes on into what the other may hold.
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        let held!: () => void;
        const holding = new Promise<void>((r) => (held = r));
        const rolledBack = new Error('rolled back on purpose');
        const writer = t.db
          .transaction(async (m) => {
            for (const [campaignId, email] of [[c2.id, 'e1@example.org'], [c1.id, 'e2@example.org']] as const) {
              await m.query(
                // email_key carries the unique index the signers wait on.
                `INSERT INTO "supporters" ("campaign_id", "name", "email", "email_key", "street_address", "city", "state", "zip_code") VALUES ($1, 'W', $2, $2, '1 Main St', 'Springfield', 'IL', '62704')`,
                [campaignId, email],
              );
            }
            held();
            await released;
            throw rolledBack;
          })
          .catch((err: unknown) => {
            if (err !== rolledBack) throw err;
          });
        await holding;
        const here = [sign(c1.id, 'a1@example.org'), sign(c2.id, 'e1@example.org')];
        const there = [c2.id, c1.id].map((id, i) =>
          signPetition(other, { id: id, require_confirmation: false }, toStore(signer(i === 0 ? 'b2@example.org' : 'e2@example.org')), NO_ORIGIN),
        );
        // Both processes are in their transactions, waiting on the third writer.
        for (let waited = 0; ; waited += 10) {
          const [{ n }] = (await t.db.ds.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )) as [{ n: number }];
          if (n === 2) break;
          if (waited > 5_000) throw new Error(`${n} transactions waiting, expected 2`);
          await new Promise((r) => setTimeout(r, 10));
        }
        release();
        await writer;
        // Every signature is stored and counted once; none failed as a deadlock victim. Which process
        // takes each campaign's counter first once the writer lets go is theirs to settle.
        const [c1Here, c2Here, c2There, c1There] = (await Promise.all([...here, ...there])).map((r) => r.supporter_count);
        expect([[c1Here, c1There].sort(), [c2Here, c2There].sort()]).toEqual([
          [1, 2],
          [1, 2],
        ]);
        const counts = await t.db.ds.getRepository(t.db.entities.Campaign).find({ where: { id: In([c1.id, c2.id]) }, order: { id: 'ASC' } });
        expect(counts.map((c) => c.supporter_count)).toEqual([2, 2]);
      } finally {
        await other.ds.destroy();
      }
    });
  },
  { onQuery: (sql) => statements.push(sql), logs: { write: (line: string) => void errorLogs.push(line) } },
);
