/**
 * The API test harness: every suite runs the real Koa app over real HTTP against a real SQLite
 * file and, when reachable, a real PostgreSQL database (a fresh database per suite). Outside CI an
 * unreachable PostgreSQL skips that half with a visible message; in CI it fails the run.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../src/app';
import { adminEmailKey } from '../src/auth/admins';
import { createSession } from '../src/auth/sessions';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/data-source';
import { openDatabase } from '../src/db/open';
import type { CampaignRow } from '../src/db/types';
import type { AdminRole } from '../src/contract';
import { createLogger } from '../src/http/logger';
import type { AttachmentRenderers } from '../src/mail/attachments';
import { startMailWorker } from '../src/mail/start';
import { geocoderFrom } from '../src/geocoding/geocoder-from-config';
import { startGeocodeWorker, type GeocodeWorkerOptions } from '../src/geocoding/worker';
import type { MailWorkerOptions } from '../src/mail/worker';

export type Dialect = 'sqlite' | 'postgres';
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

let dialectsPromise: Promise<Dialect[]> | undefined;
export function availableDialects(): Promise<Dialect[]> {
  // `npm run test:mutation` sets TEST_DIALECTS=sqlite: Stryker runs each mutant against the SQLite
  // half only (the baseline was measured that way), so the run fits a 2-core machine.
  if (process.env.TEST_DIALECTS === 'sqlite') dialectsPromise ??= Promise.resolve(['sqlite']);
  dialectsPromise ??= postgresReachable().then((up) => {
    if (up) return ['sqlite', 'postgres'];
    if (process.env.CI) throw new Error(`PostgreSQL at ${PG_URL} is unreachable; CI must run the PostgreSQL half`);
    console.warn(`\n  !! PostgreSQL at ${PG_URL} is unreachable: the PostgreSQL half of the API tests is SKIPPED.\n`);
    return ['sqlite'];
  });
  return dialectsPromise;
}

const DIALECTS = await availableDialects();

export interface TestServer {
  url: string;
  config: Config;
  db: Database;
  dialect: Dialect;
  /** Calls the API like a browser or widget would; JSON in, JSON out. */
  api: (method: string, path: string, opts?: RequestOpts) => Promise<ApiResponse>;
  /** A signed-in admin's cookie header. */
  /** A signed-in admin's cookie header; an owner unless `role` says otherwise. */
  adminCookie: (email?: string, role?: AdminRole) => Promise<string>;
  /** A signed-in user who is not an admin. */
  userCookie: (email?: string) => Promise<string>;
  campaign: (overrides?: Partial<CampaignRow>) => Promise<CampaignRow>;
}

export interface RequestOpts {
  body?: unknown;
  /** A raw body sent as is (malformed JSON, wrong types). */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  cookie?: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // Tests read replies loosely: the shape under test is asserted field by field.
  body: { success?: boolean; data?: any; error?: string; code?: string; meta?: any; [k: string]: any };
  text: string;
}

export interface ServerOptions {
  /** Extra environment. A function is called in beforeAll: for values known only once another
   * server has started (a test OAuth provider's URL). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Sees every SQL statement the app issues, with its parameters. */
  onQuery?: (sql: string, parameters?: unknown[]) => void;
  /** Receives the server's log lines (errors only) instead of stdout. */
  logs?: DestinationStream;
  /**
   * Run the mail worker in this server, as main.ts does (with SMTP_URL in `env`, it talks to a test
   * SMTP server: test/smtp.ts). Timings default to quick ones for tests; `renderers` to the server's.
   */
  mailWorker?: Partial<MailWorkerOptions> & { renderers?: AttachmentRenderers };
  /** Run the geocoding worker in this server, as main.ts does (GEOCODER and GEOCODER_URL in `env`), with quick timings. */
  geocodeWorker?: Partial<GeocodeWorkerOptions> & { timeoutMs?: number };
}

/** Quick enough for a test to wait on: looks every 50 ms, retries after 100 ms, 200 ms... */
export const TEST_GEOCODE_OPTIONS: Partial<GeocodeWorkerOptions> = {
  pollMs: 50,
  leaseMs: 5_000,
  retry: { baseMs: 100, maxMs: 1_000, maxAttempts: 3 },
};

/** Quick enough for a test to wait on: polls every 100 ms, retries after 100 ms, 200 ms... */
export const TEST_WORKER_OPTIONS: Partial<MailWorkerOptions> = {
  pollMs: 100,
  leaseMs: 5_000,
  retry: { baseMs: 100, maxMs: 1_000, maxAttempts: 5 },
};

