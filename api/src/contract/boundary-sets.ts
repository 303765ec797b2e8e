import { z } from 'zod';
import { id, text } from './fields';

/**
 * Boundary sets (issue 25): a jurisdiction's districts as GeoJSON, and where a signature's or letter's
 * writer lives in them. The wire's shapes only; the geometry's checks live in api/src/districts/.
 */

export const BOUNDARY_LIMITS = {
  /** The GeoJSON file as uploaded (the JSON text of `geojson`), in bytes. */
  maxBytes: 5 * 1024 * 1024,
  /** The upload's whole request: the file, and room for what is around it (its name). */
  maxRequestBytes: 5 * 1024 * 1024 + 64 * 1024,
  maxFeatures: 500,
  name: { max: 120 },
  /** A district's own name, and its representative's name and title (the e-mail: 254, as any address). */
  districtName: { max: 120 },
  representative: { max: 200 },
} as const;

/** What the console and the API say about a whole file (each feature's problems are worded in api/src/districts/). */
export const BOUNDARY_MESSAGES = {
  tooLarge: 'A boundary file can be at most 5 MB: simplify its outlines (mapshaper\'s Simplify, for one) and export it again',
  tooManyFeatures: (n: number) => `A boundary set holds at most ${BOUNDARY_LIMITS.maxFeatures} features; this file has ${n}`,
  projected: 'These coordinates look projected: export WGS84 GeoJSON (longitude -180 to 180, latitude -90 to 90)',
  tooDeep: 'This file nests lists deeper than any GeoJSON does: export the boundaries again as GeoJSON',
} as const;

/** Where a row's writer lives, once known. null on a campaign without a boundary set. */
export const RESIDENCIES = ['pending', 'resident', 'non_resident', 'unknown'] as const;
export type Residency = (typeof RESIDENCIES)[number];

/** How the district was learnt: from the address, or chosen by the writer in the widget. */
export const DISTRICT_SOURCES = ['geocoded', 'self_reported'] as const;
export type DistrictSource = (typeof DISTRICT_SOURCES)[number];

/** POST /api/admin/boundary-sets. `geojson` is checked by api/src/districts/, each problem a 400. */
export const boundarySetCreateSchema = z.strictObject({
  name: text('Name', { max: BOUNDARY_LIMITS.name.max, minMessage: 'Name is required' }),
  geojson: z
    .unknown()
    .describe(
      'The GeoJSON file: a FeatureCollection of Polygon or MultiPolygon features in WGS84 longitude/latitude, each with properties.name ' +
        '(and optionally representative_name, representative_title, representative_email); at most 5 MB and 500 features',
    ),
});
export type BoundarySetCreateInput = z.infer<typeof boundarySetCreateSchema>;

export const districtSchema = z.object({
  id: z.number(),
  name: z.string(),
  representative_name: z.string().nullable(),
  representative_title: z.string().nullable(),
  representative_email: z.string().nullable(),
});
export type District = z.infer<typeof districtSchema>;

/** GET /api/admin/boundary-sets (each without `districts`) and GET /api/admin/boundary-sets/{id}. */
export const boundarySetSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  district_count: z.number(),
  /** Campaigns that use this set: a set in use cannot be deleted. */
  campaign_count: z.number(),
  created_at: z.string(),
});
export const boundarySetSchema = boundarySetSummarySchema.extend({ districts: z.array(districtSchema) });
export type BoundarySetSummary = z.infer<typeof boundarySetSummarySchema>;
export type BoundarySet = z.infer<typeof boundarySetSchema>;

/**
 * The district a supporter says they live in ('Which district do you live in?'), in the sign,
 * generate and submit bodies: one of the campaign's districts, or null ('Not sure', or not asked).
 * Checked against the campaign by districts/residency.ts.
 */
export const districtIdField = id('district_id').nullish().transform((v) => v ?? null);

/** Where a signature's or letter's writer lives, as the console lists it (null: the campaign has no boundary set). */
export const rowPlaceFields = {
  /** The district's name as it was when the row was placed (kept if its set is deleted). */
  district_name: z.string().nullable(),
  residency: z.enum(RESIDENCIES).nullable(),
  district_source: z.enum(DISTRICT_SOURCES).nullable(),
};

/** Counted (confirmed) rows by residency. */
export const residencyCountsSchema = z.object({ resident: z.number(), non_resident: z.number(), unknown: z.number(), pending: z.number() });
export type ResidencyCounts = z.infer<typeof residencyCountsSchema>;
export const NO_RESIDENCY_COUNTS: ResidencyCounts = { resident: 0, non_resident: 0, unknown: 0, pending: 0 };

/** The console's campaign: counted signatures and letters in each district of its set (the set's order; empty without one). */
export const districtCountsSchema = z.array(z.object({ district_id: z.number(), name: z.string(), supporters: z.number(), letters: z.number() }));
export type DistrictCounts = z.infer<typeof districtCountsSchema>;
