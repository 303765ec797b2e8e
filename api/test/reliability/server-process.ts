/**
 * The real server as a separate process (`node --import tsx api/src/main.ts`), as an operator
 * runs it: so load goes through a real process and `kill -9` kills it for real.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freshDatabase } from '../harness';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A fresh database for a server process: the harness's own (a temp SQLite file or a new PostgreSQL database). */
export const scratchDatabase = freshDatabase;
export type ScratchDatabase = Awaited<ReturnType<typeof freshDatabase>>;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr: shown when a suite fails. */
  stderr: () => string;
  /** What the process wrote to stdout (its JSON log lines), the last 200 KB. */
  stdout: () => string;
  /** SIGKILL: no handler runs, nothing is flushed. */
  kill9: () => Promise<void>;
  /** SIGTERM: the graceful stop main.ts implements. */
  stop: () => Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

/** Starts the server on `port` and resolves once it answers. */
export async function startServer(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: '0',
      // The load and crash suites send many signatures; the bot check has its own suite.
      BOT_CHECK: 'off',
      SEED_DEMO_DATA: 'false',
      LOG_REQUESTS: 'false',
      UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dais-load-uploads-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out = (out + c.toString()).slice(-200_000);
  });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-20_000);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${err}`);
    try {
      const res = await fetch(`${url}/api/campaigns`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stderr: () => err,
    stdout: () => out,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(t);
    },
  };
}

/**
 * A real server process on a fresh SQLite file for the suite it is called in (beforeAll/afterAll):
 * the way the size budgets see what a browser downloads. Read `.url` inside tests.
 */
export function useServerProcess(env: Record<string, string> = {}): { readonly url: string } {
  let db: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    db = await scratchDatabase('sqlite');
    server = await startServer(db.url, await freePort(), env);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });
  return {
    get url() {
      if (!server) throw new Error('the server process is not started yet: read .url inside a test');
      return server.url;
    },
  };
}
