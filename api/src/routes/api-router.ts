import Router from '@koa/router';

/**
 * The router every /api resource is built with. @koa/router matches case-insensitively and with an
 * optional trailing slash by default, so `/API/admin/...` or `/api/admin/x/` would be served while
 * every check in front of the router (the same-origin check, security headers, body parsing) looks
 * for the exact `/api/` prefix. Exact matching makes the router serve only what those checks see.
 * app.ts refuses to start if any /api route was made without it.
 */
export function apiRouter(options: { prefix?: string } = {}): Router {
  return new Router({ ...options, sensitive: true, strict: true });
}