/** Registers beforeAll/afterAll that start a server on a fresh database of this dialect. */
export function useTestServer(dialect: Dialect, options: ServerOptions = {}): TestServer {
  const t = {} as TestServer;
  let server: http.Server;
  let cleanup: () => Promise<void> = async () => {};
  let users = 0;

  beforeAll(async () => {
    const { url: dbUrl, drop } = await freshDatabase(dialect);
    server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: '0',
      SEED_DEMO_DATA: 'false',
      // Requests here are the tests' own; bot-check.test.ts turns it on to test it.
      BOT_CHECK: 'off',
      UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dais-uploads-')),
      ...(typeof options.env === 'function' ? options.env() : options.env),
    });
    const db = await openDatabase(config.database, { onQuery: options.onQuery });
    const logger = createLogger('error', options.logs);
    server.on('request', createApp({ config, db, logger }));
    const { renderers, ...workerOptions } = options.mailWorker ?? {};
    const worker = options.mailWorker
      ? await startMailWorker({ db, config, logger, renderers, options: { ...TEST_WORKER_OPTIONS, ...workerOptions } })
      : null;
    const { timeoutMs, ...geocodeOptions } = options.geocodeWorker ?? {};
    const geocoding = options.geocodeWorker
      ? startGeocodeWorker({ db, logger, geocoder: geocoderFrom(config, { timeoutMs }), options: { ...TEST_GEOCODE_OPTIONS, ...geocodeOptions } })
      : null;
    Object.assign(t, {
      url: `http://127.0.0.1:${port}`,
      config,
      db,
      dialect,
      api: (method: string, p: string, o: RequestOpts = {}) => request(t.url, method, p, o),
      adminCookie: (email?: string, role: AdminRole = 'owner') => signedIn(db, email ?? `admin${++users}@example.org`, role),
      userCookie: (email?: string) => signedIn(db, email ?? `user${++users}@example.org`, null),
      campaign: (overrides: Partial<CampaignRow> = {}) => insertCampaign(db, overrides),
    });
    cleanup = async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await worker?.stop(1_000);
      await geocoding?.stop();
      await db.ds.destroy();
      await drop();
    };
  });
  afterAll(async () => {
    server.closeAllConnections?.();
    await cleanup();
  });
  return t;
}

/** describe() once per available database, each with its own server and fresh database. */
export function describeEachDatabase(name: string, fn: (t: TestServer) => void, options: ServerOptions = {}) {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (!DIALECTS.includes(dialect)) {
      describe.skip(`${name} [${dialect}: unreachable, skipped]`, () => {});
      continue;
    }
    describe(`${name} [${dialect}]`, () => fn(useTestServer(dialect, options)));
  }
}

let seq = 0;
/** An empty database of this dialect: a temp SQLite file, or a new PostgreSQL database. */
export async function freshDatabase(dialect: Dialect): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-test-'));
    return { url: `sqlite:${path.join(dir, 'test.db')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `dais_t_${process.pid}_${Date.now().toString(36)}_${seq++}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function request(base: string, method: string, p: string, o: RequestOpts): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...o.headers };
  let body: string | Uint8Array | undefined;
  if (o.raw !== undefined) body = o.raw;
  else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] ??= 'application/json';
  }
  if (o.cookie) headers.cookie = o.cookie;
  // fetch will not send a Host of the caller's choosing; node:http will (a request a proxy passed on).
  const res = headers.host
    ? await withHost(base + p, method, headers, body)
    : await fetch(base + p, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
  const text = await res.text();
  let parsed: ApiResponse['body'] = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** One request with the Host header in `headers`, read back as fetch would hand it over (decoded). */
function withHost(url: string, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined) {
  const u = new URL(url);
  return new Promise<{ status: number; headers: Headers; text: () => Promise<string> }>((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw;
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: out, text: async () => decoded.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function signedIn(db: Database, email: string, admin: AdminRole | null): Promise<string> {
  const user = await db.ds.getRepository(db.entities.User).save({
    email,
    google_sub: `sub-${email}`,
    name: email.split('@')[0] ?? email,
    picture: null,
  });
  if (admin) {
    await db.ds.getRepository(db.entities.AdminUser).save({ user_id: user.id, email, email_key: adminEmailKey(email), role: admin, is_active: true });
  }
  const token = await createSession(db, user.id);
  return `dais_session=${token}`;
}

let campaignSeq = 0;
export async function insertCampaign(db: Database, o: Partial<CampaignRow>): Promise<CampaignRow> {
  campaignSeq++;
  return db.ds.getRepository(db.entities.Campaign).save({
    title: `Test campaign number ${campaignSeq}`,
    description: 'A campaign used by the API tests, long enough to be valid.',
    // Signatures and letters count at once unless a test is about confirming them.
    require_confirmation: false,
    ...o,
  });
}
