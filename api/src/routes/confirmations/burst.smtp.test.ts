/**
 * A burst of signatures on a campaign that confirms, as a signing load makes it: every new address
 * gets its one e-mail over real SMTP, with links that work, and the mail worker sends them by the
 * batch: a claim and a write of outcomes per batch of messages, and one look-up for the links of a
 * whole claim, not a statement (on SQLite a commit) of each kind per e-mail, which made the e-mails
 * cost the server more than the signatures that caused them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailSoon } from '../../confirmations/mail-soon';
import { createLogger } from '../../http/logger';
import { startMailWorker } from '../../mail/start';
import { describeEachDatabase, TEST_WORKER_OPTIONS } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp';

const SIGNERS = 300;

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

const statements: string[] = [];
const count = (pattern: RegExp) => statements.filter((s) => pattern.test(s.replace(/\s+/g, ' '))).length;
const CLAIM = /^WITH "expired" AS .* UPDATE "mail_outbox" SET "status" = 'sending'/;
const OUTCOME = /^UPDATE "mail_outbox" SET "status" = 'sent'/;
const LOOKUP = /FROM "supporter_mails"/;
const QUEUED = /^INSERT INTO "mail_outbox"/;

describeEachDatabase(
  'a burst of signatures that confirm',
  (t) => {
    let people = 0;
    /** Signs `n` new addresses fifty at a time, as concurrent requests arrive; every tenth also repeats its address. */
    async function sign(campaignId: number, n: number): Promise<string[]> {
      const emails = Array.from({ length: n }, () => `walker.${++people}.${t.dialect}@example.org`);
      for (let from = 0; from < n; from += 50) {
        const replies = await Promise.all(
          emails.slice(from, from + 50).flatMap((email, i) => {
            const body = { name: 'Rosa Parks', email, is_public: true, street_address: '1 River Rd', city: 'Montgomery', state: 'AL', zip_code: '36104' };
            const first = t.api('POST', `/api/campaigns/${campaignId}/support`, { body });
            return i % 10 === 9 ? [first, t.api('POST', `/api/campaigns/${campaignId}/support`, { body: { ...body, email: email.toUpperCase() } })] : [first];
          }),
        );
        expect(replies.every((r) => r.status === 200)).toBe(true);
      }
      await mailSoon(t.db).settled();
      return emails;
    }
    // Woken by the commits that queue mail; no poll in the middle to count.
    const startWorker = () => startMailWorker({ db: t.db, config: t.config, logger: createLogger('silent'), options: { ...TEST_WORKER_OPTIONS, pollMs: 60_000 } });

    /** Waits for one e-mail to each of `emails` (and a moment for a second copy), each with its links. */
    async function expectMailedOnce(emails: string[], before: number) {
      const received = (await sink.waitFor(before + emails.length, 30_000)).slice(before);
      await expect
        .poll(async () => Number(((await t.db.ds.query(`SELECT COUNT(*) AS "n" FROM "mail_outbox" WHERE "status" <> 'sent'`)) as { n: number }[])[0]!.n), { timeout: 10_000 })
        .toBe(0);
      await new Promise((r) => setTimeout(r, 500));
      expect(sink.received.length - before).toBe(emails.length);
      expect(received.map((m) => m.envelope.to.join()).sort()).toEqual([...emails].sort());
      expect(received.every((m) => /\/confirm\/[A-Za-z0-9_-]{43}/.test(m.parsed.text ?? ''))).toBe(true);
    }

    it(`sends a backlog of ${SIGNERS} confirmation e-mails with a claim per fifty and a write of outcomes per batch that went out together`, async () => {
      const c = await t.campaign({ require_confirmation: true, title: 'Light the Riverside Path' });
      const emails = await sign(c.id, SIGNERS);
      statements.length = 0;
      const before = sink.received.length;
      const worker = await startWorker();
      try {
        await expectMailedOnce(emails, before);
      } finally {
        await worker.stop(1_000);
      }
      const [claims, outcomes, lookups] = [count(CLAIM), count(OUTCOME), count(LOOKUP)];
      console.log(`[burst ${t.dialect}] a backlog of ${SIGNERS} e-mails: ${claims} claims, ${outcomes} writes of outcomes, ${lookups} look-ups of supporter_mails`);
      // A hundred in hand, refilled at half: a claim per fifty (a statement and, on SQLite, a commit
      // each; it was one per e-mail), the links of a whole claim in one look-up.
      expect(claims).toBeLessThanOrEqual(SIGNERS / 50 + 2);
      expect(lookups).toBeLessThanOrEqual(claims);
      expect(outcomes).toBeLessThanOrEqual(SIGNERS / 5);
    }, 60_000);

    it('claims e-mails that arrive while signatures come in at most once per commit that queued them, or per fifty e-mails', async () => {
      const c = await t.campaign({ require_confirmation: true, title: 'Light the Riverside Path' });
      const worker = await startWorker();
      statements.length = 0;
      const before = sink.received.length;
      try {
        await expectMailedOnce(await sign(c.id, SIGNERS), before);
      } finally {
        await worker.stop(1_000);
      }
      const [claims, queued] = [count(CLAIM), count(QUEUED)];
      console.log(`[burst ${t.dialect}] ${SIGNERS} e-mails as they were queued by ${queued} commits: ${claims} claims, ${count(OUTCOME)} writes of outcomes`);
      // A claim per commit that queued mail; when fewer commits queue more than fifty each (a fast
      // machine's signature batches are larger), a claim per fifty, as the worker refills its hundred
      // at half. Measured: 4 to 6 commits, 7 claims.
      expect(claims).toBeLessThanOrEqual(Math.max(queued, SIGNERS / 50) + 2);
    }, 60_000);
  },
  {
    env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'Riverside Friends <friends@river.example.org>' }),
    onQuery: (sql) => statements.push(sql),
  },
);
