import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness';
import { BROWSER_ACCEPT_ENCODING, decodedBody, rawRequest as rawHttp } from '../../test/raw-http';
import { ROOT } from '../config';
import { servePagesAndScripts } from './web';

const ADMIN_CSP =
  "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; frame-ancestors 'none'";
const WIDGET_CSP =
  "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; frame-ancestors *";
const PLACEHOLDER_WARNING = "console.warn('[dais] the widget has not been built yet: run npm run build');";

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends the path exactly as written: fetch() would resolve '..' before sending. */
function rawRequest(base: string, rawPath: string, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + '/', { path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const TRAVERSALS = [
  '/assets/../../package.json',
  '/assets/../../../package.json',
  '/assets/..%2f..%2fpackage.json',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
  '/assets/..\\..\\package.json',
  '/assets/%5c..%5c..%5cpackage.json',
  '/assets/.env',
  '/assets/',
  '/embed.js/../package.json',
  '/package.json',
  '/.env',
  '/.git/config',
];

describe('pages and scripts through the real app', () => {
  const t = useTestServer('sqlite');

  it('finds the repository root from its own location', () => {
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name).toBe('dais');
  });

  it('serves the admin pages as HTML that no site may frame and browsers revalidate', async () => {
    const pages = ['/', '/auth/callback', '/admin', '/admin/causes', '/admin/campaigns/new', '/admin/settings', '/help', '/privacy'];
    for (const p of pages) {
      const res = await fetch(t.url + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), p).toBe(ADMIN_CSP);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toMatch(/^<!doctype html>/i);
    }
  });

  it('serves the widget page and the letter review so that any site can frame them', async () => {
    for (const p of ['/widget/12', '/letter/review']) {
      const res = await fetch(t.url + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), p).toBe(WIDGET_CSP);
      expect(res.headers.get('x-frame-options'), p).toBeNull();
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });

  it('serves embed.js and widget.js to any site with a short cache', async () => {
    for (const p of ['/embed.js', '/widget.js']) {
      const res = await fetch(t.url + p, { headers: { origin: 'https://host.example' } });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cross-origin-resource-policy'), p).toBe('cross-origin');
      expect(res.headers.get('access-control-allow-origin'), p).toBe('*');
      expect(res.headers.get('cache-control'), p).toBe('public, max-age=300');
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
  });

  it('answers unknown addresses with a 404 page and leaves /api to the API', async () => {
    for (const p of ['/nope', '/widget/abc', '/widget/', '/widget/12/extra', '/assets/missing-abc123.js', '/admin.php']) {
      const res = await fetch(t.url + p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), p).toBe(ADMIN_CSP);
      expect(await res.text(), p).toContain('Page not found');
    }
    const api = await t.api('GET', '/api/not-a-route');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ success: false, code: 'not_found' });
  });

  it('refuses traversal, dotfiles and directories', async () => {
    for (const p of TRAVERSALS) {
      const res = await rawRequest(t.url, p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).not.toContain('"workspaces"');
    }
  });

  it('reads only: HEAD has the headers, other methods are refused', async () => {
    const head = await rawRequest(t.url, '/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-security-policy']).toBe(ADMIN_CSP);
    const post = await rawRequest(t.url, '/admin', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await rawRequest(t.url, '/nothing', 'DELETE')).status).toBe(404);
  });
});

