import net from 'node:net';

/**
 * Whether PUBLIC_URL names this machine only. The development sign-in and the built-in session
 * secret exist only then: a browser elsewhere cannot reach a loopback address, so whoever signs in
 * is someone at this machine. The URL parser has already normalised the host (lower case, IPv4 in
 * dotted decimal, IPv6 compressed in brackets), so `http://0x7f.1` and `http://LOCALHOST` are caught.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname;
  if (host === 'localhost' || host === '[::1]') return true;
  return net.isIPv4(host) && host.startsWith('127.');
}

/**
 * Where to listen when PUBLIC_URL is a loopback address and HOST is unset: the address itself when
 * it is an IP literal, and 127.0.0.1 for `localhost`. Not `localhost` itself: Node would bind
 * whichever single address DNS lists first (::1 on some systems), and tests and tools that call
 * 127.0.0.1 would be refused; browsers try both ::1 and 127.0.0.1 for `localhost`, so
 * http://localhost:3000 still opens.
 */
export function loopbackListenAddress(url: URL): string {
  if (url.hostname === '[::1]') return '::1';
  return url.hostname === 'localhost' ? '127.0.0.1' : url.hostname;
}

/** Whether a listen address only accepts connections from this machine (for a start-up warning). */
export function isLoopbackListenAddress(host: string): boolean {
  return host === '::1' || host === 'localhost' || (net.isIPv4(host) && host.startsWith('127.'));
}
