/**
 * The scale-out story, for real: two API processes (api/src/main.ts, as an operator runs them
 * behind a load balancer) on one PostgreSQL database. A per-IP limit holds for both together, a
 * session made on one works on the other, an admin edit on one shows on the other within the
 * documented second, and signatures sent to both keep the count exact. Then the limit again with
 * the counters in Redis (REDIS_URL).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './browser';
import { availableDialects } from './harness';
import { startOAuthServer, type OAuthServer } from './oauth';
import { clearRedisBuckets, redisAvailable, TEST_REDIS_URL } from './redis';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from './reliability/server-process';

const LIMIT = 40;
const postgres = (await availableDialects()).includes('postgres');
const redis = await redisAvailable();

/** Sends `count` letter requests alternating between the processes; returns each status. */
async function alternate(servers: ServerProcess[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    // An empty body: the limit is counted first, then the body is refused (400) until the limit.
    const res = await fetch(`${servers[i % servers.length]!.url}/api/campaigns/1/generate-letter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    statuses.push(res.status);
  }
  return statuses;
}

/** The limit holds for all the processes together: LIMIT answered, then 429 from either. */
function expectSharedLimit(statuses: number[]) {
  expect(statuses.slice(0, LIMIT).filter((s) => s === 429)).toEqual([]);
  expect(statuses.slice(LIMIT)).toEqual(statuses.slice(LIMIT).map(() => 429));
}

describe.skipIf(!postgres)('two API processes on one PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  let oauth: OAuthServer;
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    oauth = await startOAuthServer();
    const env = { ...oauth.env, RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    // One after the other: both run the migrations at start-up, the second finds nothing to do.
    a = await startServer(scratch.url, await freePort(), env);
    servers.push(a);
    b = await startServer(scratch.url, await freePort(), env);
    servers.push(b);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill9()));
    await oauth?.stop();
    await scratch?.drop();
  });

  it('holds a per-IP limit across both processes (counted in PostgreSQL)', async () => {
    // Each process alone would let LIMIT through: together they must stop at LIMIT.
    expectSharedLimit(await alternate([a, b], LIMIT + 2));
  });

  let cookie = '';
  it('takes a session made on one process on the other', async () => {
    await oauth.setIdentity({ sub: 'scale-out-admin', email: 'scale.admin@example.org', email_verified: true, name: 'Scale Admin' });
    const browser = new Browser();
    const start = (await (await fetch(`${a.url}/api/oauth/google/redirect_url`)).json()) as { redirectUrl: string };
    const toProvider = await browser.request(start.redirectUrl);
    const back = await browser.request(toProvider.location!);
    const done = await browser.request(back.location!);
    const code = new URL(done.location!).searchParams.get('code');
    expect(code, done.location!).toBeTruthy();
    const session = await browser.request(`${a.url}/api/sessions`, { json: { code } });
    expect(session.status).toBe(200);
    cookie = browser.cookieHeader(`${a.url}/api/users/me`);
    expect(cookie).toMatch(/dais_session=/);

    // The first person to sign in is an admin: B, which never saw the sign-in, agrees.
    const me = await fetch(`${b.url}/api/users/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'scale.admin@example.org' });
    expect((await fetch(`${b.url}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(200);
  });

  let campaignId = 0;
  it("shows an admin's edit on one process in the other's public read within the documented second", async () => {
    const created = await fetch(`${a.url}/api/admin/campaigns`, {
      method: 'POST',
      headers: { cookie, origin: a.url, 'content-type': 'application/json' },
      // Counted at once (no e-mail confirmation): what is tested is the count across processes.
      body: JSON.stringify({ title: 'Two processes, one campaign', description: 'Served by two API processes on one database.', require_confirmation: false }),
    });
    expect(created.status).toBe(201);
    campaignId = ((await created.json()) as { data: { id: number } }).data.id;
    const publicTitle = async (server: ServerProcess) =>
      ((await (await fetch(`${server.url}/api/campaigns/${campaignId}`)).json()) as { data: { title: string } }).data.title;
    // B now holds its own copy of the campaign.
    expect(await publicTitle(b)).toBe('Two processes, one campaign');

    const edited = await fetch(`${a.url}/api/admin/campaigns/${campaignId}`, {
      method: 'PUT',
      headers: { cookie, origin: a.url, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed on process A' }),
    });
    expect(edited.status).toBe(200);
    expect(await publicTitle(a)).toBe('Renamed on process A');
    // README and ARCHITECTURE promise "within a second"; half a second more for a busy machine.
    await expect.poll(() => publicTitle(b), { timeout: 1500, interval: 50 }).toBe('Renamed on process A');
  });

  it('keeps supporter_count exact when signatures arrive at both processes at once', async () => {
    const N = 30;
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        fetch(`${(i % 2 ? b : a).url}/api/campaigns/${campaignId}/support`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Signer ${i}`,
            email: `signer${i}@example.org`,
            street_address: `${i} Main Street`,
            city: 'Springfield',
            state: 'IL',
            zip_code: '62704',
          }),
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));

    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM supporters WHERE campaign_id = $1', [campaignId]);
      expect(Number(rows[0]!.n)).toBe(N);
    } finally {
      await db.end();
    }
    for (const server of [a, b]) {
      const admin = await fetch(`${server.url}/api/admin/campaigns/${campaignId}`, { headers: { cookie } });
      expect(((await admin.json()) as { data: { supporter_count: number } }).data.supporter_count).toBe(N);
    }
  });

  describe.skipIf(!redis)('with REDIS_URL', () => {
    let c: ServerProcess;
    let d: ServerProcess;
    beforeAll(async () => {
      await clearRedisBuckets(['generate']);
      const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL: TEST_REDIS_URL };
      c = await startServer(scratch.url, await freePort(), env);
      servers.push(c);
      d = await startServer(scratch.url, await freePort(), env);
      servers.push(d);
    }, 120_000);

    it('holds a per-IP limit across both processes (counted in Redis)', async () => {
      expectSharedLimit(await alternate([c, d], LIMIT + 2));
    });
  });
});
