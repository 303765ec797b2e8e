import { describe, expect, it } from 'vitest';
import { BOUNDARY_LIMITS, BOUNDARY_MESSAGES } from '../contract';
import { MAX_PROBLEMS, parseBoundaries } from './parse-boundaries';

type Ring = number[][];
const square = (x: number, y: number, size = 1): Ring => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
const polygon = (...rings: Ring[]) => ({ type: 'Polygon', coordinates: rings });
const feature = (name: unknown, geometry: unknown = polygon(square(0, 0)), more: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties: { name, ...more },
  geometry,
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
/** n features in a row of unit squares along the equator, "District 1".."District n". */
const row = (n: number) => Array.from({ length: n }, (_, i) => feature(`District ${i + 1}`, polygon(square(i * 0.01, 0, 0.01))));

/** The problems, or a failure naming the districts that came through. */
function problemsOf(geojson: unknown) {
  const r = parseBoundaries(geojson);
  if (r.ok) throw new Error(`expected problems, got ${r.districts.length} districts`);
  return r.problems;
}
const onlyProblem = (geojson: unknown) => {
  const problems = problemsOf(geojson);
  expect(problems).toHaveLength(1);
  return problems[0]!;
};

describe('parseBoundaries', () => {
  it('reads Polygon and MultiPolygon districts with their representatives, in file order', () => {
    const r = parseBoundaries(
      collection(
        feature('  Ward 1 ', polygon(square(-87.7, 41.8), square(-87.6, 41.85, 0.01)), {
          representative_name: 'Ada Lovelace',
          representative_title: 'Alderperson',
          representative_email: ' ada@example.org ',
          population: 51000,
        }),
        feature(3, { type: 'MultiPolygon', coordinates: [[[[10, 10, 120], [11, 10, 120], [11, 11, 120], [10, 10, 120]]], [square(12, 10)]] }, { representative_name: '   ' }),
      ),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.districts).toHaveLength(2);
    expect(r.districts[0]).toMatchObject({
      name: 'Ward 1',
      representative_name: 'Ada Lovelace',
      representative_title: 'Alderperson',
      representative_email: 'ada@example.org',
      bbox: [-87.7, 41.8, -86.7, 42.8],
    });
    expect(r.districts[0]!.geometry).toEqual(polygon(square(-87.7, 41.8), square(-87.6, 41.85, 0.01)));
    // A ward's number as its name; blank representative fields are none; altitudes dropped.
    expect(r.districts[1]).toMatchObject({ name: '3', representative_name: null, representative_title: null, representative_email: null, bbox: [10, 10, 13, 11] });
    expect(r.districts[1]!.geometry).toEqual({ type: 'MultiPolygon', coordinates: [[[[10, 10], [11, 10], [11, 11], [10, 10]]], [square(12, 10)]] });
  });

  it('keeps only type and coordinates of a geometry: no foreign members reach the database', () => {
    const r = parseBoundaries(collection(feature('Ward 1', { ...polygon(square(0, 0)), bbox: [0, 0, 1, 1], crs: { type: 'name' }, extra: 'x'.repeat(100) })));
    expect(r.ok && r.districts[0]!.geometry).toEqual(polygon(square(0, 0)));
  });

  it('refuses what is not a FeatureCollection, naming the near misses', () => {
    const notACollection = 'This is not a GeoJSON FeatureCollection: export the boundaries as GeoJSON, a FeatureCollection of Polygon or MultiPolygon features';
    const cases: [unknown, string, string][] = [
      [undefined, 'geojson', 'geojson is required: send the GeoJSON file as its value'],
      [null, 'geojson', 'geojson is required: send the GeoJSON file as its value'],
      ['{"type": "FeatureCollection"}', 'geojson', notACollection],
      [[feature('Ward 1')], 'geojson', notACollection],
      [{ type: 'GeometryCollection', geometries: [] }, 'geojson', notACollection],
      [feature('Ward 1'), 'geojson', 'This is a single Feature: put it in a FeatureCollection ({"type": "FeatureCollection", "features": [...]})'],
      [polygon(square(0, 0)), 'geojson', 'This is a bare Polygon: put it in a Feature with a properties.name, inside a FeatureCollection'],
      [{ type: 'Topology', objects: {} }, 'geojson', 'This is TopoJSON: convert it to GeoJSON (mapshaper can) and upload that'],
      [{ type: 'FeatureCollection' }, 'geojson.features', 'This FeatureCollection has no "features" list: export the boundaries again as GeoJSON'],
      [{ type: 'FeatureCollection', features: {} }, 'geojson.features', 'This FeatureCollection has no "features" list: export the boundaries again as GeoJSON'],
      [collection(), 'geojson.features', 'This FeatureCollection has no features: a boundary set needs at least one district'],
    ];
    for (const [geojson, field, message] of cases) expect(onlyProblem(geojson), JSON.stringify(geojson)).toEqual({ field, message });
  });

  it('walks no deeper than GeoJSON goes: a deeply nested value is refused at once', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(onlyProblem(deep).field).toBe('geojson');
    expect(onlyProblem(collection(feature('Ward 1', { type: 'Polygon', coordinates: deep })))).toEqual({ field: 'geojson', message: BOUNDARY_MESSAGES.tooDeep });
  });

  it(`refuses more than ${BOUNDARY_LIMITS.maxFeatures} features and more than 5 MB, before reading any`, () => {
    expect(parseBoundaries(collection(...row(BOUNDARY_LIMITS.maxFeatures))).ok).toBe(true);
    expect(onlyProblem(collection(...row(BOUNDARY_LIMITS.maxFeatures + 1)))).toEqual({ field: 'geojson.features', message: BOUNDARY_MESSAGES.tooManyFeatures(501) });
    expect(BOUNDARY_MESSAGES.tooManyFeatures(501)).toBe('A boundary set holds at most 500 features; this file has 501');
    // One district whose outline has enough points to pass 5 MB: 5 MB is the file, not its districts.
    const points = Array.from({ length: 200_000 }, (_, i) => [-87.123456789 + i * 1e-9, 41.123456789]);
    const huge = collection(feature('Ward 1', polygon([...points, points[0]!])));
    expect(JSON.stringify(huge).length).toBeGreaterThan(BOUNDARY_LIMITS.maxBytes);
    expect(onlyProblem(huge)).toEqual({ field: 'geojson', message: BOUNDARY_MESSAGES.tooLarge });
    expect(BOUNDARY_MESSAGES.tooLarge).toMatch(/at most 5 MB/);
  });

  it('asks for a name on every feature, as text of one line and at most 120 characters', () => {
    const named = (name: unknown) => collection(feature('Ward 1'), feature('Ward 2', polygon(square(1, 0))), feature('Ward 3', polygon(square(2, 0))), { ...feature(name, polygon(square(3, 0))) });
    for (const missing of [undefined, null, '', '   ']) {
      expect(onlyProblem(named(missing))).toEqual({ field: 'geojson.features.3.properties.name', message: 'Feature 4 has no name: give every feature a properties.name' });
    }
    expect(onlyProblem(collection({ type: 'Feature', geometry: polygon(square(0, 0)) }))).toEqual({ field: 'geojson.features.0.properties.name', message: 'Feature 1 has no name: give every feature a properties.name' });
    expect(onlyProblem(collection({ type: 'Feature', properties: null, geometry: polygon(square(0, 0)) })).message).toBe('Feature 1 has no name: give every feature a properties.name');
    expect(onlyProblem(named({ en: 'Ward 4' })).message).toBe("Feature 4's name must be text");
    expect(onlyProblem(named(true)).message).toBe("Feature 4's name must be text");
    expect(onlyProblem(named('W'.repeat(121))).message).toBe("Feature 4's name is longer than 120 characters: shorten it");
    expect(parseBoundaries(named(` ${'W'.repeat(120)} `)).ok).toBe(true);
    for (const control of ['Ward\n4', 'Ward\t4', 'Ward\u00004', 'Ward\u202e4'.replace('\u202e', '\u0085')]) {
      expect(onlyProblem(named(control)).message, JSON.stringify(control)).toBe("Feature 4's name contains line breaks or invisible control characters: remove them");
    }
  });

  it('checks the representative fields when given: text, one line, and a real e-mail address', () => {
    const rep = (more: Record<string, unknown>) => collection(feature('Ward 1', polygon(square(0, 0)), more));
    expect(onlyProblem(rep({ representative_email: 'alderperson at example.org' }))).toEqual({
      field: 'geojson.features.0.properties.representative_email',
      message: "Feature 1's representative_email is not a valid e-mail address: correct it or leave it out",
    });
    expect(onlyProblem(rep({ representative_name: 42 }))).toEqual({ field: 'geojson.features.0.properties.representative_name', message: "Feature 1's representative_name must be text" });
    expect(onlyProblem(rep({ representative_title: 'T'.repeat(201) })).message).toBe("Feature 1's representative_title is longer than 200 characters: shorten it");
    expect(onlyProblem(rep({ representative_title: 'Council\nmember' })).message).toBe("Feature 1's representative_title contains line breaks or invisible control characters: remove them");
    expect(parseBoundaries(rep({ representative_email: '', representative_name: null })).ok).toBe(true);
  });

  it('refuses two districts a clerk could not tell apart', () => {
    const problems = problemsOf(collection(feature('Ward 1'), feature('Ward 2', polygon(square(1, 0))), feature(' ward  1', polygon(square(2, 0)))));
    expect(problems).toEqual([{ field: 'geojson.features.2.properties.name', message: 'Features 1 and 3 are both named "ward  1": give each district its own name' }]);
  });

  it('takes only Polygon and MultiPolygon outlines', () => {
    const features = [...row(6), feature('Main Street', { type: 'LineString', coordinates: [[0, 0], [1, 1]] })];
    expect(onlyProblem(collection(...features))).toEqual({ field: 'geojson.features.6.geometry.type', message: 'Feature 7 is a LineString: only Polygon and MultiPolygon features can be districts' });
    expect(onlyProblem(collection(feature('City hall', { type: 'Point', coordinates: [0, 0] }))).message).toBe('Feature 1 is a Point: only Polygon and MultiPolygon features can be districts');
    expect(onlyProblem(collection(feature('Ward 1', { type: 'Circle', coordinates: [0, 0] }))).message).toBe(`Feature 1's geometry is not a Polygon or MultiPolygon: its "type" must say which`);
    expect(onlyProblem(collection(feature('Ward 1', null)))).toEqual({ field: 'geojson.features.0.geometry', message: 'Feature 1 has no geometry: every district needs a Polygon or MultiPolygon outline' });
    expect(onlyProblem(collection({ type: 'Polygon', properties: { name: 'Ward 1' } }))).toEqual({ field: 'geojson.features.0', message: 'Feature 1 is not a GeoJSON Feature: its "type" must be "Feature"' });
  });

  it('asks for closed rings of at least 4 points, each a [longitude, latitude] pair', () => {
    const second = (geometry: unknown) => collection(feature('Ward 1'), feature('Ward 2', geometry));
    const open = square(1, 0).slice(0, 4).concat([[1.5, 0.5]]);
    expect(onlyProblem(second(polygon(open)))).toEqual({ field: 'geojson.features.1.geometry.coordinates.0', message: "Feature 2's ring 1 is open: its last point must repeat its first" });
    expect(onlyProblem(second(polygon(square(1, 0), square(1.2, 0.2, 0.1).slice(0, 4)))).message).toBe("Feature 2's ring 2 is open: its last point must repeat its first");
    expect(onlyProblem(second(polygon([[1, 0], [2, 0], [1, 0]])))).toEqual({
      field: 'geojson.features.1.geometry.coordinates.0',
      message: "Feature 2's ring 1 has 3 points: a ring needs at least 4, its last repeating its first",
    });
    expect(onlyProblem(second({ type: 'MultiPolygon', coordinates: [[square(1, 0)], [square(3, 0).slice(0, 4)]] }))).toEqual({
      field: 'geojson.features.1.geometry.coordinates.1.0',
      message: "Feature 2's polygon 2, ring 1 is open: its last point must repeat its first",
    });
    const badPoint = square(1, 0);
    badPoint[2] = ['2', '1'] as unknown as number[];
    expect(onlyProblem(second(polygon(badPoint)))).toEqual({ field: 'geojson.features.1.geometry.coordinates.0.2', message: "Feature 2's ring 1, point 3 is not a [longitude, latitude] pair of numbers" });
    for (const point of [[1], [1, null], [1, 2, 3, 4], 'x', null]) {
      const ring = square(1, 0) as unknown[];
      ring[1] = point;
      expect(onlyProblem(second(polygon(ring as Ring))).message, JSON.stringify(point)).toBe("Feature 2's ring 1, point 2 is not a [longitude, latitude] pair of numbers");
    }
    expect(onlyProblem(second(polygon())).message).toBe("Feature 2's Polygon has no rings: a polygon is a list of rings, its outline first");
    expect(onlyProblem(second({ type: 'Polygon' })).message).toBe("Feature 2's Polygon has no rings: a polygon is a list of rings, its outline first");
    expect(onlyProblem(second({ type: 'MultiPolygon', coordinates: [] })).message).toBe("Feature 2's MultiPolygon has no coordinates");
    expect(onlyProblem(second({ type: 'MultiPolygon', coordinates: [[square(1, 0)], []] })).message).toBe("Feature 2's polygon 2 has no rings: a polygon is a list of rings, its outline first");
    expect(onlyProblem(second(polygon('ring' as unknown as Ring))).message).toBe("Feature 2's ring 1 is not a list of [longitude, latitude] points");
  });

  it('says once that projected (or swapped) coordinates are not longitude and latitude', () => {
    // State Plane feet, as a county GIS often exports them.
    const projected = (x: number) => polygon(square(1_150_000 + x, 1_900_000, 5000));
    expect(problemsOf(collection(feature('Ward 1', projected(0)), feature('Ward 2', projected(5000)), feature('Ward 3', projected(10000))))).toEqual([
      { field: 'geojson.features.0.geometry.coordinates.0.0', message: 'These coordinates look projected: export WGS84 GeoJSON (longitude -180 to 180, latitude -90 to 90)' },
    ]);
    expect(onlyProblem(collection(feature('Ward 1', polygon(square(-180.5, 10)))))).toMatchObject({ message: BOUNDARY_MESSAGES.projected });
    // San Francisco as [latitude, longitude]. (Chicago's swapped would pass: -87.7 is a latitude too.)
    expect(onlyProblem(collection(feature('Ward 1', polygon(square(37.7, -122.5, 0.1)))))).toEqual({
      field: 'geojson.features.0.geometry.coordinates.0.0',
      message: 'These coordinates look swapped: GeoJSON lists longitude first, then latitude; export WGS84 GeoJSON',
    });
    // The edges of the ranges are in them.
    expect(parseBoundaries(collection(feature('Everything', polygon([[-180, -90], [180, -90], [180, 90], [-180, 90], [-180, -90]])))).ok).toBe(true);
  });

  it(`lists every problem of a file up to ${MAX_PROBLEMS}, each feature's name and outline apart`, () => {
    const problems = problemsOf(collection(feature('', { type: 'Point', coordinates: [0, 0] }), feature('Ward 2', polygon(square(0, 0).slice(0, 4))), feature('Ward 2')));
    expect(problems.map((p) => p.field)).toEqual([
      'geojson.features.0.properties.name',
      'geojson.features.0.geometry.type',
      'geojson.features.1.geometry.coordinates.0',
      'geojson.features.2.properties.name',
    ]);
    expect(problemsOf(collection(...Array.from({ length: 50 }, () => feature(null))))).toHaveLength(MAX_PROBLEMS);
  });
});
