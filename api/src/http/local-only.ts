import type { Context, Next } from 'koa';
import { isLoopbackListenAddress } from '../public-url';
import { AppError } from './errors';

/**
 * Whether a request comes from a browser on this machine, for the development-only pages (the
 * sign-in at /dev-oauth, the mailbox at /dev-mailbox). The peer must be a loopback address (an
 * explicit HOST=0.0.0.0 would otherwise let the whole network in), and the request must not say a
 * proxy passed it on: a loopback PUBLIC_URL behind a public reverse proxy on this machine would
 * still hand these pages to the internet, and most proxies (Caddy, Traefik, Apache, most nginx
 * setups) say they forwarded a request. Those pages also check the Host (forPublicUrl below).
 */
export function fromThisMachineOnly(ctx: Context): boolean {
  return isLoopbackPeer(ctx.req.socket.remoteAddress) && !FORWARDING_HEADERS.some((h) => ctx.get(h) !== '');
}

/** The socket's peer is this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
const isLoopbackPeer = (address: string | undefined) => address !== undefined && isLoopbackListenAddress(address.replace(/^::ffff:/i, ''));

export const FORWARDING_HEADERS = ['Forwarded', 'X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'X-Real-IP', 'Via'];

/** A Host header that is a host and maybe a port, nothing else (no user, path, space or list). */
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a Host header names PUBLIC_URL's host and port, as URL parsing writes both (lower case,
 * the scheme's default port left out, so 'dais.example.org:443' is 'dais.example.org' for https).
 */
export function hostNamesPublicUrl(host: string | undefined, publicUrl: string): boolean {
  if (!host || !HOST_HEADER.test(host)) return false;
  const own = new URL(publicUrl);
  try {
    return new URL(`${own.protocol}//${host}`).host === own.host;
  } catch {
    return false;
  }
}

/**
 * DNS rebinding: a page on another site can point its own name at this machine (or at a server
 * only its visitors' network reaches); the browser then treats Dais as that site, same origin,
 * with that site's cookies and no CORS in the way. The browser still writes the name it thinks it
 * talks to in Host, which no page can change. So the development mailbox and every step of signing
 * in answer only when Host is PUBLIC_URL's host and port. Only Host counts, never X-Forwarded-Host,
 * which a page can send itself (as README says of writes, judged by PUBLIC_URL's origin alone):
 * behind a reverse proxy, the proxy passes the browser's Host on (Caddy, Traefik and HAProxy do;
 * nginx with `proxy_set_header Host $host`, Apache with `ProxyPreserveHost On`).
 */
export const forPublicUrl = (ctx: Context, publicUrl: string) => hostNamesPublicUrl(ctx.req.headers.host, publicUrl);

/** What a refused request is told: where Dais answers, and, when a proxy passed it on, what to set. */
export function wrongHostMessage(ctx: Context, publicUrl: string): string {
  const proxied = FORWARDING_HEADERS.some((h) => ctx.get(h) !== '');
  return (
    `This Dais answers at ${publicUrl} (its PUBLIC_URL), not at the address this request was sent to: open ${publicUrl} and sign in there.` +
    (proxied ? ' Behind a reverse proxy, have it pass the browser\'s Host header on (nginx: proxy_set_header Host $host).' : '')
  );
}

/** For the API's sign-in routes: the refusal in the error shape, 421 Misdirected Request. */
export function requirePublicHost(publicUrl: string) {
  return async (ctx: Context, next: Next) => {
    if (!forPublicUrl(ctx, publicUrl)) throw new AppError('misdirected', wrongHostMessage(ctx, publicUrl));
    await next();
  };
}
