/**
 * The bot check on the public writes, with real ALTCHA v1 challenges from GET /api/challenge solved
 * by altcha-lib as the widget solves them. Forged, expired and replayed solutions, a thousand of
 * each, are refused with a 400 that says what to do, and nothing is stored.
 */
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { expect, it } from 'vitest';
import { BOT_CHECK_TEXTS, CHALLENGE_LIFETIME_MS } from '../contract';
import type { CampaignRow } from '../db/types';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { challengeKey, forgetExpiredChallenges } from './proof-of-work';

const encode = (p: object) => Buffer.from(JSON.stringify(p)).toString('base64');

let n = 0;
const signer = () => ({
  name: 'Rachel Carson',
  email: `rachel.${process.pid}.${++n}@example.org`,
  street_address: '1 Silent Spring Road',
  city: 'Springdale',
  state: 'PA',
  zip_code: '15144',
});

/** A challenge from the server, solved: what the widget sends. */
async function solved(t: TestServer): Promise<string> {
  const res = await t.api('GET', '/api/challenge');
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const c = res.body.data as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  expect(solution).not.toBeNull();
  return encode({ algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature });
}

/** A solution made with the server's own key for any expiry, without the work: for expired ones. */
async function made(t: TestServer, expires: Date, number = 7): Promise<string> {
  const c = await createChallenge({ hmacKey: challengeKey(t.config.sessionSecret), number, expires, maxNumber: 1000 });
  return encode({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature });
}

