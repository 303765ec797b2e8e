import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const SECRET = 'a-production-secret-of-at-least-32-characters';
const PRODUCTION = {
  NODE_ENV: 'production',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  SESSION_SECRET: SECRET,
  PUBLIC_URL: 'https://dais.example.org',
};

/** Runs `node --import tsx src/main.ts` with only the given environment; resolves on exit. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-boot-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: path.dirname(MAIN),
    env: { PATH: process.env.PATH ?? '', HOME: cwd, DATABASE_URL: `sqlite:${path.join(cwd, 'dais.db')}`, PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // A server that did start would never exit by itself: stop it and let the assertion fail. Generous,
  // because tsx compiles the entry point cold and a busy 2-core machine can take tens of seconds.
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(cwd, { recursive: true, force: true });
      resolve({ code, stderr });
    }),
  );
}

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
};

describe('configuration', () => {
  it('refuses production without Google credentials, SESSION_SECRET and PUBLIC_URL, naming each', () => {
    const message = problems({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Dais cannot start; fix the configuration/);
    expect(message).toContain('GOOGLE_CLIENT_ID: production needs real Google credentials');
    expect(message).toContain('SESSION_SECRET: production needs a SESSION_SECRET');
    expect(message).toContain('PUBLIC_URL: production needs PUBLIC_URL');
    for (const missing of ['SESSION_SECRET', 'PUBLIC_URL', 'GOOGLE_CLIENT_ID'] as const) {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[missing];
      if (missing === 'GOOGLE_CLIENT_ID') delete env.GOOGLE_CLIENT_SECRET;
      // One line per variable to set, whichever rule (production, public address) asks for it.
      const lines = problems(env).split('\n').filter((l) => l.trimStart().startsWith(`${missing}: `));
      expect(lines, missing).toHaveLength(1);
    }
  });

  it('accepts a complete production configuration, with the development sign-in off', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.devOAuth).toBe(false);
    expect(c.sessionSecret).toBe(SECRET);
    expect(c.google.authorizeUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  });

  it('refuses a Google client id without its secret (and the reverse), in any environment', () => {
    for (const NODE_ENV of ['development', 'production']) {
      const { GOOGLE_CLIENT_SECRET: _omitted, ...env } = { ...PRODUCTION, NODE_ENV };
      expect(problems(env)).toContain('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
    }
    expect(problems({ GOOGLE_CLIENT_SECRET: 'x' })).toContain('must be set together');
  });

  it('refuses a short SESSION_SECRET', () => {
    expect(problems({ ...PRODUCTION, SESSION_SECRET: 'too-short' })).toContain('SESSION_SECRET must be at least 32 characters');
  });

  it('points sign-in at the built-in development provider when no Google client is set', () => {
    const c = loadConfig({ PORT: '4100' });
    expect(c.devOAuth).toBe(true);
    expect(c.google.authorizeUrl).toBe('http://localhost:4100/dev-oauth/authorize');
    expect(c.google.tokenUrl).toBe('http://localhost:4100/dev-oauth/token');
    expect(c.google.userinfoUrl).toBe('http://localhost:4100/dev-oauth/userinfo');
  });

  it('turns the development sign-in and secret on only for a loopback PUBLIC_URL', () => {
    const loopback = ['http://localhost:3000', 'http://LOCALHOST:3000', 'http://127.0.0.1:3000', 'http://127.4.5.6', 'http://[::1]:3000', 'http://0x7f.1:3000'];
    for (const PUBLIC_URL of loopback) {
      const c = loadConfig({ PUBLIC_URL });
      expect([c.publicUrlIsLoopback, c.devOAuth], PUBLIC_URL).toEqual([true, true]);
      expect(c.sessionSecret, PUBLIC_URL).toBe('dais-development-only-session-secret-not-for-production');
    }
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', SESSION_SECRET: SECRET };
    const elsewhere = ['https://dais.example.org', 'http://192.168.1.20:3000', 'http://0.0.0.0:3000', 'http://localhost.example.org', 'http://128.0.0.1', 'http://[::ffff:127.0.0.1]'];
    for (const PUBLIC_URL of elsewhere) {
      const c = loadConfig({ PUBLIC_URL, ...google });
      expect([c.publicUrlIsLoopback, c.devOAuth], PUBLIC_URL).toEqual([false, false]);
      expect(c.google.authorizeUrl, PUBLIC_URL).not.toContain('/dev-oauth');
    }
  });

  it('refuses a non-loopback PUBLIC_URL without a Google client or SESSION_SECRET, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      const env = { PUBLIC_URL: 'https://dais.example.org', ...(NODE_ENV ? { NODE_ENV } : {}) };
      const message = problems(env);
      expect(message, NODE_ENV).toContain(
        'GOOGLE_CLIENT_ID: PUBLIC_URL https://dais.example.org is not a loopback address, so the development sign-in and secret are off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      );
      expect(message, NODE_ENV).toContain('SESSION_SECRET: PUBLIC_URL https://dais.example.org is not a loopback address');
      expect(message, NODE_ENV).toContain('set SESSION_SECRET (at least 32 characters)');
      // Each missing piece alone is enough to refuse.
      expect(problems({ ...env, SESSION_SECRET: SECRET }), NODE_ENV).toContain('set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
      expect(problems({ ...env, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }), NODE_ENV).toContain('set SESSION_SECRET');
    }
    expect(problems({ PUBLIC_URL: 'https://dais.example.org', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', SESSION_SECRET: SECRET })).toBe('');
  });

  it('listens on loopback by default for a loopback PUBLIC_URL, on every interface otherwise, and HOST wins', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.2:3000' }).host).toBe('127.0.0.2');
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3000' }).host).toBe('::1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('reads TRUST_PROXY as a number of proxies: true is one, false or unset none', () => {
    const hops = (TRUST_PROXY?: string) => loadConfig(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }).trustProxyHops;
    expect([hops(), hops(''), hops('false'), hops('0'), hops('true'), hops('TRUE'), hops('1'), hops('2')]).toEqual([0, 0, 0, 0, 1, 1, 1, 2]);
    for (const bad of ['-1', 'maybe', '1.5', '999']) {
      expect(problems({ TRUST_PROXY: bad }), bad).toContain('TRUST_PROXY: TRUST_PROXY must be false, true (one proxy) or the number of proxies');
    }
  });

  it('reads STOP_GRACE_SECONDS as whole seconds, 10 by default', () => {
    expect(loadConfig({}).stopGraceMs).toBe(10_000);
    expect(loadConfig({ STOP_GRACE_SECONDS: '1' }).stopGraceMs).toBe(1000);
    for (const bad of ['0', '1.5', 'soon', '601']) expect(problems({ STOP_GRACE_SECONDS: bad }), bad).toContain('STOP_GRACE_SECONDS: STOP_GRACE_SECONDS must');
  });

  it('reads DELIVERY_CHECK_SECONDS as whole seconds, 30 by default', () => {
    expect(loadConfig({}).deliveryCheckMs).toBe(30_000);
    expect(loadConfig({ DELIVERY_CHECK_SECONDS: '2' }).deliveryCheckMs).toBe(2000);
    for (const bad of ['0', '2.5', 'often', '3601']) expect(problems({ DELIVERY_CHECK_SECONDS: bad }), bad).toContain('DELIVERY_CHECK_SECONDS: DELIVERY_CHECK_SECONDS must');
  });

  it('lower-cases ADMIN_EMAILS and ignores blanks', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Alice@Example.org, ,bob@example.org ' }).adminEmails).toEqual([
      'alice@example.org',
      'bob@example.org',
    ]);
  });

  it('makes the server exit non-zero with a readable message under NODE_ENV=production with nothing set', async () => {
    const { code, stderr } = await startServer({ NODE_ENV: 'production' });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain('Dais cannot start; fix the configuration (see .env.example)');
    expect(stderr).toContain('GOOGLE_CLIENT_ID: production needs real Google credentials');
    expect(stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 120_000);

  it('makes the server exit non-zero when GOOGLE_CLIENT_ID comes without GOOGLE_CLIENT_SECRET', async () => {
    const { code, stderr } = await startServer({ NODE_ENV: 'development', GOOGLE_CLIENT_ID: 'only-the-id' });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }, 120_000);
});
