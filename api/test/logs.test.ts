/**
 * Structured logs as an operator sees them: the real server process's stdout, one JSON object a
 * line, each request's lines tied together by the id sent back as X-Request-Id, and never a
 * supporter's e-mail, name or address.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger';
import { availableDialects } from './harness';
import { startSmtpSink } from './smtp';
import { freePort, scratchDatabase, startServer, type ServerProcess } from './reliability/server-process';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
type LogLine = { level: number; time: string; msg: string; reqId?: string; [k: string]: unknown };

const postgres = (await availableDialects()).includes('postgres');
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.kill9()));
});

async function start(databaseUrl: string, env: Record<string, string>) {
  const server = await startServer(databaseUrl, await freePort(), env);
  running.push(server);
  const lines = () =>
    server
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);
  return { server, lines };
}

describe('logs of a real server process', () => {
  it('are JSON lines; a sign request gets an id of ours, echoed and logged, and nothing personal', async () => {
    const scratch = await scratchDatabase('sqlite');
    const { server, lines } = await start(scratch.url, { LOG_REQUESTS: 'true', SEED_DEMO_DATA: 'true' });
    const campaigns = (await (await fetch(`${server.url}/api/campaigns`)).json()) as { data: { id: number }[] };
    const id = campaigns.data[0]!.id;

    const signer = {
      name: 'Zelda Quintessa',
      email: 'zelda.quintessa@example.org',
      street_address: '77 Hidden Lane',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62704',
    };
    const res = await fetch(`${server.url}/api/campaigns/${id}/support?ref=zelda.quintessa@example.org`, {
      method: 'POST',
      // A client cannot choose the id its request is logged under.
      headers: { 'content-type': 'application/json', 'x-request-id': 'forged-id' },
      body: JSON.stringify(signer),
    });
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id')!;
    expect(reqId).toMatch(UUID);

    await expect.poll(() => lines().find((l) => l.reqId === reqId && l.msg === 'request')).toBeDefined();
    const line = lines().find((l) => l.reqId === reqId)!;
    expect(line).toMatchObject({ level: 30, method: 'POST', route: '/api/campaigns/:id/support', status: 200 });
    expect(line.ms).toEqual(expect.any(Number));
    expect(new Date(line.time).toISOString()).toBe(line.time);

    const other = await fetch(`${server.url}/api/health`);
    expect(other.headers.get('x-request-id')).toMatch(UUID);
    expect(other.headers.get('x-request-id')).not.toBe(reqId);

    const everything = server.stdout() + server.stderr();
    for (const secret of [/zelda/i, /quintessa/i, /hidden lane/i, /forged-id/, /\?ref=/]) expect(everything).not.toMatch(secret);
  }, 90_000);

  it('name the route a request took, never a secret in its path: the e-mail links, their pages and API calls', async () => {
    const sink = await startSmtpSink();
    try {
      const scratch = await scratchDatabase('sqlite');
      const { server, lines } = await start(scratch.url, { LOG_REQUESTS: 'true', SEED_DEMO_DATA: 'true', SMTP_URL: sink.url, MAIL_FROM: 'Dais <dais@example.org>' });
      const campaigns = (await (await fetch(`${server.url}/api/campaigns`)).json()) as { data: { id: number }[] };
      let confirming: number | undefined;
      for (const { id } of campaigns.data) {
        const c = (await (await fetch(`${server.url}/api/campaigns/${id}`)).json()) as { data: { require_confirmation: boolean } };
        if (c.data.require_confirmation) confirming = id;
      }
      expect(confirming, 'the demo data has a campaign that confirms by e-mail').toBeDefined();
      const email = `log.reader.${Date.now()}@example.org`;
      const signed = await fetch(`${server.url}/api/campaigns/${confirming}/support`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // The demo's confirming campaign asks a position.
        body: JSON.stringify({ name: 'Lorna Doone', email, street_address: '9 Exmoor Lane', city: 'Springfield', state: 'IL', zip_code: '62704', position: 'support' }),
      });
      expect(signed.status).toBe(200);
      await expect.poll(() => sink.received.some((m) => m.envelope.to.includes(email)), { timeout: 15_000 }).toBe(true);
      const text = sink.received.find((m) => m.envelope.to.includes(email))!.parsed.text ?? '';
      const confirm = /\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
      const remove = /\/remove\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

      // Every way a token travels in a path, followed as a supporter (or a mistyping one) would.
      const visits: [string, string][] = [
        ['GET', `/confirm/${confirm}`],
        ['POST', `/api/confirmations/${confirm}`],
        ['GET', `/remove/${remove}`],
        ['POST', `/api/removals/${remove}`],
        ['GET', `/confirm/${confirm}/`],
        ['GET', `/remove/${remove.slice(0, 40)}`],
        ['POST', `/api/confirmations/${confirm.slice(0, 42)}x`],
        ['GET', `/auth/callback?code=${confirm}`],
      ];
      const requestLines = () => lines().filter((l) => l.msg === 'request').length;
      const before = requestLines();
      for (const [method, path] of visits) await fetch(server.url + path, { method, headers: { origin: server.url } });
      // Every visit's line written before the output is searched.
      await expect.poll(requestLines).toBeGreaterThanOrEqual(before + visits.length);

      const everything = server.stdout() + server.stderr();
      for (const token of [confirm, remove]) {
        // Nor most of one: a mistyped link still carries all but a few of its characters.
        for (const piece of [token, token.slice(0, 16), token.slice(-16)]) expect(everything).not.toContain(piece);
      }
      const routes = lines().filter((l) => l.msg === 'request').map((l) => l.route);
      for (const route of ['/confirm/:token', '/api/confirmations/:token', '/remove/:token', '/api/removals/:token']) expect(routes).toContain(route);
      expect(lines().filter((l) => l.msg === 'request' && 'path' in l)).toEqual([]);
    } finally {
      await sink.stop();
    }
  }, 90_000);

  it('name the public campaign read by its route whether the hot read or the app answered it', async () => {
    const scratch = await scratchDatabase('sqlite');
    const { server, lines } = await start(scratch.url, { LOG_REQUESTS: 'true', SEED_DEMO_DATA: 'true' });
    const id = ((await (await fetch(`${server.url}/api/campaigns`)).json()) as { data: { id: number }[] }).data[0]!.id;
    // The first read fills this process's copy (the app answers), the next ones are hot.
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/campaigns/${id}`)).status).toBe(200);
    await expect.poll(() => lines().filter((l) => l.route === '/api/campaigns/:id').length).toBe(3);
    expect(lines().filter((l) => l.msg === 'request' && 'path' in l)).toEqual([]);
  }, 90_000);

  it('refuses to start with a LOG_LEVEL pino does not know, naming the ones it does', async () => {
    const scratch = await scratchDatabase('sqlite');
    await expect(start(scratch.url, { LOG_LEVEL: 'verbose' })).rejects.toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    );
  }, 90_000);

  it.skipIf(!postgres)(
    'write nothing below LOG_LEVEL: at warn, an error is logged but no start-up or request line [postgres]',
    async () => {
      const scratch = await scratchDatabase('postgres');
      const { server, lines } = await start(scratch.url, { LOG_REQUESTS: 'true', LOG_LEVEL: 'warn' });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      await scratch.drop();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
      // stdout keeps its order: once the error line is in, every earlier line is too.
      await expect.poll(() => lines().some((l) => l.level === 50)).toBe(true);
      expect(lines().filter((l) => l.level < 40)).toEqual([]);
    },
    90_000,
  );
});

describe('no log line is lost when the process stops', () => {
  const campaignOf = async (url: string) => ((await (await fetch(`${url}/api/campaigns`)).json()) as { data: { id: number }[] }).data[0]!.id;

  /** Requests answered by the hot read and by Koa, at once; the X-Request-Id of each. */
  async function burst(url: string, campaignId: number, count: number): Promise<string[]> {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => fetch(`${url}${i % 2 ? '/api/health' : `/api/campaigns/${campaignId}`}`)),
    );
    for (const res of answers) expect(res.status).toBe(200);
    return answers.map((res) => res.headers.get('x-request-id')!);
  }

  /** Resolves once the process has exited and everything it wrote to stdout is read. */
  const allWritten = (server: ServerProcess) => {
    const { child } = server;
    return Promise.all([
      new Promise<void>((resolve) => (child.stdout!.closed ? resolve() : child.stdout!.once('close', () => resolve()))),
      new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()))),
    ]);
  };

  for (const dialect of postgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
    it(`on SIGTERM: every request answered has its line, and the last line says the stop was clean [${dialect}]`, async () => {
      const scratch = await scratchDatabase(dialect);
      const { server, lines } = await start(scratch.url, { LOG_REQUESTS: 'true', SEED_DEMO_DATA: 'true' });
      const ids = await burst(server.url, await campaignOf(server.url), 200);
      const written = allWritten(server);
      await server.stop();
      await written;
      expect(server.child.exitCode).toBe(0);
      const logged = new Set(lines().filter((l) => l.msg === 'request').map((l) => l.reqId));
      expect(ids.filter((id) => !logged.has(id))).toEqual([]);
      expect(lines().at(-1)).toMatchObject({ level: 30, msg: 'stopped cleanly' });
    }, 90_000);
  }

  for (const crash of ['exception', 'rejection'] as const) {
    it(`on an uncaught ${crash === 'exception' ? 'error' : 'rejection'}: the lines still waiting are written, then one fatal line`, async () => {
      const scratch = await scratchDatabase('sqlite');
      const preload = new URL('./crash-after-reply.mjs', import.meta.url).pathname;
      const { server, lines } = await start(scratch.url, {
        LOG_REQUESTS: 'true',
        SEED_DEMO_DATA: 'true',
        NODE_OPTIONS: `--import=${preload}`,
        DAIS_TEST_CRASH: crash,
      });
      const campaignId = await campaignOf(server.url);
      const ids = await burst(server.url, campaignId, 100);
      const written = allWritten(server);
      server.child.kill('SIGUSR2');
      // Asks until a reply crashes the process, in the turn that logged that request's line.
      await expect.poll(async () => fetch(`${server.url}/api/health`).then((r) => r.status, () => 'gone')).toBe('gone');
      await written;
      expect(server.child.exitCode).toBe(1);
      const crashedAfter = /crashing after the reply to (\S+)/.exec(server.stderr())![1]!;
      const logged = new Set(lines().filter((l) => l.msg === 'request').map((l) => l.reqId));
      expect([...ids, crashedAfter].filter((id) => !logged.has(id))).toEqual([]);
      const fatal = lines().at(-1)!;
      expect(fatal).toMatchObject({ level: 60, error: { message: `test crash (${crash})` } });
      expect(fatal.msg).toMatch(crash === 'exception' ? /an error nothing caught/ : /a rejected promise nothing handled/);
      expect(server.stderr()).toContain(`test crash (${crash})`);
    }, 90_000);
  }
});

