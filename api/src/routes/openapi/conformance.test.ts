/**
 * /api/openapi.json must describe what the server really does. For every operation in the
 * registry this sends real requests through the real app (SQLite and PostgreSQL) that produce each
 * kind of answer, and checks each against the served document with ajv (JSON Schema 2020-12): the
 * status is documented for the operation, the body matches that status's schema for the content
 * type sent, documented headers are there. Then the reverse: every documented status of every
 * operation was produced by some request here, so the document cannot promise answers that never
 * come. A new operation needs one example request in api/test/openapi/examples.ts.
 */
import { In, IsNull } from 'typeorm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract';
import { availableDialects, useTestServer, type TestServer } from '../../../test/harness';
import { addLetters } from '../../../test/admin-fixtures';
import { documentValidator, type Document, type DocumentValidator, type Reply } from '../../../test/openapi/document-validator';
import { EXAMPLES, logoForm, type ExampleRequest, type Fixtures } from '../../../test/openapi/examples';
import { prepareTargets } from '../../../test/reliability/bad-input';
import { png } from '../../../test/test-images';
import { OPERATIONS, type Operation } from './operations';

/**
 * Documented answers no request here produces, by "METHOD path status", each with the reason.
 * Everything else the document lists must come up.
 */
const NOT_PRODUCED: Record<string, string> = {
  'GET /api/oauth/google/redirect_url 500': 'builds an address from the configuration: nothing it does can fail on a request',
  'GET /api/openapi.json 500': 'built from the code itself on the first request: no database, no files',
  'GET /api/health 500': 'a database that does not answer is its 503; it touches nothing else',
  'GET /api/challenge 500': 'an HMAC of random bytes and the time: no database, no files',
};

/** The methods the routes use, PATCH which none does, and one no router knows at all. */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'] as const;
const label = (op: Operation) => `${op.method} ${op.path}`;
/** Ids the document accepts that name nothing. */
const UNKNOWN: Record<string, string> = { key: 'no_such_setting', token: 'T'.repeat(43) };
const unknownValue = (param: string) => UNKNOWN[param] ?? '2147483647';

interface Sent extends ExampleRequest {
  /** A body sent as is, with this Content-Type. */
  raw?: { body: string; type: string };
  headers?: Record<string, string>;
}

async function send(t: TestServer, method: string, path: string, req: Sent): Promise<Reply> {
  const url = new URL(
    t.url +
      path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = req.params?.[name];
        if (value === undefined) throw new Error(`${method} ${path}: the example gives no value for {${name}}`);
        return encodeURIComponent(String(value));
      }),
  );
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...req.headers };
  if (req.cookie) headers.cookie = req.cookie;
  let body: BodyInit | undefined;
  if (req.raw) {
    body = req.raw.body;
    headers['content-type'] = req.raw.type;
  } else if (req.form) body = req.form();
  else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  if (headers.host) {
    // fetch will not send a Host of the caller's choosing; the harness goes through node:http for it.
    const res = await t.api(method, url.pathname + url.search, { headers, raw: body as string | undefined });
    return { status: res.status, headers: res.headers, text: res.text };
  }
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The value of a parameter the document says an operation takes, worth trying against the server. */
function probeValues(schema: Record<string, unknown>): string[] {
  const values = new Set(['0', '1', '-1', 'abc', '1e2', '1.5', '', '91', '201', '1000001', '2147483647', '2147483648', '99999999999']);
  const { minimum, maximum, maxLength, enum: allowed } = schema as { minimum?: number; maximum?: number; maxLength?: number; enum?: string[] };
  for (const n of [minimum, maximum]) if (typeof n === 'number') [n - 1, n, n + 1].forEach((v) => values.add(String(v)));
  if (typeof maxLength === 'number') [maxLength, maxLength + 1].forEach((n) => values.add('x'.repeat(n)));
  for (const v of allowed ?? []) values.add(v);
  return [...values];
}

/** Rows for the examples, written straight into the tables: no request spends a rate limit or needs the API. */
async function directFixtures(t: TestServer, settingKey: Fixtures['targets']['settingKey']): Promise<Fixtures> {
  const campaign = await t.campaign();
  const [letter] = await addLetters(t, campaign, 1);
  const point = await t.db.ds
    .getRepository(t.db.entities.MessagePoint)
    .save({ category: 'Housing', talking_points: 'More homes near the new station.' });
  const targets = { campaignId: campaign.id, letterId: letter!.id, messagePointId: point.id, settingKey };
  return { t, targets, admin: await t.adminCookie(), user: await t.userCookie(), campaignId: campaign.id };
}

