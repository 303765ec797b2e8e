/**
 * DNS rebinding: a page on evil.example points its name at this machine, and the browser then
 * treats Dais as evil.example's own site (same origin, its own cookies, no CORS in the way). The
 * browser still names the site it thinks it talks to in Host, which a page cannot change. So the
 * development mailbox and every step of signing in answer only a Host that is PUBLIC_URL's host
 * and port: anything else is a 421 that says where Dais is. X-Forwarded-Host is never read (a page
 * can send it); behind a proxy, the proxy must pass the browser's Host on.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { hostNamesPublicUrl } from '../../http/local-only';

interface Reply {
  status: number;
  type: string;
  location: string | undefined;
  text: string;
}

/** One request with the Host header we choose (fetch will not let a caller set it, node:http does). */
function withHost(t: TestServer, host: string, path: string, o: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const u = new URL(t.url);
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: o.method ?? 'GET',
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}), ...o.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), location: res.headers.location, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('which Host names PUBLIC_URL', () => {
  it('compares host and port as a browser writes them: any case, the default port or none; nothing else', () => {
    expect(hostNamesPublicUrl('localhost:3000', 'http://localhost:3000')).toBe(true);
    expect(hostNamesPublicUrl('LocalHost:3000', 'http://localhost:3000')).toBe(true);
    expect(hostNamesPublicUrl('dais.example.org', 'https://dais.example.org')).toBe(true);
    expect(hostNamesPublicUrl('dais.example.org:443', 'https://dais.example.org')).toBe(true);
    expect(hostNamesPublicUrl('dais.example.org:80', 'http://dais.example.org')).toBe(true);
    expect(hostNamesPublicUrl('[::1]:3000', 'http://[::1]:3000')).toBe(true);
    for (const host of [
      '127.0.0.1:3000', // the same machine by another name: its cookies are another site's
      'localhost:3001',
      'localhost',
      'evil.example:3000',
      'localhost.:3000',
      'evil@localhost:3000',
      'localhost:3000/x',
      'localhost:3000 ',
      'localhost:3000,evil.example',
      '',
    ]) {
      expect(hostNamesPublicUrl(host, 'http://localhost:3000'), JSON.stringify(host)).toBe(false);
    }
    expect(hostNamesPublicUrl(undefined, 'http://localhost:3000')).toBe(false);
    expect(hostNamesPublicUrl('dais.example.org:8443', 'https://dais.example.org')).toBe(false);
  });
});

describeEachDatabase('DNS rebinding: the development mailbox and sign-in answer only PUBLIC_URL\'s host', (t) => {
  const own = () => new URL(t.url).host;
  const evil = () => `evil.example:${new URL(t.url).port}`;

  it('refuses another Host on the mailbox, the development sign-in and the OAuth steps, with a 421 that says where Dais is', async () => {
    const pages = ['/dev-mailbox', '/dev-mailbox/1', '/dev-mailbox/1/raw', '/dev-oauth/authorize?client_id=x&redirect_uri=y', '/connect/google', '/connect/google/callback?code=x&state=y'];
    for (const path of pages) {
      for (const host of [evil(), `localhost:${new URL(t.url).port}`]) {
        const r = await withHost(t, host, path);
        expect([path, host, r.status, r.location], r.text.slice(0, 200)).toEqual([path, host, 421, undefined]);
        expect(r.text, path).toContain(t.config.publicUrl);
        expect(r.text, path).not.toMatch(/<form|dev-mailbox\/\d/);
      }
    }
    const posted = await withHost(t, evil(), '/dev-oauth/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([posted.status, posted.location]).toEqual([421, undefined]);
  });

  it('refuses another Host on the API sign-in routes with a 421 in the error shape, whatever X-Forwarded-Host says', async () => {
    for (const headers of [{}, { 'x-forwarded-host': own() }] as Record<string, string>[]) {
      const redirect = await withHost(t, evil(), '/api/oauth/google/redirect_url', { headers });
      expect(redirect.status).toBe(421);
      expect(JSON.parse(redirect.text)).toMatchObject({ success: false, code: 'misdirected' });
      expect(JSON.parse(redirect.text).error).toContain(t.config.publicUrl);
      const session = await withHost(t, evil(), '/api/sessions', { method: 'POST', body: { code: 'any-code' }, headers });
      expect([session.status, JSON.parse(session.text).code]).toEqual([421, 'misdirected']);
    }
  });

  it("answers PUBLIC_URL's own Host as before, and a forwarded X-Forwarded-Host does not make another Host ours", async () => {
    expect((await withHost(t, own(), '/dev-mailbox')).status).toBe(200);
    expect((await withHost(t, own().toUpperCase(), '/dev-mailbox')).status).toBe(200);
    expect((await withHost(t, own(), '/connect/google')).status).toBe(302);
    const redirect = await withHost(t, own(), '/api/oauth/google/redirect_url');
    expect(redirect.status).toBe(200);
    // A sign-in code that is not ours: refused for what it is, not for where it was sent.
    const session = await withHost(t, own(), '/api/sessions', { method: 'POST', body: { code: 'any-code' } });
    expect(session.status).toBe(400);
    // Every other route answers any Host as before (the campaign list, for a widget on any site).
    expect((await withHost(t, evil(), '/api/campaigns')).status).toBe(200);
  });
});
