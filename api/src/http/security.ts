import type { Context, Next } from 'koa';
import type { Config } from '../config';
import { AppError } from './errors';

/** Public widget calls: readable from any origin, never with credentials. */
export function publicCors() {
  return async (ctx: Context, next: Next) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Vary', 'Origin');
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

/**
 * Session and admin calls are same-origin only. Browsers send Origin (and Sec-Fetch-Site) on
 * every cross-origin write, so a write from another site is refused here even before the
 * SameSite cookie would have kept it unauthenticated.
 */
export function sameOriginWrites(config: Config) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (ctx: Context, next: Next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      const site = ctx.get('Sec-Fetch-Site');
      const crossOrigin = origin ? origin !== publicOrigin && origin !== ownOrigin : site === 'cross-site';
      if (crossOrigin) {
        throw new AppError('cross_origin_refused', 'This change must be made from the Dais admin console itself');
      }
    }
    await next();
  };
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every reply carries; pages set their own CSP (see ../web/pages.ts). */
export function securityHeaders(config: Config) {
  const https = config.publicUrl.startsWith('https:');
  return async (ctx: Context, next: Next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Permitted-Cross-Domain-Policies', 'none');
    if (https) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (ctx.path.startsWith('/api/')) {
      ctx.set('Content-Security-Policy', API_CSP);
      ctx.set('Cache-Control', 'no-store');
    }
    await next();
  };
}
