import type { Database } from '../db/data-source';
import { perDatabase } from '../db/per-database';

/** A district as campaigns read it: no outline (that is the geocoding worker's, geocoding/district-maps.ts). */
export interface SetDistrict {
  id: number;
  name: string;
  representative_name: string | null;
  representative_title: string | null;
  representative_email: string | null;
}

/** How many sets a process keeps (an installation has a few; each is at most 500 districts). */
const KEPT = 64;

/**
 * A boundary set's districts in the file's order, read once per process and kept. A set never
 * changes after its upload (a new map is a new set) and its ids are never reused (AUTOINCREMENT,
 * SERIAL), so a kept copy cannot go stale: the public read asks for them on every refresh of its
 * one-second copy, and a letter's delivery for its writer's representative.
 */
export const setDistricts = perDatabase((db: Database) => {
  const kept = new Map<number, Promise<SetDistrict[]>>();

  const load = async (setId: number): Promise<SetDistrict[]> =>
    db.ds.getRepository(db.entities.District).find({
      select: { id: true, name: true, representative_name: true, representative_title: true, representative_email: true },
      where: { boundary_set_id: setId },
      order: { position: 'ASC' },
    });

  return {
    read(setId: number): Promise<SetDistrict[]> {
      let districts = kept.get(setId);
      if (!districts) {
        districts = load(setId);
        // A failed read is not kept: the next one asks the database again.
        districts.catch(() => kept.delete(setId));
        kept.set(setId, districts);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      }
      return districts;
    },
  };
});
