import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import type { Deps } from '../../deps';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

/**
 * GET /api/openapi.json: the API described from the contract's own zod schemas, so the
 * description cannot drift from what is validated and sent. Not wrapped: tools read it as is.
 */
export function openApiRoutes({ config }: Deps): Router {
  const router = apiRouter();
  let document: OpenApiDocument | undefined;

  router.get('/openapi.json', (ctx) => {
    // Built on first request: the schemas never change while the process runs.
    document ??= buildOpenApiDocument(config.publicUrl);
    ctx.body = document;
  });

  return router;
}
