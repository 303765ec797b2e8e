/**
 * Stopping and starting the real entry point (api/src/main.ts, what `npm start` runs) as an operator
 * or a supervisor does: SIGTERM with keep-alive clients and a request in flight, a request that never
 * finishes, and a second start on a busy port. Raw sockets, so the test decides exactly when each
 * byte of a request arrives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './reliability/server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});


function start(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-stop-'));
  const dbPath = path.join(dir, 'dais.db');
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: `sqlite:${dbPath}`,
      UPLOAD_DIR: path.join(dir, 'up'),
      // What is stopped is a signature in flight; the bot check has its own suite.
      BOT_CHECK: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, dbPath, exited, stdout: () => stdout, stderr: () => stderr };
}

// Generous: tsx compiles the entry point cold, and a busy 2-core machine can take tens of seconds.
async function waitUntilServing(port: number) {
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/campaigns`)).ok) return;
    } catch (e) {
      if (Date.now() > until) throw e;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A raw keep-alive connection that collects what the server sends and notices when it hangs up. */
async function connection(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  const hungUp = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  /** The next complete reply (headers and a Content-Length body), removed from what was received. */
  const reply = async () => {
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = received.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length >= end + 4 + length) {
          const body = received.slice(end + 4, end + 4 + length);
          received = received.slice(end + 4 + length);
          return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body };
        }
      }
      await new Promise<void>((resolve, reject) => {
        socket.once('data', () => resolve());
        hungUp.then(() => reject(new Error(`the server hung up before a whole reply; got ${JSON.stringify(received.slice(0, 200))}`)));
      });
    }
  };
  return { socket, reply, hungUp };
}

const SIGNER = {
  name: 'Grace Period',
  email: 'grace.period@example.org',
  street_address: '1 Last Request Row',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
};

/** A signature request whose body arrives in two parts: the server holds it open in between. */
function halfSentSignature(campaignId: number) {
  const body = JSON.stringify(SIGNER);
  const head =
    `POST /api/campaigns/${campaignId}/support HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return { first: head + body.slice(0, 20), rest: body.slice(20) };
}

const GET = (p: string) => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;

/** Once a whole request on another connection has been answered, the server has read these bytes too. */
async function serverHasRead(port: number) {
  expect((await fetch(`http://127.0.0.1:${port}/api/campaigns`)).status).toBe(200);
}

describe('stopping', () => {
  it('on SIGTERM closes idle keep-alive sockets, answers the request in flight with Connection: close, stores it, and exits 0', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), SEED_DEMO_DATA: 'true', STOP_GRACE_SECONDS: '300' });
    await waitUntilServing(port);

    // An idle keep-alive client: served once, then quiet.
    const idle = await connection(port);
    idle.socket.write(GET('/api/campaigns'));
    const served = await idle.reply();
    expect(served.status).toBe(200);
    expect(served.head).not.toContain('connection: close');

    // A keep-alive client in the middle of a signature: headers and part of the body sent.
    const busy = await connection(port);
    const signature = halfSentSignature(1);
    busy.socket.write(signature.first);
    await serverHasRead(port);

    run.child.kill('SIGTERM');
    await expect.poll(() => run.stdout(), { timeout: 30_000 }).toContain('SIGTERM: no new connections');
    // The idle socket is closed at once, without waiting for the client or a timeout.
    await idle.hungUp;

    busy.socket.write(signature.rest);
    const answered = await busy.reply();
    expect(answered.status, answered.body).toBe(200);
    expect(answered.head).toContain('connection: close');
    await busy.hungUp;

    expect(await run.exited).toBe(0);
    expect(run.stdout()).toContain('stopped cleanly');
    // The signature answered during the stop was committed before the database closed.
    const db = new Database(run.dbPath, { readonly: true });
    const stored = db.prepare('SELECT COUNT(*) AS n FROM supporters WHERE email = ?').get(SIGNER.email) as { n: number };
    db.close();
    expect(stored.n).toBe(1);
  }, 120_000);

  it('exits non-zero when the grace period has to cut off a request that never finishes', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), SEED_DEMO_DATA: 'true', STOP_GRACE_SECONDS: '1' });
    await waitUntilServing(port);
    const stuck = await connection(port);
    stuck.socket.write(halfSentSignature(1).first);
    await serverHasRead(port);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(1);
    await stuck.hungUp;
    expect(run.stdout()).toContain('stopped after the 1 s grace period (STOP_GRACE_SECONDS), cutting off requests still open');
  }, 120_000);

  it('says in one line that the port is busy when a second server starts on it, and exits 1', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), SEED_DEMO_DATA: 'false' });
    await waitUntilServing(port);
    const second = start({ PORT: String(port), SEED_DEMO_DATA: 'false' });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toBe(`Port ${port} is already in use: stop the other server or set PORT.\n`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 120_000);
});
