import { afterAll, describe, expect, it } from 'vitest';
import { availableDialects, describeEachDatabase } from '../../../test/harness';
import { freePort, scratchDatabase, startServer, type ServerProcess } from '../../../test/reliability/server-process';
import { queueMail } from '../../mail/outbox';

describeEachDatabase(
  'GET /api/health',
  (t) => {
    it('answers 200 with the database ok, never cached, for GET and HEAD', async () => {
      const res = await t.api('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { status: 'ok', database: 'ok', mail: { waiting: 0, oldest_waiting_seconds: null } } });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const head = await t.api('HEAD', '/api/health');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
    });

    it("reports the mail outbox's backlog for monitoring, and stays 200 however long mail waits", async () => {
      // No worker runs in this test server: queued mail stays queued.
      await t.db.transaction((m) => queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Waiting', text: 'x' }));
      await t.db.ds.query(`UPDATE "mail_outbox" SET "created_at" = ${t.dialect === 'postgres' ? "now() - interval '90 seconds'" : "datetime('now', '-90 seconds')"}`);
      await t.db.transaction((m) => queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Waiting too', text: 'x' }));
      const res = await t.api('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body.data.mail.waiting).toBe(2);
      expect(res.body.data.mail.oldest_waiting_seconds).toBeGreaterThanOrEqual(89);
      expect(res.body.data.mail.oldest_waiting_seconds).toBeLessThan(120);
      await t.db.ds.query(`DELETE FROM "mail_outbox"`);
    });

    it('is not rate limited: a balancer probes far more often than the limit allows a person', async () => {
      for (let i = 0; i < 5; i++) expect((await t.api('GET', '/api/health')).status).toBe(200);
      // The limit is on (one a minute), as the login call shows.
      await t.api('POST', '/api/sessions', { body: {} });
      expect((await t.api('POST', '/api/sessions', { body: {} })).status).toBe(429);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '1' } },
);

const dialects = await availableDialects();
describe.skipIf(!dialects.includes('postgres'))('GET /api/health when the database goes away [postgres, a real server process]', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill9();
  });

  it('answers 503 with a message an operator can act on, and logs why', async () => {
    const scratch = await scratchDatabase('postgres');
    server = await startServer(scratch.url, await freePort());
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // DROP ... WITH (FORCE) ends the server's connections; reconnecting finds no database.
    await scratch.drop();
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      success: false,
      code: 'unavailable',
      error: 'This server cannot reach its database right now. Check that the database is running and reachable at DATABASE_URL.',
    });
    const reqId = res.headers.get('x-request-id');
    await expect
      .poll(() => server!.stdout().split('\n').find((l) => l.includes('health check: the database did not answer')))
      .toBeDefined();
    const line = JSON.parse(server.stdout().split('\n').find((l) => l.includes('health check'))!) as Record<string, any>;
    expect(line).toMatchObject({ level: 50, reqId });
    expect(line.error.stack).toEqual(expect.any(String));
  }, 90_000);
});
