import type { Context } from 'koa';
import { isLoopbackListenAddress } from '../public-url';

/**
 * Whether a request comes from a browser on this machine, for the development-only pages (the
 * sign-in at /dev-oauth, the mailbox at /dev-mailbox). The peer must be a loopback address (an
 * explicit HOST=0.0.0.0 would otherwise let the whole network in), and the request must not say a
 * proxy passed it on: a loopback PUBLIC_URL behind a public reverse proxy on this machine would
 * still hand these pages to the internet, and most proxies (Caddy, Traefik, Apache, most nginx
 * setups) say they forwarded a request.
 */
export function fromThisMachineOnly(ctx: Context): boolean {
  return isLoopbackPeer(ctx.req.socket.remoteAddress) && !FORWARDING_HEADERS.some((h) => ctx.get(h) !== '');
}

/** The socket's peer is this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
const isLoopbackPeer = (address: string | undefined) => address !== undefined && isLoopbackListenAddress(address.replace(/^::ffff:/i, ''));

export const FORWARDING_HEADERS = ['Forwarded', 'X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'X-Real-IP', 'Via'];