/**
 * Takes the database away from under a running server: PostgreSQL's is dropped (its connections
 * end and reconnecting finds nothing); SQLite's one connection is closed. (The harness's own
 * clean-up tolerates both.)
 */
async function loseDatabase(t: TestServer): Promise<void> {
  const where = t.config.database;
  if (where.dialect === 'postgres') {
    const name = new URL(where.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: where.url.replace(/\/[^/?]+(\?|$)/, '/postgres$1') });
    await admin.connect();
    await admin.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.end();
  } else {
    (t.db.ds.driver as unknown as { databaseConnection: { close(): void } }).databaseConnection.close();
  }
}

/** A multipart form with a text field and no file. */
function formWithout(): FormData {
  const form = new FormData();
  form.append('note', 'no file here');
  return form;
}

const DIALECTS = await availableDialects();

for (const dialect of DIALECTS) {
  describe(`/api/openapi.json describes what the server does [${dialect}]`, () => {
    const t = useTestServer(dialect);
    // A tiny limit: the second request of a bucket within the minute is refused.
    const limited = useTestServer(dialect, { env: { RATE_LIMIT_PER_MINUTE: '1' } });
    // Its database is taken away by one test; its error log lines are kept, not printed.
    const outageLogs: string[] = [];
    const outage = useTestServer(dialect, { logs: { write: (line: string) => void outageLogs.push(line) } });
    /** "METHOD path status" of every answer seen. */
    const produced = new Set<string>();
    let doc: Document;
    let v: DocumentValidator;
    let fx: Fixtures;
    let disabledCampaignId: number;

    const withExample = OPERATIONS.filter((op) => EXAMPLES[label(op)]);
    const example = (op: Operation, f: Fixtures = fx) => EXAMPLES[label(op)]!(f);
    const documented = (op: Operation) => Object.keys(doc.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {});

    /** Every way an answer differed from the document, collected so one run lists them all. */
    let mismatches: string[] = [];
    const noMismatches = () => {
      const found = mismatches;
      mismatches = [];
      expect(found, 'answers that /api/openapi.json does not describe').toEqual([]);
    };

    /** Sends, checks the answer against the document, and records its status as produced. */
    async function conforms(server: TestServer, op: Operation, req: Sent, what: string): Promise<Reply> {
      const reply = await send(server, op.method, op.path, req);
      for (const problem of v.check(op.method, op.path, reply)) mismatches.push(`${label(op)} ${what} -> ${reply.status}: ${problem}`);
      produced.add(`${label(op)} ${reply.status}`);
      return reply;
    }

    beforeAll(async () => {
      const res = await t.api('GET', '/api/openapi.json');
      doc = res.body as Document;
      v = documentValidator(doc);
      const admin = await t.adminCookie();
      const targets = await prepareTargets(t, admin);
      fx = { t, targets, admin, user: await t.userCookie(), campaignId: targets.campaignId };
      disabledCampaignId = (await t.campaign({ enable_sign_tab: false, enable_letter_tab: false })).id;
    });

    it('has an example request for every operation in the registry', () => {
      const missing = OPERATIONS.filter((op) => !EXAMPLES[label(op)]).map(label);
      expect(missing, 'operations without an example request: add one to api/test/openapi/examples.ts').toEqual([]);
      const stale = Object.keys(EXAMPLES).filter((key) => !OPERATIONS.some((op) => label(op) === key));
      expect(stale, 'examples for operations the registry does not have').toEqual([]);
    });

    it('answers each example with its documented success, and each example body is valid by the document', async () => {
      for (const op of withExample) {
        const req = await example(op);
        if (req.body !== undefined) mismatches.push(...v.checkRequestBody(op.method, op.path, req.body).map((p) => `${label(op)}: ${p}`));
        const reply = await conforms(t, op, req, 'example');
        const success = documented(op).find((s) => s.startsWith('2'));
        if (String(reply.status) !== success) mismatches.push(`${label(op)} example: ${reply.status} instead of ${success}: ${reply.text.slice(0, 300)}`);
      }
      noMismatches();
    });

    it('documents the refusals of callers who may not: signed out, not an admin, another site', async () => {
      for (const op of withExample) {
        const req = await example(op);
        if (op.access !== 'public') await conforms(t, op, { ...req, cookie: undefined }, 'signed out');
        if (op.access === 'admin') await conforms(t, op, { ...req, cookie: fx.user }, 'as a non-admin');
        if (op.origin === 'same' && op.method !== 'GET') {
          const reply = await conforms(t, op, { ...req, headers: { origin: 'https://evil.example' } }, 'from another site');
          expect(reply.status, label(op)).toBe(403);
        }
      }
      noMismatches();
    });

    it('agrees with the document on which path and query values are valid, and documents unknown ids', async () => {
      for (const op of withExample) {
        const req = await example(op);
        const params = doc.paths[op.path]![op.method.toLowerCase()]!.parameters ?? [];
        for (const p of params) {
          // In a path: '' is another address, a small number may be a real row (a write would change
          // it), and each known setting key needs its own body: an unknown key stands for them.
          const values =
            p.in === 'query'
              ? probeValues(p.schema)
              : p.schema.enum
                ? [unknownValue(p.name)]
                : [...probeValues(p.schema), unknownValue(p.name)].filter((x) => x !== '' && !(/^\d+$/.test(x) && Number(x) < 1_000_000));
          for (const value of values) {
            const sent: Sent =
              p.in === 'path' ? { ...req, params: { ...req.params, [p.name]: value } } : { ...req, query: { ...req.query, [p.name]: value } };
            const reply = await conforms(t, op, sent, `${p.in} ${p.name}=${JSON.stringify(value)}`);
            const valid = v.parameterValid(op.method, op.path, p.name, value);
            const where = `${label(op)} ${p.in} ${p.name}=${JSON.stringify(value)}: the document calls it ${valid ? 'valid' : 'invalid'}, the server answered ${reply.status} ${reply.text.slice(0, 200)}`;
            // An unknown setting key is a 404: the document lists the known ones.
            const refused = p.in === 'path' ? [400, 404] : [400];
            if (valid ? reply.status === 400 : !refused.includes(reply.status)) mismatches.push(where);
          }
        }
      }
      noMismatches();
    });

    it('documents what bad bodies get: not an object, malformed JSON, another type, too large', async () => {
      const tooLargeJson = JSON.stringify({ filler: 'x'.repeat(LIMITS.jsonBodyBytes) });
      for (const op of withExample.filter((o) => o.body)) {
        const req = await example(op);
        const bad: [string, Sent][] = op.multipart
          ? [
              ['JSON instead of a form', { ...req, form: undefined, body: {} }],
              ['a form without the logo', { ...req, form: formWithout }],
              ['an SVG', { ...req, form: logoForm(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'logo.svg') }],
              ['a logo over the limit', { ...req, form: logoForm(png({ padTo: LIMITS.logoBytes + 1 })) }],
            ]
          : [
              ['a JSON array', { ...req, body: [] }],
              ['malformed JSON', { ...req, raw: { body: '{"a":', type: 'application/json' } }],
              ['text/plain', { ...req, raw: { body: 'hello', type: 'text/plain' } }],
              ['a body over the limit', { ...req, raw: { body: tooLargeJson, type: 'application/json' } }],
            ];
        for (const [what, sent] of bad) {
          const reply = await conforms(t, op, sent, what);
          // Bad input is the caller's to fix: a 4xx, never a 5xx.
          expect(Math.floor(reply.status / 100), `${label(op)} ${what}: ${reply.status}`).toBe(4);
        }
      }
      noMismatches();
    });

    it('documents 405 (with Allow) for every method an address does not answer', async () => {
      const paths = [...new Set(withExample.map((op) => op.path))];
      for (const path of paths) {
        const ops = withExample.filter((op) => op.path === path);
        const req = await example(ops[0]!);
        for (const method of METHODS.filter((m) => !ops.some((op) => op.method === m))) {
          const reply = await send(t, method, path, { params: req.params, cookie: fx.admin });
          expect(reply.status, `${method} ${path}`).toBe(405);
          // Allow names exactly what the address does answer (HEAD with GET, as Koa serves it).
          const allowed = new Set((reply.headers.get('allow') ?? '').split(/,\s*/).filter(Boolean));
          for (const op of ops) expect(allowed.has(op.method.toUpperCase()), `Allow of ${path}: ${[...allowed].join(', ')}`).toBe(true);
          expect(allowed.has(method), `Allow of ${path} names ${method}`).toBe(false);
          for (const op of ops) {
            for (const problem of v.check(op.method, path, reply)) mismatches.push(`${method} ${path} -> 405, as an answer of ${label(op)}: ${problem}`);
            produced.add(`${label(op)} 405`);
          }
        }
      }
      noMismatches();
      // An address that does not exist is a 404 whatever the method, with no Allow to mislead.
      for (const method of METHODS) {
        const reply = await send(t, method, '/api/no-such-address', {});
        expect([reply.status, JSON.parse(reply.text).code, reply.headers.get('allow')], method).toEqual([404, 'not_found', null]);
      }
    });

    it("documents refusing sign-in sent to a Host that is not PUBLIC_URL's (DNS rebinding)", async () => {
      for (const op of withExample.filter((o) => o.refusals?.includes('misdirected'))) {
        const reply = await conforms(t, op, { ...(await example(op)), headers: { host: `rebound.example:${new URL(t.url).port}` } }, 'to another Host');
        expect(reply.status, label(op)).toBe(421);
      }
      noMismatches();
    });

    it('documents refusing an action the campaign has turned off', async () => {
      for (const op of withExample.filter((o) => o.refusals?.includes('action_disabled'))) {
        const reply = await conforms(t, op, await example(op, { ...fx, campaignId: disabledCampaignId }), 'on a campaign with the action off');
        expect(reply.status, label(op)).toBe(409);
      }
      noMismatches();
    });

    it('documents refusing a packet with no one to send it to, or nothing to send', async () => {
      const op = withExample.find((o) => label(o) === 'POST /api/admin/campaigns/{id}/deliveries')!;
      const bare = await t.campaign();
      const noRecipients = await conforms(t, op, { cookie: fx.admin, params: { id: bare.id }, body: {} }, 'without recipients');
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: bare.id }, { delivery_recipients: ['clerk@example.org'] });
      const noLetters = await conforms(t, op, { cookie: fx.admin, params: { id: bare.id }, body: {} }, 'without letters');
      expect([noRecipients.status, noLetters.status]).toEqual([409, 409]);
      noMismatches();
    });

    it("documents refusing an admin's second packet PDF while the first is drawn", async () => {
      const op = withExample.find((o) => label(o) === 'GET /api/admin/campaigns/{id}/packet.pdf')!;
      const req = await example(op);
      // The first is answered (headers) as its drawing starts; its body is read only afterwards.
      const first = await fetch(`${t.url}/api/admin/campaigns/${req.params!.id}/packet.pdf`, { headers: { cookie: req.cookie! } });
      const second = await conforms(t, op, req, 'while the same admin\'s first is drawn');
      await first.arrayBuffer();
      expect([first.status, second.status]).toEqual([200, 409]);
      expect(JSON.parse(second.text)).toMatchObject({ success: false, code: 'conflict' });
      noMismatches();
    });

    it('documents refusing to restore a quarantine twice', async () => {
      const op = withExample.find((o) => label(o) === 'POST /api/admin/quarantines/{id}/restore')!;
      const req = await example(op);
      expect((await conforms(t, op, req, 'the first time')).status).toBe(200);
      const again = await conforms(t, op, req, 'once restored');
      expect(again.status).toBe(409);
      expect(JSON.parse(again.text).error).toBe('This quarantine was restored already');
      noMismatches();
    });

    it('documents refusing a second invitation of one address, and leaving the console without an owner', async () => {
      const invite = withExample.find((o) => label(o) === 'POST /api/admin/admins')!;
      const req = await example(invite);
      expect((await conforms(t, invite, req, 'the first time')).status).toBe(201);
      expect((await conforms(t, invite, req, 'a second time')).status).toBe(409);

      // The fixtures' admin made the only owner who has signed in, for as long as this takes.
      const me = ((await t.api('GET', '/api/admin/admins', { cookie: fx.admin })).body.data as { id: number; is_you: boolean }[]).find((a) => a.is_you)!;
      const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
      const others = (await admins.findBy({ role: 'owner' })).filter((a) => a.id !== me.id).map((a) => a.id);
      if (others.length) await admins.update({ id: In(others) }, { role: 'viewer' });
      try {
        const demote = withExample.find((o) => label(o) === 'PUT /api/admin/admins/{id}')!;
        const remove = withExample.find((o) => label(o) === 'DELETE /api/admin/admins/{id}')!;
        const statuses = [
          (await conforms(t, demote, { cookie: fx.admin, params: { id: me.id }, body: { role: 'viewer' } }, 'on the last owner')).status,
          (await conforms(t, remove, { cookie: fx.admin, params: { id: me.id } }, 'on the last owner')).status,
        ];
        expect(statuses).toEqual([409, 409]);
      } finally {
        if (others.length) await admins.update({ id: In(others) }, { role: 'owner' });
      }
      noMismatches();
    });

    it('documents refusing to delete a boundary set a campaign uses', async () => {
      const op = withExample.find((o) => label(o) === 'DELETE /api/admin/boundary-sets/{id}')!;
      const req = await example(op);
      const c = await t.campaign({ title: 'A campaign with districts' });
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { boundary_set_id: Number(req.params!.id) });
      const reply = await conforms(t, op, req, 'while a campaign uses it');
      expect(reply.status).toBe(409);
      expect(JSON.parse(reply.text).error).toContain('"A campaign with districts"');
      noMismatches();
    });

    it('documents refusing a confirmation link that has expired', async () => {
      const op = withExample.find((o) => label(o) === 'POST /api/confirmations/{token}')!;
      const req = await example(op);
      await t.db.ds.getRepository(t.db.entities.SupporterMail).update({ confirmed_at: IsNull() }, { expires_at: new Date(Date.now() - 1000) });
      const reply = await conforms(t, op, req, 'after the link expired');
      expect(reply.status).toBe(410);
      noMismatches();
    });

    it('documents 429 with Retry-After past the rate limit, and nowhere else', async () => {
      const lfx = await directFixtures(limited, fx.targets.settingKey);
      for (const op of withExample) {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await conforms(limited, op, await example(op, lfx), `request ${i + 1} at 1 a minute`)).status);
        if (op.rateLimited) expect(statuses, label(op)).toContain(429);
      }
      noMismatches();
    });

    it('documents what every operation answers once its database has gone away, and logs each failure', async () => {
      const ofx = await directFixtures(outage, fx.targets.settingKey);
      // Built first: some examples write their own rows (a sign-in code, a point to delete).
      const requests: [Operation, ExampleRequest][] = [];
      for (const op of withExample) requests.push([op, await example(op, ofx)]);
      await loseDatabase(outage);
      let failed = 0;
      for (const [op, req] of requests) {
        // Signed out and, where the example sends no session, with one too: looking a session up reads the database.
        const variants = req.cookie ? [req] : [req, { ...req, cookie: ofx.user }];
        for (const sent of variants) {
          const reply = await conforms(outage, op, sent, `with the database gone${sent.cookie ? ', with a session' : ''}`);
          if (reply.status >= 500) failed++;
        }
      }
      noMismatches();
      // (Which operations must fail is the last test's business: each documented 500 must come up.)
      expect(failed).toBeGreaterThan(0);
      // Each failure is logged once with its cause, so an operator can see what broke.
      const logged = outageLogs.map((line) => JSON.parse(line) as { msg: string; level: number; error?: { stack?: string } });
      expect(logged.filter((l) => l.level >= 50 && l.error?.stack).length).toBeGreaterThanOrEqual(failed);
    });

    it('produces every status the document lists (exclusions named with their reason)', () => {
      const never: string[] = [];
      for (const op of OPERATIONS) {
        for (const status of documented(op)) {
          if (NOT_PRODUCED[`${label(op)} ${status}`]) continue;
          if (!produced.has(`${label(op)} ${status}`)) never.push(`${label(op)} ${status}${EXAMPLES[label(op)] ? '' : ' (no example request)'}`);
        }
      }
      expect(never, 'documented, but no request produced it: fix the document, or add the request that does').toEqual([]);
    });
  });
}
