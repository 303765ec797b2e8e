import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface DaisServer {
  /** http://127.0.0.1:PORT, the Dais origin (API, embed.js, widget.js, /widget/{id}). */
  url: string;
  /** The SQLite file the server uses: tests read and prepare rows in it directly. */
  dbPath: string;
  stop: () => Promise<void>;
}

export interface DaisServerOptions {
  /** Extra environment for the server, e.g. the GOOGLE_* variables of api/test/oauth.ts's server. */
  env?: Record<string, string>;
}

/**
 * The real server, as `npm start` runs it, on a fresh SQLite file with the demo data: three
 * campaigns (1 with every tab, 2 in blue, 3 without the letter tab). No rate limit, since one
 * browser sends every request.
 */
export async function startDaisServer(options: DaisServerOptions = {}): Promise<DaisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-e2e-'));
  const dbPath = path.join(dir, 'dais.db');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: `sqlite:${dbPath}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      SEED_DEMO_DATA: 'true',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_REQUESTS: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));

  const stop = async () => {
    await exited(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, dbPath, stop };
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Dais server exited with ${child.exitCode}:\n${output()}`);
    try {
      const reply = await fetch(`${url}/api/campaigns`);
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the Dais server did not answer on ${url} within 60 s:\n${output()}`);
}

/** SIGTERM (the server finishes open requests), then SIGKILL if it lingers. */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
