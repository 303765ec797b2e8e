import Router from '@koa/router';
import type { Deps } from '../../deps';

// TODO(issue 2): implemented in its own change.
export function adminMessagePointRoutes(_d: Deps): Router {
  return new Router();
}
