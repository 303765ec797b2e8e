import type { Context } from 'koa';
import ipaddr from 'ipaddr.js';
import { isDisposableEmailDomain } from 'disposable-email-domains-js';

/**
 * Where a signature or letter came from, as the flood checks group them: the sender's network (a
 * /24 for IPv4, a /64 for IPv6, the block one household or one office usually has) and the
 * e-mail's domain. Only the network is kept, never the full address.
 */
export function networkOf(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  let addr = ipaddr.parse(ip);
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') {
    const [a, b, c] = (addr as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.IPv6.parse(`${parts.map((p) => p.toString(16)).join(':')}::`).toString()}/64`;
}

/** The part after the @, lower-cased. */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address as repeat detection compares it: lower-cased, without a +tag (jane+council@ is
 * jane@ at nearly every provider), and at Gmail without the dots Gmail ignores (j.a.n.e@gmail.com
 * is janedoe's one mailbox), under one Gmail domain. The e-mail is still sent to the address typed.
 */
export function emailKey(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = domainOf(email);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** A throwaway-mail domain, from the community-kept list (disposable-email-domains). */
export const isDisposableDomain = (domain: string): boolean => isDisposableEmailDomain(domain);

/** What a public write records of where it came from. */
export interface Origin {
  network: string | null;
}

/** The request's client (ctx.ip honours TRUST_PROXY), reduced to its network. */
export const originOf = (ctx: Context): Origin => ({ network: networkOf(ctx.ip) });
