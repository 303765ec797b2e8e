import type { Middleware } from 'koa';
import type { Deps } from '../deps';

// TODO(issue 2): grant's /connect/google routes and the development OAuth provider.
export function oauthMiddleware(_d: Deps): Middleware[] {
  return [];
}
