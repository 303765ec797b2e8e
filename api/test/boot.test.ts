/**
 * The product's first promise: on a fresh machine `npm start` serves seeded campaigns. This spawns the
 * real entry point (api/src/main.ts, what `npm start` runs) on an empty SQLite file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => output };
}

// Generous: tsx compiles the entry point cold, and a busy 2-core machine can take tens of seconds.
async function waitFor(url: string, ms = 90_000): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url);
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

describe('npm start', () => {
  it('serves seeded demo campaigns on a fresh SQLite file, and keeps data across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-boot-'));
    const port = await freePort();
    const env = { PORT: String(port), DATABASE_URL: `sqlite:${path.join(dir, 'dais.db')}`, UPLOAD_DIR: path.join(dir, 'up') };
    const first = start(env);
    const res = await waitFor(`http://127.0.0.1:${port}/api/campaigns`);
    const body = (await res.json()) as { success: boolean; data: { title: string }[] };
    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    expect(first.output()).toContain('seeded demo data');
    expect(fs.existsSync(path.join(dir, 'dais.db-wal')) || fs.existsSync(path.join(dir, 'dais.db'))).toBe(true);

    // Request logs carry method, path, status and time: never who signed.
    const signer = {
      name: 'Zelda Quintessa',
      email: 'zelda.quintessa@example.org',
      street_address: '77 Hidden Lane',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62704',
    };
    const campaignId = (body.data[0] as { id?: number }).id;
    const signed = await fetch(`http://127.0.0.1:${port}/api/campaigns/${campaignId}/support?utm=zelda.quintessa@example.org`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signer),
    });
    expect(signed.status).toBe(200);
    // The log line is written when the reply has gone out: wait for it rather than a fixed time.
    await expect.poll(() => first.output()).toMatch(/"path":"\/api\/campaigns\/\d+\/support","status":200/);
    for (const secret of [/zelda/i, /quintessa/i, /hidden lane/i]) expect(first.output()).not.toMatch(secret);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A restart on the same file neither re-seeds nor loses anything.
    const second = start(env);
    const again = (await (await waitFor(`http://127.0.0.1:${port}/api/campaigns`)).json()) as { data: unknown[] };
    expect(again.data).toHaveLength(body.data.length);
    expect(second.output()).not.toContain('seeded demo data');
  }, 120_000);
});
