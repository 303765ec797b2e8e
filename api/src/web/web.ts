import type { Middleware } from 'koa';
import type { Deps } from '../deps';

// TODO(issue 2): pages, built scripts and uploads.
export function webMiddleware(_d: Deps): Middleware[] {
  return [];
}
