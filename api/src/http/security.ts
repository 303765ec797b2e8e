import type { Context, Next } from 'koa';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * Whether a path is the API's: the one prefix test every path-based decision uses (origin check,
 * security headers, body parsing, JSON 404s). Exact and case-sensitive, like the /api router
 * (routes/api-router.ts): a path that fails it is never served by an API route.
 */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** What a public widget call's reply carries: readable from any origin, never with credentials. */
export const PUBLIC_CORS_HEADERS = { 'Access-Control-Allow-Origin': '*', Vary: 'Origin' } as const;

/** Public widget calls: readable from any origin, never with credentials. */
export function publicCors() {
  return async (ctx: Context, next: Next) => {
    ctx.set(PUBLIC_CORS_HEADERS);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Content-Type');
      ctx.set('Access-Control-Max-Age', '86400');
      ctx.status = 204;
      return;
    }
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sec-Fetch-Site values a browser sends for a request the admin console itself made (or typed). */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * Session and admin calls are same-origin only. Browsers send Origin (and Sec-Fetch-Site) on
 * every cross-origin write, so a write from another site is refused here even before the
 * SameSite cookie would have kept it unauthenticated. The only origin that counts is PUBLIC_URL's:
 * never one worked out from the request's own Host or X-Forwarded-Host, which the sender writes.
 * Sec-Fetch-Site refuses same-site too: a sibling subdomain is another site's code.
 */
export function sameOriginWrites(config: Config) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (ctx: Context, next: Next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      const crossOrigin = (origin !== '' && origin !== publicOrigin) || (site !== '' && !OWN_SITE.has(site));
      if (crossOrigin) {
        throw new AppError('cross_origin_refused', 'This change must be made from the Dais admin console itself');
      }
    }
    await next();
  };
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every reply carries, and those every /api reply adds; pages set their own CSP (see
 * ../web/pages.ts). Also written by the hot campaign read, which answers before Koa
 * (routes/campaigns/hot-read.ts), so both come from here.
 */
export function replyHeaders(config: Config) {
  const every: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Permitted-Cross-Domain-Policies': 'none',
    ...(config.publicUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  return { every, api: { 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store' } };
}

export function securityHeaders(config: Config) {
  const { every, api } = replyHeaders(config);
  return async (ctx: Context, next: Next) => {
    ctx.set(every);
    if (isApiPath(ctx.path)) ctx.set(api);
    await next();
  };
}