describeEachDatabase(
  'the bot check',
  (t) => {
    const sign = (c: CampaignRow, body: object) => t.api('POST', `/api/campaigns/${c.id}/support`, { body });
    const stored = (c: CampaignRow) => t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id });

    it('accepts a solved challenge once, and says what to do without one', async () => {
      const c = await t.campaign();
      const missing = await sign(c, signer());
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ success: false, error: BOT_CHECK_TEXTS.missing, field: 'altcha' });
      const ok = await sign(c, { ...signer(), altcha: await solved(t) });
      expect(ok.status, ok.text).toBe(200);
      expect(await stored(c)).toBe(1);
    });

    it('refuses a thousand forged solutions, storing nothing', async () => {
      const c = await t.campaign();
      const good = JSON.parse(Buffer.from(await solved(t), 'base64').toString()) as Record<string, string | number>;
      const hex = (i: number) => i.toString(16).padStart(64, '0');
      const forgeries = Array.from({ length: 1000 }, (_, i) => {
        switch (i % 6) {
          case 0: return encode({ ...good, number: Number(good.number) + 1 + i });
          case 1: return encode({ ...good, challenge: hex(i) });
          case 2: return encode({ ...good, signature: hex(i) });
          // A later expiry written into the salt: the signature no longer matches.
          case 3: return encode({ ...good, salt: String(good.salt).replace(/expires=\d+/, `expires=${4_102_444_800 + i}`) });
          case 4: return encode({ ...good, algorithm: 'SHA-1' });
          default: return Buffer.from(`not a solution ${i}`).toString('base64');
        }
      });
      for (const altcha of forgeries) {
        const res = await sign(c, { ...signer(), altcha });
        expect(res.status, altcha).toBe(400);
        expect(res.body.error).toBe(BOT_CHECK_TEXTS.invalid);
      }
      expect(await stored(c)).toBe(0);
      expect(await t.db.ds.getRepository(t.db.entities.SpentChallenge).countBy({ challenge: String(good.challenge) })).toBe(0);
    });

    it('refuses a solution of a challenge made without an expiry, though its signature is ours', async () => {
      const c = await t.campaign();
      const forever = await createChallenge({ hmacKey: challengeKey(t.config.sessionSecret), number: 3, maxNumber: 1000 });
      const altcha = encode({ algorithm: forever.algorithm, challenge: forever.challenge, number: 3, salt: forever.salt, signature: forever.signature });
      const res = await sign(c, { ...signer(), altcha });
      expect([res.status, res.body.error]).toEqual([400, BOT_CHECK_TEXTS.invalid]);
      expect(await stored(c)).toBe(0);
    });

    it("refuses a solution whose expiry lies beyond a challenge's lifetime, though its signature is ours", async () => {
      // Anyone who has the key can sign a challenge (a loopback install's key is the built-in secret):
      // an expiry years ahead would make one solution, and its spent row, outlive every other.
      const c = await t.campaign();
      const spent = () => t.db.ds.getRepository(t.db.entities.SpentChallenge).count();
      const spentBefore = await spent();
      const tenYears = await made(t, new Date(Date.now() + 10 * 365 * 86_400_000), 5);
      const justPast = await made(t, new Date(Date.now() + CHALLENGE_LIFETIME_MS + 120_000), 6);
      for (const altcha of [tenYears, justPast]) {
        const res = await sign(c, { ...signer(), altcha });
        expect([res.status, res.body.error]).toEqual([400, BOT_CHECK_TEXTS.invalid]);
      }
      expect(await stored(c)).toBe(0);
      expect(await spent()).toBe(spentBefore);
      // What GET /api/challenge hands out is within the cap, a full lifetime included.
      const fresh = await made(t, new Date(Date.now() + CHALLENGE_LIFETIME_MS), 7);
      expect((await sign(c, { ...signer(), altcha: fresh })).status).toBe(200);
    });

    it('remembers a spent solution until its challenge expires, whatever the upkeep forgets', async () => {
      const c = await t.campaign();
      const altcha = await made(t, new Date(Date.now() + 60_000), 11);
      expect((await sign(c, { ...signer(), altcha })).status).toBe(200);
      // The upkeep's tick forgets only challenges past their expiry: this one is not.
      expect(await forgetExpiredChallenges(t.db)).toBe(0);
      const again = await sign(c, { ...signer(), altcha });
      expect([again.status, again.body.error]).toEqual([400, BOT_CHECK_TEXTS.reused]);
      // Once its challenge has expired, the row goes; the solution is refused as expired anyway.
      const spent = JSON.parse(Buffer.from(altcha, 'base64').toString()) as { challenge: string };
      await t.db.ds.getRepository(t.db.entities.SpentChallenge).update({ challenge: spent.challenge }, { expires_at: new Date(Date.now() - 1000) });
      expect(await forgetExpiredChallenges(t.db)).toBeGreaterThan(0);
    });

    it('refuses a thousand expired solutions, storing nothing', async () => {
      const c = await t.campaign();
      for (let i = 0; i < 1000; i++) {
        const res = await sign(c, { ...signer(), altcha: await made(t, new Date(Date.now() - 1000 - i * 1000), i) });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(BOT_CHECK_TEXTS.expired);
      }
      expect(await stored(c)).toBe(0);
    });

    it('refuses a solution replayed a thousand times, in turn and at once, storing it once', async () => {
      const c = await t.campaign();
      const altcha = await made(t, new Date(Date.now() + 60_000));
      expect((await sign(c, { ...signer(), altcha })).status).toBe(200);
      for (let i = 0; i < 501; i++) {
        const res = await sign(c, { ...signer(), altcha });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(BOT_CHECK_TEXTS.reused);
      }
      // Fresh, and sent 500 times at once: one wins.
      const fresh = await made(t, new Date(Date.now() + 60_000), 8);
      const replies = await Promise.all(Array.from({ length: 500 }, () => sign(c, { ...signer(), altcha: fresh })));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 400 && r.body.error === BOT_CHECK_TEXTS.reused)).toHaveLength(499);
      expect(await stored(c)).toBe(2);
    });

    it('guards generating and submitting a letter too; a filled honeypot is thanked and stores nothing', async () => {
      const c = await t.campaign();
      const letter = {
        supporter_name: 'Rachel Carson',
        supporter_email: 'rachel.letter@example.org',
        perspective: 'homeowner',
        street_address: '1 Silent Spring Road',
        city: 'Springdale',
        state: 'PA',
        zip_code: '15144',
      };
      const generate = (body: object) => t.api('POST', `/api/campaigns/${c.id}/generate-letter`, { body });
      const submit = (body: object) => t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body });
      expect((await generate(letter)).status).toBe(400);
      expect((await generate({ ...letter, altcha: await solved(t) })).status).toBe(200);
      const content = { ...letter, letter_content: 'Dear Council,\n\nPlease keep the creek clean.\n\nRachel Carson' };
      expect((await submit(content)).body.error).toBe(BOT_CHECK_TEXTS.missing);
      expect((await submit({ ...content, altcha: await solved(t) })).status).toBe(201);
      const letters = () => t.db.ds.getRepository(t.db.entities.Letter).countBy({ campaign_id: c.id });
      expect(await letters()).toBe(1);

      const bot = await submit({ ...content, website: 'http://cheap-pills.example' });
      expect(bot.status).toBe(201);
      expect(bot.body.data).toEqual({ campaign_id: c.id, representative: null, finding_district: false });
      const botSigned = await sign(c, { ...signer(), website: 'http://cheap-pills.example' });
      expect(botSigned.status).toBe(200);
      expect(await letters()).toBe(1);
      expect(await stored(c)).toBe(0);
    });

    it("spends a letter's solution, a honeypot's too, and raises only its own campaign's letter count", async () => {
      const c = await t.campaign();
      const other = await t.campaign();
      const submit = (body: object) => t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body });
      const letter = (email: string, extra: object = {}) => ({
        supporter_name: 'Rachel Carson',
        supporter_email: email,
        perspective: 'homeowner',
        street_address: '1 Silent Spring Road',
        city: 'Springdale',
        state: 'PA',
        zip_code: '15144',
        letter_content: 'Dear Council,\n\nPlease keep the creek clean.\n\nRachel Carson',
        ...extra,
      });
      const letterCount = async (id: number) => (await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id })).letter_count;

      const altcha = await solved(t);
      expect((await submit(letter('first@example.org', { altcha }))).status).toBe(201);
      const replayed = await submit(letter('second@example.org', { altcha }));
      expect(replayed.status).toBe(400);
      expect(replayed.body.error).toBe(BOT_CHECK_TEXTS.reused);
      expect([await letterCount(c.id), await letterCount(other.id)]).toEqual([1, 0]);

      // A filled honeypot with a good solution: thanked, nothing stored, and the solution is spent.
      const bots = await solved(t);
      const honeypot = { website: 'http://cheap-pills.example' };
      expect((await submit(letter('bot@example.org', { ...honeypot, altcha: bots }))).status).toBe(201);
      expect((await submit(letter('third@example.org', { altcha: bots }))).body.error).toBe(BOT_CHECK_TEXTS.reused);
      // Its spent solution again: thanked all the same.
      expect((await submit(letter('bot@example.org', { ...honeypot, altcha: bots }))).status).toBe(201);
      expect([await letterCount(c.id), await letterCount(other.id)]).toEqual([1, 0]);
      expect(await t.db.ds.getRepository(t.db.entities.Letter).countBy({ campaign_id: c.id })).toBe(1);
    });
  },
  { env: { BOT_CHECK: 'on', BOT_CHECK_MAX_NUMBER: '1000' } },
);

describeEachDatabase(
  'the bot check, turned off',
  (t) => {
    it('lets a signature through without a solution when BOT_CHECK=off', async () => {
      const c = await t.campaign();
      const res = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer() });
      expect(res.status, res.text).toBe(200);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id })).toBe(1);
    });
  },
  { env: { BOT_CHECK: 'off' } },
);
