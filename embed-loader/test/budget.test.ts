import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ACCEPT_ENCODING, decodedBody, rawRequest } from '../../api/test/raw-http';
import { useServerProcess } from '../../api/test/reliability/server-process';

/**
 * Issue 3's budget: embed.js is at most 2 KB (2,048 bytes). Counted as issue 9 asks: the bytes a
 * browser downloads from the real server, asked with Chromium's Accept-Encoding, nothing decoded.
 * `npm test` builds first; the server serves embed-loader/dist. Its behaviour in a real browser is
 * tested by e2e/.
 */
const BUDGET_BYTES = 2048;
const built = path.resolve(import.meta.dirname, '..', 'dist', 'embed.js');

describe('embed.js', () => {
  if (!fs.existsSync(built)) {
    it.fails('needs a build: run `npm run build -w embed-loader` (npm test builds first)', () => {});
    return;
  }
  const code = fs.readFileSync(built, 'utf8');
  const server = useServerProcess();

  it('downloads in at most 2 KB', async () => {
    const reply = await rawRequest(`${server.url}/embed.js`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(decodedBody(reply).toString()).toBe(code);
  });

  it('is one minified classic script that loads nothing but widget.js', () => {
    // A classic script (document.currentScript is null in modules), wrapped so it leaks no globals.
    expect(code.startsWith('(function(){')).toBe(true);
    expect(code).not.toMatch(/\bimport\s*[({"'`]|\bimport\s+\w|\bexport\s|\brequire\(/);
    expect(code.trim().split('\n')).toHaveLength(1);
    expect(code).toContain('/widget.js');
    expect(code).toContain('[dais] ');
  });
});
