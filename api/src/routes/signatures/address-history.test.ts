/**
 * Nothing in a reply to sign, generate-letter or submit-letter tells whether an address had signed
 * or written before: not the body, and not the time it takes, on a campaign that confirms by
 * e-mail or one that does not; a filled honeypot is answered as a first signature is.
 *
 * The server is a process of its own, as deployed (a client in the same process would share its
 * event loop, and wait for work the server does after it has replied). The timing tests are built
 * for a loaded two-core machine: many samples of each kind, interleaved in random order with a pause
 * after each (so that neither kind inherits the other's background work), compared round by round:
 * the median of the rounds' differences, and how often one kind is the slower (0.5: they cannot be
 * told apart). Before the e-mail of a new address left the reply's path, a new address on a
 * confirming campaign answered about 2.6 ms later, and the one-shot classification reached 73-81%.
 *
 * The server runs as deployed, with the bot check on: each write spends its solution, so each
 * transaction writes (on PostgreSQL, a repeat that wrote nothing would skip the COMMIT's flush).
 */
import { performance } from 'node:perf_hooks';
import { createChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeKey } from '../../bot-check/proof-of-work';
import { loadConfig } from '../../config';
import type { Database } from '../../db/data-source';
import { openDatabase } from '../../db/open';
import type { CampaignRow } from '../../db/types';
import { availableDialects } from '../../../test/harness';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from '../../../test/reliability/server-process';

/** Rounds measured (each one request of either kind), after WARMUP rounds that are not. */
const ROUNDS = 150;
const WARMUP = 15;
/** Quiet time after each request: the server's work after the reply (queueing an e-mail) is over by then. */
const PAUSE_MS = 15;
/**
 * Each round times one request of each kind, next to each other, so that both meet the same load.
 * The test: neither kind is the slower in more than SLOWER_SHARE of rounds (0.5 ± about 6 standard
 * errors for 150 rounds), which bounds what a one-shot guess can win (the red team's measure; before
 * the change, 82-99% of rounds); and the rounds' median difference stays under GAP_MS or GAP_SHARE of
 * a typical reply (a looser guard: on a loaded machine a round trip can take a millisecond). What is
 * left: a new address's row is written and a repeat's is not, 0.1 to 0.6 ms on either database, the
 * new one slower in 55-70% of rounds on a quiet machine; before, 1 to 5 ms. A honeypot against a
 * first signature or letter: 41-56%, since on PostgreSQL too it writes and takes back its row (a
 * `SELECT 1` in its place answered bots about 1 ms sooner, once 77% of rounds).
 */
const SLOWER_SHARE = 0.75;
const GAP_MS = 1;
const GAP_SHARE = 0.3;
const SECRET = 'the-address-history-suite-secret-0123456789';

let n = 0;
const fresh = (tag: string) => `${tag}.${process.pid}.${Date.now()}.${++n}@example.org`;
const signer = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  street_address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
});
const writer = (email: string) => ({
  supporter_name: 'Ada Lovelace',
  supporter_email: email,
  perspective: 'parent',
  message_point_ids: [] as number[],
  street_address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
});
const letter = (email: string) => ({ ...writer(email), letter_content: 'Dear Members of the City Council,\n\nPlease build the lanes.\n\nAda Lovelace' });

interface Reply {
  status: number;
  body: unknown;
  text: string;
}

/** A new address's replies (or a first signature's) and the other kind's, round by round. */
interface Timings {
  first: number[];
  repeat: number[];
}

/** A request made ready (its solution solved) and then sent: only the sending is timed. */
type Prepared = () => Promise<() => Promise<Reply>>;

/** Times `first` and `repeat` requests, interleaved in random order, each answered as `expected`. */
async function interleaved(firstKind: Prepared, repeatKind: Prepared, expected: number): Promise<Timings> {
  const t: Timings = { first: [], repeat: [] };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const order = Math.random() < 0.5 ? (['first', 'repeat'] as const) : (['repeat', 'first'] as const);
    for (const kind of order) {
      const send = await (kind === 'first' ? firstKind() : repeatKind());
      const started = performance.now();
      const res = await send();
      const ms = performance.now() - started;
      expect(res.status, res.text).toBe(expected);
      if (round >= WARMUP) t[kind].push(ms);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  }
  return t;
}

/** A good solution, made with the server's key (the widget's work skipped: the server checks the same). */
async function solved(): Promise<string> {
  const number = Math.floor(Math.random() * 1000);
  const c = await createChallenge({ hmacKey: challengeKey(SECRET), number, maxNumber: 1000, expires: new Date(Date.now() + 600_000) });
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature })).toString('base64');
}

const median = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  return o.length % 2 ? o[(o.length - 1) / 2]! : (o[o.length / 2 - 1]! + o[o.length / 2]!) / 2;
};

/** The two kinds cannot be told apart, round by round: see GAP_MS, GAP_SHARE and SLOWER_SHARE. */
function expectIndistinguishable(what: string, t: Timings) {
  const gaps = t.first.map((ms, i) => ms - t.repeat[i]!);
  const gap = median(gaps);
  const slower = gaps.filter((g) => g > 0).length / gaps.length;
  const typical = median([...t.first, ...t.repeat]);
  const said =
    `${what}: medians ${median(t.first).toFixed(2)} and ${median(t.repeat).toFixed(2)} ms, the rounds' median difference ` +
    `${gap.toFixed(2)} ms, the first slower in ${(slower * 100).toFixed(0)}% of ${gaps.length} rounds`;
  console.info(said);
  expect(Math.abs(gap), said).toBeLessThan(Math.max(GAP_MS, GAP_SHARE * typical));
  expect(Math.max(slower, 1 - slower), said).toBeLessThan(SLOWER_SHARE);
}

