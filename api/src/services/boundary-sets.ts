import type { Database } from '../db/data-source';
import type { BoundarySetRow, DistrictRow } from '../db/types';

/** What the console shows beside a set's name: its districts, and the campaigns that use it (a set in use is not deleted). */
export interface BoundarySetCounts {
  districts: number;
  campaigns: number;
}

export const NO_COUNTS: BoundarySetCounts = { districts: 0, campaigns: 0 };

/** The sets, newest first (all of them: a jurisdiction has a few), with their counts. */
export async function boundarySetsWithCounts(db: Database, id?: number): Promise<{ set: BoundarySetRow; counts: BoundarySetCounts }[]> {
  const sets = await db.ds.getRepository(db.entities.BoundarySet).find({ where: id === undefined ? {} : { id }, order: { created_at: 'DESC', id: 'DESC' } });
  const counts = await countsOf(db, sets.map((s) => s.id));
  return sets.map((set) => ({ set, counts: counts.get(set.id) ?? NO_COUNTS }));
}

async function countsOf(db: Database, ids: number[]): Promise<Map<number, BoundarySetCounts>> {
  if (ids.length === 0) return new Map();
  const perSet = (table: 'districts' | 'campaigns') =>
    db.ds
      .createQueryBuilder()
      .select('t.boundary_set_id', 'id')
      .addSelect('COUNT(*)', 'n')
      .from(table, 't')
      .where('t.boundary_set_id IN (:...ids)', { ids })
      .groupBy('t.boundary_set_id')
      .getRawMany<{ id: number | string; n: number | string }>();
  const [districts, campaigns] = await Promise.all([perSet('districts'), perSet('campaigns')]);
  const out = new Map<number, BoundarySetCounts>(ids.map((id) => [id, { ...NO_COUNTS }]));
  // PostgreSQL's COUNT is a bigint, which pg hands over as a string.
  for (const r of districts) out.get(Number(r.id))!.districts = Number(r.n);
  for (const r of campaigns) out.get(Number(r.id))!.campaigns = Number(r.n);
  return out;
}

/** A set's districts in file order, without their outlines (the console lists names and representatives). */
export function districtsOf(db: Database, boundarySetId: number): Promise<Omit<DistrictRow, 'geometry' | 'min_lon' | 'min_lat' | 'max_lon' | 'max_lat'>[]> {
  return db.ds.getRepository(db.entities.District).find({
    select: { id: true, boundary_set_id: true, position: true, name: true, representative_name: true, representative_title: true, representative_email: true },
    where: { boundary_set_id: boundarySetId },
    order: { position: 'ASC' },
  });
}
