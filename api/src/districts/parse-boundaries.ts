import { BOUNDARY_LIMITS, BOUNDARY_MESSAGES, email, hasControlCharacters, type FieldIssue } from '../contract';
import { isObject, readGeometry, type BBox, type DistrictGeometry } from './geometry';

/** One district of an uploaded file, as it will be stored. */
export interface ParsedDistrict {
  name: string;
  representative_name: string | null;
  representative_title: string | null;
  representative_email: string | null;
  geometry: DistrictGeometry;
  bbox: BBox;
}

export type ParsedBoundaries = { ok: true; districts: ParsedDistrict[] } | { ok: false; problems: FieldIssue[] };

/** Past this many, more would only bury the first: a file this wrong is fixed and sent again. */
export const MAX_PROBLEMS = 20;

const NOT_A_COLLECTION = 'This is not a GeoJSON FeatureCollection: export the boundaries as GeoJSON, a FeatureCollection of Polygon or MultiPolygon features';

/**
 * An uploaded GeoJSON file (`geojson` of POST /api/admin/boundary-sets, still unknown) -> its
 * districts, or every problem found up to MAX_PROBLEMS, each with its field ('geojson',
 * 'geojson.features.3.properties.name') and a sentence a person can act on. Features are named by
 * their number in the file, from 1, as a person counts them; the field's index is from 0.
 */
export function parseBoundaries(geojson: unknown): ParsedBoundaries {
  const problems: FieldIssue[] = [];
  const report = (field: string, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ field, message });
  };
  const features = featuresOf(geojson, report);
  if (!features) return { ok: false, problems };

  const districts: ParsedDistrict[] = [];
  // A clerk cannot tell two "Ward 1" apart: names are compared as a person reads them.
  const numberByName = new Map<string, number>();
  let rangeReported = false;
  for (let i = 0; i < features.length && problems.length < MAX_PROBLEMS; i++) {
    const n = i + 1;
    const field = `geojson.features.${i}`;
    const feature = features[i];
    if (!isObject(feature) || feature.type !== 'Feature') {
      report(field, `Feature ${n} is not a GeoJSON Feature: its "type" must be "Feature"`);
      continue;
    }
    const properties = isObject(feature.properties) ? feature.properties : {};
    const text = (key: string, max: number) => readText(properties[key], n, key, `${field}.properties.${key}`, max, report);
    const name = text('name', BOUNDARY_LIMITS.districtName.max);
    if (name === null) report(`${field}.properties.name`, `Feature ${n} has no name: give every feature a properties.name`);
    const representative_name = text('representative_name', BOUNDARY_LIMITS.representative.max);
    const representative_title = text('representative_title', BOUNDARY_LIMITS.representative.max);
    const representative_email = readEmail(text('representative_email', 254), n, `${field}.properties.representative_email`, report);

    const read = readGeometry(feature.geometry, n, `${field}.geometry`);
    if (!read.ok) {
      if (!read.problem.outOfRange || !rangeReported) report(read.problem.field, read.problem.message);
      rangeReported ||= read.problem.outOfRange === true;
    }
    if (typeof name === 'string') {
      const key = name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
      const first = numberByName.get(key);
      if (first !== undefined) report(`${field}.properties.name`, `Features ${first} and ${n} are both named "${name}": give each district its own name`);
      else numberByName.set(key, n);
    }
    if (typeof name === 'string' && representative_name !== undefined && representative_title !== undefined && representative_email !== undefined && read.ok) {
      districts.push({ name, representative_name, representative_title, representative_email, geometry: read.geometry, bbox: read.bbox });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, districts };
}

/** The features of a FeatureCollection within the limits, or null (with the problem reported). */
function featuresOf(geojson: unknown, report: (field: string, message: string) => void): unknown[] | null {
  if (!isObject(geojson)) {
    report('geojson', geojson === undefined || geojson === null ? 'geojson is required: send the GeoJSON file as its value' : NOT_A_COLLECTION);
    return null;
  }
  if (geojson.type !== 'FeatureCollection') {
    report('geojson', notACollection(geojson.type));
    return null;
  }
  if (!Array.isArray(geojson.features)) {
    report('geojson.features', 'This FeatureCollection has no "features" list: export the boundaries again as GeoJSON');
    return null;
  }
  // The file as its JSON text: the body's own cap (routes/admin-boundary-sets) leaves room for the request around it.
  const bytes = byteLength(geojson);
  if (bytes === null || bytes > BOUNDARY_LIMITS.maxBytes) {
    report('geojson', bytes === null ? BOUNDARY_MESSAGES.tooDeep : BOUNDARY_MESSAGES.tooLarge);
    return null;
  }
  const count = geojson.features.length;
  if (count > BOUNDARY_LIMITS.maxFeatures) {
    report('geojson.features', BOUNDARY_MESSAGES.tooManyFeatures(count));
    return null;
  }
  if (count === 0) {
    report('geojson.features', 'This FeatureCollection has no features: a boundary set needs at least one district');
    return null;
  }
  return geojson.features;
}

/** The value's size as compact JSON; null when it nests too deep to be written out (no GeoJSON does). */
function byteLength(value: unknown): number | null {
  try {
    return Buffer.byteLength(JSON.stringify(value));
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}

/** The usual near misses, each named. */
function notACollection(type: unknown): string {
  if (type === 'Feature') return 'This is a single Feature: put it in a FeatureCollection ({"type": "FeatureCollection", "features": [...]})';
  if (type === 'Polygon' || type === 'MultiPolygon') return `This is a bare ${type}: put it in a Feature with a properties.name, inside a FeatureCollection`;
  if (type === 'Topology') return 'This is TopoJSON: convert it to GeoJSON (mapshaper can) and upload that';
  return NOT_A_COLLECTION;
}

/**
 * A property as one line of text, trimmed: null when absent or blank, undefined when refused (and
 * reported). A name may be a number (ward 3 is often `"name": 3`); the representative's fields are text.
 */
function readText(value: unknown, n: number, key: string, field: string, max: number, report: (field: string, message: string) => void): string | null | undefined {
  if (value === undefined || value === null) return null;
  const raw = typeof value === 'string' ? value : key === 'name' && typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (raw === undefined) {
    report(field, `Feature ${n}'s ${key} must be text`);
    return undefined;
  }
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  if (hasControlCharacters(trimmed)) {
    report(field, `Feature ${n}'s ${key} contains line breaks or invisible control characters: remove them`);
    return undefined;
  }
  if (trimmed.length > max) {
    report(field, `Feature ${n}'s ${key} is longer than ${max} characters: shorten it`);
    return undefined;
  }
  return trimmed;
}

const anEmail = email();

function readEmail(value: string | null | undefined, n: number, field: string, report: (field: string, message: string) => void): string | null | undefined {
  if (typeof value !== 'string') return value;
  if (anEmail.safeParse(value).success) return value;
  report(field, `Feature ${n}'s representative_email is not a valid e-mail address: correct it or leave it out`);
  return undefined;
}
