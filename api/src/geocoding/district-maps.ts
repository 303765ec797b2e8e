import type { Database } from '../db/data-source';
import { districtLocator } from '../districts/locate';
import { ph } from '../mail/sql';
import type { NamedDistrict } from './placement';

/** A point's place in a boundary set: inside one of its districts, or outside all of them. */
export type Found = { kind: 'inside'; district: NamedDistrict } | { kind: 'outside' };

interface DistrictMap {
  locate: (lon: number, lat: number) => number | null;
  names: Map<number, string>;
}

/** How many sets a process keeps indexed (a set is at most 5 MB of GeoJSON; an installation has a few). */
const KEPT = 8;

/**
 * Each boundary set's districts, indexed once per process (districts/locate.ts) and kept: a set is
 * never changed after its upload (a new map is a new set), so a copy cannot go stale.
 */
export function districtMaps(db: Database) {
  const kept = new Map<number, Promise<DistrictMap>>();

  const load = async (setId: number): Promise<DistrictMap> => {
    const rows = (await db.ds.query(`SELECT "id", "name", "geometry" FROM "districts" WHERE "boundary_set_id" = ${ph(db.dialect, 1)} ORDER BY "id"`, [
      setId,
    ])) as { id: number | string; name: string; geometry: string }[];
    const districts = rows.map((r) => ({ id: Number(r.id), geometry: JSON.parse(r.geometry) }));
    return { locate: districtLocator(districts), names: new Map(rows.map((r) => [Number(r.id), r.name])) };
  };

  return {
    async find(setId: number, lon: number, lat: number): Promise<Found> {
      let map = kept.get(setId);
      if (!map) {
        map = load(setId);
        map.catch(() => kept.delete(setId));
        kept.set(setId, map);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      }
      const { locate, names } = await map;
      const id = locate(lon, lat);
      return id === null ? { kind: 'outside' } : { kind: 'inside', district: { id, name: names.get(id)! } };
    },
  };
}
