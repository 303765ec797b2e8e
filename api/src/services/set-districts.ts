import type { EntityManager } from 'typeorm';
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

  const load = async (setId: number, m: EntityManager): Promise<SetDistrict[]> =>
    m.getRepository(db.entities.District).find({
      select: { id: true, name: true, representative_name: true, representative_title: true, representative_email: true },
      where: { boundary_set_id: setId },
      order: { position: 'ASC' },
    });

  return {
    /**
     * `m`: the caller's transaction, if it is in one. On PostgreSQL a read through the pool from
     * inside a transaction would hold two connections at once, and enough such requests at once
     * would wait on each other for ever.
     */
    read(setId: number, m: EntityManager = db.ds.manager): Promise<SetDistrict[]> {
      let districts = kept.get(setId);
      if (!districts) {
        districts = load(setId, m);
        // A failed read is not kept: the next one asks the database again.
        districts.catch(() => kept.delete(setId));
        kept.set(setId, districts);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      }
      return districts;
    },
  };
});

/** A district's representative a letter can be e-mailed to (their name and address both known). */
export interface Representative {
  district_id: number;
  district_name: string;
  name: string;
  title: string | null;
  email: string;
}

/**
 * The representatives a boundary set names, one per district that has a name and an address for
 * one; none without a set. A letter in `each` mode goes to its writer's (commands/deliver-letter.ts).
 */
export async function representativesOf(db: Database, setId: number | null, m?: EntityManager): Promise<Representative[]> {
  if (setId === null) return [];
  return (await setDistricts(db).read(setId, m)).flatMap((d) =>
    d.representative_name && d.representative_email
      ? [{ district_id: d.id, district_name: d.name, name: d.representative_name, title: d.representative_title, email: d.representative_email }]
      : [],
  );
}

/** The representative of one district of the set (the one a letter's writer chose), or null where it names none. */
export async function representativeOfDistrict(db: Database, setId: number | null, districtId: number): Promise<Representative | null> {
  return (await representativesOf(db, setId)).find((r) => r.district_id === districtId) ?? null;
}
