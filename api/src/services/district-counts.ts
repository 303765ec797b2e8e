import { In } from 'typeorm';
import type { DistrictCounts } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';

/**
 * Counted signatures and letters in each district of each campaign's boundary set, read from the
 * tallies (figures `<table>:district:<id>`, migration DistrictTallies1795810000003) by their exact
 * names, so the tallies' key answers it: two reads whatever the rows. Every district of the set is
 * listed, in the set's order, those nobody lives in with zeros: a council member looks for their own.
 */
export async function districtCountsOf(db: Database, campaigns: Pick<CampaignRow, 'id' | 'boundary_set_id'>[]): Promise<Map<number, DistrictCounts>> {
  const placed = campaigns.filter((c): c is typeof c & { boundary_set_id: number } => c.boundary_set_id !== null);
  const out = new Map<number, DistrictCounts>();
  if (placed.length === 0) return out;
  const districts = await db.ds.getRepository(db.entities.District).find({
    select: { id: true, boundary_set_id: true, name: true },
    where: { boundary_set_id: In([...new Set(placed.map((c) => c.boundary_set_id))]) },
    order: { boundary_set_id: 'ASC', position: 'ASC' },
  });
  const figures = districts.flatMap((d) => [`supporters:district:${d.id}`, `letters:district:${d.id}`]);
  const tallies = figures.length
    ? await db.ds.getRepository(db.entities.Tally).find({
        select: { figure: true, campaign_id: true, n: true },
        where: { figure: In(figures), slot: 0, campaign_id: In(placed.map((c) => c.id)) },
      })
    : [];
  const n = new Map(tallies.map((t) => [`${t.figure}/${t.campaign_id}`, t.n]));
  for (const c of placed) {
    out.set(
      c.id,
      districts
        .filter((d) => d.boundary_set_id === c.boundary_set_id)
        .map((d) => ({
          district_id: d.id,
          name: d.name,
          supporters: n.get(`supporters:district:${d.id}/${c.id}`) ?? 0,
          letters: n.get(`letters:district:${d.id}/${c.id}`) ?? 0,
        })),
    );
  }
  return out;
}