describe('logger', () => {
  it('censors fields that could carry personal data, should anything ever log them, and keeps error stacks', () => {
    const written: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('info', sink);
    log.info('careless', { email: 'a@example.org', name: 'Ann Example', body: { street_address: '1 Main St' }, user: { email: 'b@example.org' } });
    log.error('failed', { error: new Error('boom') });
    // What a failed INSERT looks like: TypeORM copies the statement's parameters and the driver's detail onto it.
    const insertFailed = Object.assign(new Error('duplicate key value violates unique constraint "uq_supporters_campaign_email"'), {
      code: '23505',
      parameters: [1, 'Ann Example', 'ann@example.org', '1 Main St'],
      detail: 'Key (campaign_id, email)=(1, ann@example.org) already exists.',
      driverError: { detail: 'Key (campaign_id, email)=(1, ann@example.org) already exists.' },
    });
    log.error('unhandled error', { error: insertFailed });
    log.child({ email: 'c@example.org', reqId: 'r1' }).info('bound');
    const [careless, failed, dbError, bound] = written.map((w) => JSON.parse(w) as Record<string, any>);
    expect(bound).toMatchObject({ msg: 'bound', email: '[redacted]', reqId: 'r1' });
    expect(careless).toMatchObject({ msg: 'careless', email: '[redacted]', name: '[redacted]', body: '[redacted]', user: { email: '[redacted]' } });
    expect(written[0]).not.toMatch(/example\.org|Ann|Main St/);
    expect(failed).toMatchObject({ level: 50, msg: 'failed', error: { type: 'Error', message: 'boom' } });
    expect(failed!.error.stack).toMatch(/boom\n\s+at /);
    expect(dbError!.error).toMatchObject({ code: '23505', message: expect.stringContaining('uq_supporters_campaign_email') });
    expect(written[2]).not.toMatch(/example\.org|Ann|Main St/);
  });
});