const dialects = await availableDialects();

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe.skipIf(!dialects.includes(dialect))(`replies that do not tell whether an address signed before [${dialect}]`, () => {
    let scratch: ScratchDatabase;
    let server: ServerProcess;
    let db: Database;
    beforeAll(async () => {
      scratch = await scratchDatabase(dialect);
      // The bot check on, as deployed; request lines off (the test harness's default), so that the
      // timings are of the replies alone.
      server = await startServer(scratch.url, await freePort(), { BOT_CHECK: 'on', BOT_CHECK_MAX_NUMBER: '1000', SESSION_SECRET: SECRET });
      db = await openDatabase(loadConfig({ DATABASE_URL: scratch.url, PUBLIC_URL: 'http://127.0.0.1:1', SEED_DEMO_DATA: 'false' }).database);
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await db?.ds.destroy();
      await scratch?.drop();
    });

    let campaigns = 0;
    const campaign = (require_confirmation: boolean): Promise<CampaignRow> =>
      db.ds.getRepository(db.entities.Campaign).save({
        title: `Address history campaign ${++campaigns}`,
        description: 'A campaign for the suite that times replies by address history.',
        require_confirmation,
      });
    const post = async (path: string, body: object): Promise<Reply> => {
      const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text) as unknown, text };
    };
    const sign = async (c: CampaignRow, body: object) => post(`/api/campaigns/${c.id}/support`, { ...body, altcha: await solved() });
    const submit = async (c: CampaignRow, body: object) => post(`/api/campaigns/${c.id}/submit-letter`, { ...body, altcha: await solved() });
    const generate = async (c: CampaignRow, body: object) => post(`/api/campaigns/${c.id}/generate-letter`, { ...body, altcha: await solved() });
    /** The request `sign` would send, its solution solved beforehand. */
    const signing = (c: CampaignRow, body: object): Prepared => async () => {
      const altcha = await solved();
      return () => post(`/api/campaigns/${c.id}/support`, { ...body, altcha });
    };
    const submitting = (c: CampaignRow, body: object): Prepared => async () => {
      const altcha = await solved();
      return () => post(`/api/campaigns/${c.id}/submit-letter`, { ...body, altcha });
    };
    const bot = { website: 'http://cheap-pills.example' };

    for (const confirming of [false, true]) {
      const kind = confirming ? 'a campaign that confirms by e-mail' : 'a campaign that does not confirm';

      it(`answers sign, generate and submit alike for a new address, a repeat and a honeypot, on ${kind}`, async () => {
        const c = await campaign(confirming);
        const known = fresh('known');
        expect((await sign(c, signer(known))).status).toBe(200);
        expect((await submit(c, letter(known))).status).toBe(201);

        const first = await sign(c, signer(fresh('first')));
        const repeat = await sign(c, signer(known));
        const honeypot = await sign(c, { ...signer(fresh('bot')), ...bot });
        for (const res of [repeat, honeypot]) {
          expect(res.status).toBe(first.status);
          expect(res.body).toEqual(first.body);
        }

        const firstLetter = await submit(c, letter(fresh('first')));
        const repeatLetter = await submit(c, letter(known));
        const honeypotLetter = await submit(c, { ...letter(fresh('bot')), ...bot });
        for (const res of [repeatLetter, honeypotLetter]) {
          expect(res.status).toBe(firstLetter.status);
          expect(res.body).toEqual(firstLetter.body);
        }

        // The same writer, details and all, before and after their address signed and wrote.
        const later = fresh('later');
        const before = await generate(c, writer(later));
        expect((await sign(c, signer(later))).status).toBe(200);
        expect((await submit(c, letter(later))).status).toBe(201);
        const after = await generate(c, writer(later));
        expect(after.status).toBe(200);
        expect(after.body).toEqual(before.body);
      });

      it(`answers a signature from a new address as fast as a repeat, on ${kind}`, { timeout: 120_000 }, async () => {
        const c = await campaign(confirming);
        const known = fresh('known');
        expect((await sign(c, signer(known))).status).toBe(200);
        const timings = await interleaved(() => signing(c, signer(fresh('new')))(), signing(c, signer(known)), 200);
        expectIndistinguishable(`sign, ${kind} [${dialect}]`, timings);
      });
    }

    it('answers a letter from a new address as fast as one from an address mailed today, on a campaign that confirms', { timeout: 120_000 }, async () => {
      const c = await campaign(true);
      const known = fresh('known');
      expect((await sign(c, signer(known))).status).toBe(200);
      const timings = await interleaved(() => submitting(c, letter(fresh('new')))(), submitting(c, letter(known)), 201);
      expectIndistinguishable(`submit-letter, a campaign that confirms [${dialect}]`, timings);
    });

    it('answers a filled honeypot as fast as a first signature and a first letter', { timeout: 120_000 }, async () => {
      const c = await campaign(true);
      const signatures = await interleaved(
        () => signing(c, signer(fresh('new')))(),
        () => signing(c, { ...signer(fresh('bot')), ...bot })(),
        200,
      );
      expectIndistinguishable(`sign, a first signature against a honeypot [${dialect}]`, signatures);
      const letters = await interleaved(
        () => submitting(c, letter(fresh('new')))(),
        () => submitting(c, { ...letter(fresh('bot')), ...bot })(),
        201,
      );
      expectIndistinguishable(`submit-letter, a first letter against a honeypot [${dialect}]`, letters);
    });
  });
}
