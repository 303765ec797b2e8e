import type Router from '@koa/router';
import { apiRouter } from '../api-router';
import { BOUNDARY_LIMITS, BOUNDARY_MESSAGES, boundarySetCreateSchema } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { actorOf } from '../../audit/record';
import { createBoundarySet, deleteBoundarySet } from '../../commands/save-boundary-set';
import { notFound } from '../../http/errors';
import { ownJsonBody } from '../../http/own-json-body';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { toBoundarySet, toBoundarySetSummary } from '../../presenters/boundary-set';
import { boundarySetsWithCounts, districtsOf, NO_COUNTS } from '../../services/boundary-sets';

/** The upload, which reads its own body (app.ts skips its 64 KB parser here): a boundary file is up to 5 MB. */
export const BOUNDARY_SET_UPLOAD = { method: 'POST', path: '/api/admin/boundary-sets' } as const;

/**
 * The upload's body: the file, and room for the request around it (its name). parse-boundaries
 * then measures the file itself, compactly written: a pretty-printed file a little over 5 MB gets in.
 */
const boundaryFileBody = ownJsonBody({
  limitBytes: BOUNDARY_LIMITS.maxRequestBytes,
  tooLarge: { field: 'geojson', message: BOUNDARY_MESSAGES.tooLarge },
  // A MultiPolygon's point sits 8 deep in the request; a feature's properties may nest a little.
  maxDepth: 32,
  tooDeep: { field: 'geojson', message: BOUNDARY_MESSAGES.tooDeep },
});

/** Boundary sets (issue 25): a jurisdiction's districts, uploaded as GeoJSON; a campaign uses one. */
export function adminBoundarySetRoutes({ db }: Deps): Router {
  const router = apiRouter();

  router.get(
    '/admin/boundary-sets',
    requireAdmin(db),
    validate({}, async (ctx) => {
      ok(ctx, (await boundarySetsWithCounts(db)).map(({ set, counts }) => toBoundarySetSummary(set, counts)));
    }),
  );

  router.post(
    '/admin/boundary-sets',
    requireAdmin(db),
    boundaryFileBody,
    validate({ body: boundarySetCreateSchema }, async (ctx, { body }) => {
      const set = await createBoundarySet(db, body, actorOf(ctx));
      const districts = await districtsOf(db, set.id);
      ok(ctx, toBoundarySet(set, { ...NO_COUNTS, districts: districts.length }, districts), { status: 201 });
    }),
  );

  router.get(
    '/admin/boundary-sets/:id',
    requireAdmin(db),
    validate({ params: idParams('Boundary set id') }, async (ctx, { params }) => {
      const [found] = await boundarySetsWithCounts(db, params.id);
      if (!found) throw notFound('Boundary set');
      ok(ctx, toBoundarySet(found.set, found.counts, await districtsOf(db, params.id)));
    }),
  );

  router.delete(
    '/admin/boundary-sets/:id',
    requireAdmin(db),
    validate({ params: idParams('Boundary set id') }, async (ctx, { params }) => {
      await deleteBoundarySet(db, params.id, actorOf(ctx));
      ok(ctx, { id: params.id });
    }),
  );

  return router;
}
