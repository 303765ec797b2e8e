/**
 * Just enough of a browser for sign-in tests over real HTTP: fetch with redirect 'manual' and a
 * cookie jar that honours host, path and Max-Age, so a flow that hops between the API and an
 * OAuth server carries exactly the cookies a browser would. With `behindProxy`, requests to the
 * server's listening address carry the Host a reverse proxy would pass on (PUBLIC_URL's), as a
 * browser at PUBLIC_URL sends it; fetch cannot set Host, so those go through node:http.
 */
import http from 'node:http';

/** Requests to `url`'s host go out with `host` in their Host header. */
export interface BehindProxy {
  url: string;
  host: string;
}

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  attributes: string;
}

export interface Hop {
  status: number;
  location: string | null;
  setCookies: string[];
  headers: Headers;
  text: string;
}

export class Browser {
  private jar: StoredCookie[] = [];

  constructor(private readonly proxy?: BehindProxy) {}

  /** The Cookie header this browser would send to url. */
  cookieHeader(url: string): string {
    const u = new URL(url);
    return this.jar
      .filter((c) => c.host === u.host && (u.pathname === c.path || u.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  cookie(name: string): StoredCookie | undefined {
    return this.jar.find((c) => c.name === name);
  }

  /** One request, no redirect followed. `json` sends a JSON body, `form` an urlencoded one. */
  async request(
    url: string,
    opts: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Hop> {
    const headers: Record<string, string> = { ...opts.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    } else if (opts.form) {
      body = new URLSearchParams(opts.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const method = opts.method ?? (body ? 'POST' : 'GET');
    const proxied = this.proxy && new URL(url).host === new URL(this.proxy.url).host;
    const res = proxied ? await withHost(url, this.proxy!.host, method, headers, body) : await fetch(url, { method, headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const sc of setCookies) this.store(url, sc);
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location === null ? null : new URL(location, url).toString(),
      setCookies,
      headers: res.headers,
      text: await res.text(),
    };
  }

  private store(url: string, header: string) {
    const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) || '/';
    const host = new URL(url).host;
    this.jar = this.jar.filter((c) => !(c.name === name && c.host === host && c.path === path));
    const maxAge = attrs.find((a) => /^max-age=/i.test(a));
    const expired = (maxAge && Number(maxAge.slice(8)) <= 0) || /^expires=thu, 01 jan 1970/i.test(attrs.find((a) => /^expires=/i.test(a)) ?? '');
    if (!expired) this.jar.push({ name, value, host, path, attributes: attrs.join('; ') });
  }
}

/** A request whose Host header is `host`, read back as fetch would hand it over. */
function withHost(url: string, host: string, method: string, headers: Record<string, string>, body: string | undefined) {
  const u = new URL(url);
  return new Promise<{ status: number; headers: Headers; text: () => Promise<string> }>((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers: { ...headers, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: out, text: async () => text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
