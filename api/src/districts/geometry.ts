import type { MultiPolygon, Polygon, Position } from 'geojson';
import { BOUNDARY_MESSAGES } from '../contract';

/** What a district's outline may be. */
export type DistrictGeometry = Polygon | MultiPolygon;
/** The box around an outline: [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export interface GeometryProblem {
  field: string;
  message: string;
  /** Coordinates outside longitude/latitude: the whole file is usually so, and one message says it. */
  outOfRange?: true;
}

export type ReadGeometry = { ok: true; geometry: DistrictGeometry; bbox: BBox } | { ok: false; problem: GeometryProblem };

/** The other GeoJSON geometries, named back to the person who sent one. */
const NOT_AREAS = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'GeometryCollection']);

/**
 * Feature `n`'s geometry, checked and copied: positions as [longitude, latitude] (an altitude is
 * dropped: nothing here reads it), every ring closed and of at least 4 positions. The first problem
 * found is the one reported: a person fixes an outline in their GIS tool, not point by point here.
 * Winding order and self-intersections are not checked: point-in-polygon does not depend on the
 * first, and the second needs a full topology check for a mistake exported files rarely carry.
 */
export function readGeometry(value: unknown, n: number, field: string): ReadGeometry {
  const refuse = (at: string, message: string, outOfRange?: true): ReadGeometry => ({ ok: false, problem: { field: at, message, ...(outOfRange ? { outOfRange } : {}) } });
  if (!isObject(value)) return refuse(field, `Feature ${n} has no geometry: every district needs a Polygon or MultiPolygon outline`);
  const { type, coordinates } = value;
  if (type !== 'Polygon' && type !== 'MultiPolygon') {
    const message = typeof type === 'string' && NOT_AREAS.has(type)
      ? `Feature ${n} is a ${type}: only Polygon and MultiPolygon features can be districts`
      : `Feature ${n}'s geometry is not a Polygon or MultiPolygon: its "type" must say which`;
    return refuse(`${field}.type`, message);
  }
  const polygons = type === 'Polygon' ? [coordinates] : coordinates;
  if (!Array.isArray(polygons) || polygons.length === 0) return refuse(`${field}.coordinates`, `Feature ${n}'s ${type} has no coordinates`);

  const bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const copied: Position[][][] = [];
  for (let p = 0; p < polygons.length; p++) {
    const rings: unknown = polygons[p];
    const polygonField = type === 'Polygon' ? `${field}.coordinates` : `${field}.coordinates.${p}`;
    const polygonName = type === 'Polygon' ? '' : `polygon ${p + 1}, `;
    if (!Array.isArray(rings) || rings.length === 0) {
      const which = type === 'Polygon' ? 'Polygon' : `polygon ${p + 1}`;
      return refuse(polygonField, `Feature ${n}'s ${which} has no rings: a polygon is a list of rings, its outline first`);
    }
    const copiedRings: Position[][] = [];
    for (let r = 0; r < rings.length; r++) {
      const ring: unknown = rings[r];
      const ringField = `${polygonField}.${r}`;
      const ringName = `Feature ${n}'s ${polygonName}ring ${r + 1}`;
      if (!Array.isArray(ring)) return refuse(ringField, `${ringName} is not a list of [longitude, latitude] points`);
      if (ring.length < 4) return refuse(ringField, `${ringName} has ${ring.length} point${ring.length === 1 ? '' : 's'}: a ring needs at least 4, its last repeating its first`);
      const positions: Position[] = [];
      for (let k = 0; k < ring.length; k++) {
        const at: unknown = ring[k];
        if (!isPosition(at)) return refuse(`${ringField}.${k}`, `${ringName}, point ${k + 1} is not a [longitude, latitude] pair of numbers`);
        const [lon, lat] = at;
        if (!inRange(lon, lat)) return refuse(`${ringField}.${k}`, inRange(lat, lon) ? SWAPPED : BOUNDARY_MESSAGES.projected, true);
        positions.push([lon, lat]);
        if (lon < bbox[0]) bbox[0] = lon;
        if (lat < bbox[1]) bbox[1] = lat;
        if (lon > bbox[2]) bbox[2] = lon;
        if (lat > bbox[3]) bbox[3] = lat;
      }
      const first = positions[0]!;
      const last = positions[positions.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) return refuse(ringField, `${ringName} is open: its last point must repeat its first`);
      copiedRings.push(positions);
    }
    copied.push(copiedRings);
  }
  const geometry: DistrictGeometry = type === 'Polygon' ? { type, coordinates: copied[0]! } : { type, coordinates: copied };
  return { ok: true, geometry, bbox };
}

const SWAPPED = 'These coordinates look swapped: GeoJSON lists longitude first, then latitude; export WGS84 GeoJSON';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPosition = (v: unknown): v is [number, number, ...unknown[]] => Array.isArray(v) && v.length >= 2 && v.length <= 3 && v.every(isNumber);
const inRange = (lon: number, lat: number) => lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90;
