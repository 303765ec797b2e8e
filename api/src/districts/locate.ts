import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { Position } from 'geojson';
import type { DistrictGeometry } from './geometry';

export interface LocatableDistrict {
  id: number;
  geometry: DistrictGeometry;
}

/** A point's district id, or null outside them all. */
export type DistrictLocator = (lon: number, lat: number) => number | null;

/**
 * Built once per boundary set: an R-tree (flatbush) over the districts' boxes finds the few whose
 * box holds a point, and turf's point-in-polygon (holes counted) decides among them. A point on a
 * shared edge or vertex lies in both districts (turf counts the boundary in), so the lowest id
 * among them is its district: the same answer for the same point, whatever order the set was
 * loaded in.
 */
export function districtLocator(districts: readonly LocatableDistrict[]): DistrictLocator {
  if (districts.length === 0) return () => null;
  // Sorted by id, so the index's item numbers run in id order: the first match is the lowest id.
  const byId = [...districts].sort((a, b) => a.id - b.id);
  const index = new Flatbush(byId.length);
  for (const d of byId) {
    const [minLon, minLat, maxLon, maxLat] = boxOf(d.geometry);
    index.add(minLon, minLat, maxLon, maxLat);
  }
  index.finish();
  return (lon, lat) => {
    const point: Position = [lon, lat];
    const candidates = index.search(lon, lat, lon, lat).sort((a, b) => a - b);
    for (const i of candidates) {
      const d = byId[i]!;
      if (booleanPointInPolygon(point, d.geometry)) return d.id;
    }
    return null;
  };
}

/** [west, south, east, north] of an outline, every ring read: a file's ring order is not trusted here. */
function boxOf(geometry: DistrictGeometry): [number, number, number, number] {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [lon = NaN, lat = NaN] of ring) {
      minLon = Math.min(minLon, lon);
      minLat = Math.min(minLat, lat);
      maxLon = Math.max(maxLon, lon);
      maxLat = Math.max(maxLat, lat);
    }
  }
  return [minLon, minLat, maxLon, maxLat];
}
