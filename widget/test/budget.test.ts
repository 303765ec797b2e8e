import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ACCEPT_ENCODING, decodedBody, rawRequest } from '../../api/test/raw-http';
import { useServerProcess } from '../../api/test/reliability/server-process';

/**
 * Issue 3's budget: widget.js as first loaded (the entry and every chunk it statically imports,
 * React included) is at most 80 KB, read as 80,000 bytes (the stricter reading). Counted as issue 9
 * asks: the bytes a browser downloads from the real server, asked with Chromium's Accept-Encoding,
 * nothing decoded. `npm test` builds first; the server serves widget/dist.
 */
const BUDGET_BYTES = 80_000;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const entry = path.join(dist, 'widget.js');

const read = (file: string) => fs.readFileSync(file, 'utf8');
// Minified ES output: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`.
const STATIC_IMPORT = /(?:^|[;})\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`]([^"'`]+)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

const isJsPdf = (code: string) => /\bjsPDF\b/.test(code) && /addFont|getTextWidth/.test(code);

describe('widget bundle budget', () => {
  if (!fs.existsSync(entry)) {
    it.fails('needs a build: run `npm run build -w widget` (npm test builds first)', () => {});
    return;
  }
  const server = useServerProcess();

  /** widget.js and everything it imports statically, transitively, as downloaded: what loads first. */
  async function firstLoad(url: string, seen = new Map<string, { bytes: number; code: string }>()) {
    if (seen.has(url)) return seen;
    const reply = await rawRequest(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
    expect(reply.status, url).toBe(200);
    const code = decodedBody(reply).toString();
    seen.set(url, { bytes: reply.body.length, code });
    for (const [, spec] of code.matchAll(STATIC_IMPORT)) await firstLoad(new URL(spec!, url).href, seen);
    return seen;
  }

  it('downloads widget.js, React included, within 80 KB', async () => {
    const files = await firstLoad(`${server.url}/widget.js`);
    const sizes = [...files].map(([url, f]) => ({ file: new URL(url).pathname, bytes: f.bytes }));
    const total = sizes.reduce((n, s) => n + s.bytes, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(BUDGET_BYTES);
    const widget = files.get(`${server.url}/widget.js`)!.code;
    expect(widget).toContain('react.transitional.element');
    // The contract's zod schemas are for the API; only its constants reach the widget.
    expect(widget).not.toContain('$ZodType');
    // The PDF library loads only when a supporter asks for the PDF.
    expect([...files.values()].filter((f) => isJsPdf(f.code))).toEqual([]);
  });

  it('loads the PDF library only on demand, as a chunk of its own next to widget.js', () => {
    const lazy = [...read(entry).matchAll(DYNAMIC_IMPORT)].map(([, spec]) => path.resolve(dist, spec!));
    expect(lazy.some((f) => fs.existsSync(f) && isJsPdf(read(f)))).toBe(true);
    // Relative to widget.js, so on a host page the chunk still comes from the Dais origin.
    expect(lazy.every((f) => f.startsWith(path.join(dist, 'assets') + path.sep))).toBe(true);
  });

  it('ships the iframe page, which loads /widget.js from the Dais origin', () => {
    const page = read(path.join(dist, 'page.html'));
    expect(page).toContain('<script type="module" src="/widget.js"></script>');
    expect(page).toContain('<petition-widget layout="page">');
  });
});
