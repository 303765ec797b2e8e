/**
 * Starts api/test/oauth-server.ts as its own process (a real OAuth 2.0 server on loopback) and
 * drives its control endpoints. Used by the API sign-in tests and the e2e suite.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockIdentity } from './oauth-server';

export type { MockIdentity };

export interface OAuthServer {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  /** GOOGLE_* variables that point the API at this server. */
  env: Record<string, string>;
  /** Who the next person to pass /authorize is. */
  setIdentity: (identity: MockIdentity) => Promise<void>;
  /** Makes the next request at that step fail (consent denied, token refused, userinfo down). */
  failNext: (at: 'authorize' | 'token' | 'userinfo') => Promise<void>;
  reset: () => Promise<void>;
  stop: () => Promise<void>;
}

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'oauth-server.ts');

export async function startOAuthServer(): Promise<OAuthServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: path.dirname(SCRIPT),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`OAuth test server did not start in 20 s\n${stderr}`)), 20_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /OAUTH_SERVER_URL=(\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`OAuth test server exited with ${code}\n${stderr}`));
    });
  });

  const post = async (p: string, body: unknown) => {
    const res = await fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  };

  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: 'dais-test-client',
      GOOGLE_CLIENT_SECRET: 'dais-test-secret',
      GOOGLE_AUTHORIZE_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    setIdentity: (identity) => post('/__control/identity', identity),
    failNext: (at) => post('/__control/fail', { at }),
    reset: () => post('/__control/reset', {}),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
