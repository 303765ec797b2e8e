import { boundarySetCreateSchema, type BoundarySet } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

/** The form and the request share one schema; the file's own checks are the server's (api/src/districts/). */
export const createBoundarySetInput = boundarySetCreateSchema;
export type CreateBoundarySetInput = z.input<typeof createBoundarySetInput>;

/**
 * POST /api/admin/boundary-sets (owners and editors): the name and the parsed GeoJSON file. A file
 * with problems is a 400 whose `issues` name each one (field 'geojson.features.3.properties.name'),
 * and nothing is stored.
 */
export function createBoundarySet(input: CreateBoundarySetInput): Promise<BoundarySet> {
  return apiData<BoundarySet>('/api/admin/boundary-sets', { method: 'POST', json: createBoundarySetInput.parse(input) });
}