/** The same middleware on a root of our choosing: an empty tree, then a built one. */
async function serveRoot(root: string, site: Parameters<typeof servePagesAndScripts>[1] = {}) {
  const app = new Koa();
  app.use(servePagesAndScripts(root, site));
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('before the front ends are built', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-web-empty-'));
  let s: Awaited<ReturnType<typeof serveRoot>>;
  beforeAll(async () => void (s = await serveRoot(root)));
  afterAll(async () => {
    await s.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves honest placeholder pages that point at the API', async () => {
    const pages = [['/', 'admin'], ['/admin/letters', 'admin'], ['/widget/3', 'widget'], ['/letter/review', 'widget']] as const;
    for (const [p, what] of pages) {
      const res = await fetch(s.url + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('npm run build');
      expect(html).toContain('href="/api/campaigns"');
      expect(html).toContain('href="/api/openapi.json"');
      expect(html).toContain(what === 'admin' ? 'admin app' : 'widget');
      expect(html).not.toMatch(/<script/i);
    }
  });

  it('serves placeholder scripts that say what to do', async () => {
    for (const p of ['/embed.js', '/widget.js']) {
      const res = await fetch(s.url + p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect((await res.text()).trim()).toBe(PLACEHOLDER_WARNING);
    }
  });

  it('has no assets to serve', async () => {
    expect((await fetch(`${s.url}/assets/index-abc123.js`)).status).toBe(404);
  });
});

describe('once the front ends are built', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-web-built-'));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write('package.json', '{"name":"dais","workspaces":[]}');
  write('admin/dist/index.html', '<!doctype html><title>Admin SPA</title>');
  write('widget/dist/page.html', '<!doctype html><title>Widget page</title>');
  write('widget/dist/widget.js', 'customElements.define("petition-widget", class extends HTMLElement {});');
  write('embed-loader/dist/embed.js', '/* the real loader */');
  write('widget/dist/assets/widget-a1b2c3.js', 'export const w = 1;');
  write('admin/dist/assets/index-d4e5f6.css', 'body{margin:0}');
  write('admin/dist/assets/icons/logo-0a1b2c.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('admin/dist/assets/.secret', 'dotfile');
  fs.symlinkSync(path.join(root, 'package.json'), path.join(root, 'admin/dist/assets/linked.json'));
  let s: Awaited<ReturnType<typeof serveRoot>>;
  beforeAll(async () => void (s = await serveRoot(root)));
  afterAll(async () => {
    await s.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves the built pages and scripts instead of the placeholders', async () => {
    expect(await (await fetch(`${s.url}/admin/causes`)).text()).toContain('Admin SPA');
    expect(await (await fetch(`${s.url}/widget/7`)).text()).toContain('Widget page');
    const widget = await fetch(`${s.url}/widget.js`);
    expect(await widget.text()).toContain('petition-widget');
    expect(widget.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(widget.headers.get('cache-control')).toBe('public, max-age=300');
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await (await fetch(`${s.url}/embed.js`)).text()).toBe('/* the real loader */');
  });

  it('serves hashed assets from both builds with a long cache', async () => {
    const js = await fetch(`${s.url}/assets/widget-a1b2c3.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await fetch(`${s.url}/assets/index-d4e5f6.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe('body{margin:0}');
    const svg = await fetch(`${s.url}/assets/icons/logo-0a1b2c.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    const head = await rawRequest(s.url, '/assets/widget-a1b2c3.js', 'HEAD');
    expect(head.headers['content-length']).toBe(String('export const w = 1;'.length));
    expect(head.body).toBe('');
  });

  it('never reaches outside the asset folders', async () => {
    for (const p of [...TRAVERSALS, '/assets/.secret', '/assets/icons', '/assets/icons/', '/assets/linked.json']) {
      const res = await rawRequest(s.url, p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).not.toContain('"workspaces"');
    }
  });
});

describe("the installation's contact address (CONTACT_EMAIL)", () => {
  it('reaches the admin app\'s pages in a meta tag, escaped, and nowhere else', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-web-contact-'));
    fs.mkdirSync(path.join(root, 'admin', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'admin', 'dist', 'index.html'), '<!doctype html><html><head><title>Dais</title></head><body></body></html>');
    const s = await serveRoot(root, { contactEmail: 'hello"<x>@example.org' });
    try {
      const home = await (await fetch(`${s.url}/privacy`)).text();
      expect(home).toContain('<meta name="dais-contact-email" content="hello&quot;&lt;x&gt;@example.org"></head>');
      const widgetPage = await (await fetch(`${s.url}/widget/1`)).text();
      expect(widgetPage).not.toContain('dais-contact-email');
    } finally {
      await s.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

/** Compressible text bigger than a packet, different per file. */
const sampleText = (name: string) =>
  Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = "${name} line ${i}";`).join('\n') + '\n';

/** A built file and the .br and .gz the build writes next to it. */
function writeBuilt(root: string, relative: string, text: string, variants: readonly ('br' | 'gz')[] = ['br', 'gz']) {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  if (variants.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  if (variants.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

describe('a built tree: compressed as the browser accepts, cached like a CDN would', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-web-built-'));
  const widgetJs = sampleText('widget');
  const chunk = sampleText('chunk');
  const adminIndex = `<!doctype html><html lang="en"><head><title>Dais</title></head><body>${'<p>Dais</p>'.repeat(200)}</body></html>\n`;
  writeBuilt(root, 'widget/dist/widget.js', widgetJs);
  writeBuilt(root, 'widget/dist/assets/pdf-Ab12Cd34.js', chunk);
  writeBuilt(root, 'widget/dist/page.html', '<!doctype html><title>Widget</title><script type="module" src="/widget.js"></script>\n');
  writeBuilt(root, 'admin/dist/index.html', adminIndex);
  writeBuilt(root, 'admin/dist/favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<rect width="4" height="4"/>'.repeat(40)}</svg>`);
  // A file the build left uncompressed (the plugin skips what would not shrink): sent as it is.
  writeBuilt(root, 'embed-loader/dist/embed.js', sampleText('embed'), []);
  let s: Awaited<ReturnType<typeof serveRoot>>;
  beforeAll(async () => void (s = await serveRoot(root, { contactEmail: 'press@example.org' })));
  afterAll(async () => {
    await s.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => rawHttp(s.url + p, { headers, method });
  const onDisk = (relative: string) => fs.readFileSync(path.join(root, relative));

  it.each([
    [BROWSER_ACCEPT_ENCODING, 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.2', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['', 'identity'],
  ])('Accept-Encoding %j gets the %s file the build wrote, with its length and Vary', async (acceptEncoding, encoding) => {
    for (const [p, file] of [['/widget.js', 'widget/dist/widget.js'], ['/assets/pdf-Ab12Cd34.js', 'widget/dist/assets/pdf-Ab12Cd34.js']]) {
      const res = await get(p!, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(res.status, p).toBe(200);
      expect(res.headers['content-encoding'] ?? 'identity', p).toBe(encoding);
      expect(res.headers['content-type'], p).toBe('text/javascript; charset=utf-8');
      expect(res.headers.vary, p).toBe('Accept-Encoding');
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      expect(res.body.equals(onDisk(file + suffix)), p).toBe(true);
      expect(Number(res.headers['content-length']), p).toBe(res.body.length);
      expect(decodedBody(res).equals(onDisk(file!)), p).toBe(true);
    }
  });

  it('sends a file without built variants as it is', async () => {
    const res = await get('/embed.js', { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(onDisk('embed-loader/dist/embed.js'))).toBe(true);
  });

  it('never serves a compressed variant under its own name as if it were the file', async () => {
    for (const p of ['/assets/pdf-Ab12Cd34.js.br', '/assets/pdf-Ab12Cd34.js.gz']) expect((await get(p)).status, p).toBe(404);
  });

  it('gives hashed assets a year, scripts five minutes and pages a revalidation, every one with an ETag', async () => {
    const cases = [
      ['/assets/pdf-Ab12Cd34.js', 'public, max-age=31536000, immutable'],
      ['/widget.js', 'public, max-age=300'],
      ['/embed.js', 'public, max-age=300'],
      ['/', 'no-cache'],
      ['/admin/letters', 'no-cache'],
      ['/widget/12', 'no-cache'],
      // One name for ever (every page links it), so not immutable: a changed icon shows within a day.
      ['/favicon.svg', 'public, max-age=86400'],
    ] as const;
    for (const [p, cacheControl] of cases) {
      const res = await get(p, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe(cacheControl);
      expect(res.headers.etag, p).toMatch(/^W\/".+"$/);
    }
  });

  it('answers If-None-Match with 304 and no body, per encoding', async () => {
    for (const p of ['/widget.js', '/assets/pdf-Ab12Cd34.js', '/embed.js', '/', '/widget/3']) {
      const br = await get(p, { 'accept-encoding': 'br' });
      const gzip = await get(p, { 'accept-encoding': 'gzip' });
      const again = await get(p, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
      expect(again.status, p).toBe(304);
      expect(again.body.length, p).toBe(0);
      expect(again.headers.etag, p).toBe(br.headers.etag);
      expect(again.headers['cache-control'], p).toBe(br.headers['cache-control']);
      // A file on disk: each encoding is its own file with its own tag. A page compressed in memory:
      // one weak tag for every encoding of the same text.
      if (p.endsWith('.js') && br.headers['content-encoding']) expect(gzip.headers.etag, p).not.toBe(br.headers.etag);
      const other = await get(p, { 'accept-encoding': 'gzip', 'if-none-match': '"something-else"' });
      expect(other.status, p).toBe(200);
      expect(decodedBody(other).equals(decodedBody(gzip)), p).toBe(true);
    }
  });

  it('compresses pages, meta tag included, and tags them by what is sent', async () => {
    const res = await get('/', { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(adminIndex.length / 4);
    const html = decodedBody(res).toString();
    expect(html).toContain('<meta name="dais-contact-email" content="press@example.org">');
    // Another contact address is another page: its ETag differs, so no cache keeps the old one.
    const other = await serveRoot(root, { contactEmail: 'help@example.org' });
    try {
      const otherPage = await rawHttp(`${other.url}/`, { headers: { 'accept-encoding': 'br' } });
      expect(otherPage.headers.etag).not.toBe(res.headers.etag);
    } finally {
      await other.close();
    }
  });

  it('answers HEAD with the headers of what GET would send, and no body', async () => {
    for (const p of ['/widget.js', '/assets/pdf-Ab12Cd34.js', '/']) {
      const full = await get(p, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
      const head = await get(p, { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, 'HEAD');
      expect(head.status, p).toBe(200);
      expect(head.body.length, p).toBe(0);
      for (const h of ['content-encoding', 'content-length', 'content-type', 'etag', 'vary', 'cache-control']) {
        expect(head.headers[h], `${p} ${h}`).toBe(full.headers[h]);
      }
    }
  });
});
