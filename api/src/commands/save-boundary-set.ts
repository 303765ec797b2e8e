import type { BoundarySetCreateInput } from '../contract';
import type { Database } from '../db/data-source';
import type { BoundarySetRow } from '../db/types';
import { parseBoundaries, type ParsedDistrict } from '../districts/parse-boundaries';
import type { EntityManager } from 'typeorm';
import { AppError, notFound } from '../http/errors';
import { quoted, recordAudit, type Actor } from '../audit/record';

/** Districts per INSERT: a few hundred kilobytes of outlines at most, far from either database's parameter limit. */
const DISTRICTS_PER_INSERT = 100;

/**
 * Stores an uploaded boundary set and its districts in one transaction with its audit entry; a
 * file with any problem is a 400 listing them (each with its field) and stores nothing.
 */
export async function createBoundarySet(db: Database, input: BoundarySetCreateInput, actor: Actor): Promise<BoundarySetRow> {
  const parsed = parseBoundaries(input.geojson);
  if (!parsed.ok) {
    const [first] = parsed.problems;
    throw new AppError('validation_failed', first!.message, { field: first!.field, issues: parsed.problems });
  }
  return db.transaction(async (m) => {
    const set = await storeBoundarySet(m, db, input.name, parsed.districts);
    const count = parsed.districts.length === 1 ? '1 district' : `${parsed.districts.length} districts`;
    await recordAudit(m, db, actor, { action: 'boundary_set.create', summary: `Uploaded boundary set ${quoted(input.name)} (${count})` });
    return set;
  });
}

/** The set and its districts, in the caller's transaction (an upload's, or the demo seed's). */
export async function storeBoundarySet(m: EntityManager, db: Database, name: string, districts: ParsedDistrict[]): Promise<BoundarySetRow> {
  const sets = m.getRepository(db.entities.BoundarySet);
  const { id } = await sets.save(sets.create({ name }));
  const rows = districts.map((d, position) => ({
    boundary_set_id: id,
    position,
    name: d.name,
    representative_name: d.representative_name,
    representative_title: d.representative_title,
    representative_email: d.representative_email,
    geometry: JSON.stringify(d.geometry),
    min_lon: d.bbox[0],
    min_lat: d.bbox[1],
    max_lon: d.bbox[2],
    max_lat: d.bbox[3],
  }));
  for (let i = 0; i < rows.length; i += DISTRICTS_PER_INSERT) {
    await m.getRepository(db.entities.District).insert(rows.slice(i, i + DISTRICTS_PER_INSERT));
  }
  return sets.findOneByOrFail({ id });
}

/** Names shown in the refusal; the console lists every campaign anyway. */
const NAMED_CAMPAIGNS = 5;

/**
 * Deletes a set and its districts (signatures and letters keep the district names they copied). A
 * set a campaign uses is refused with a 409 naming the campaigns, so the admin knows where to change it.
 */
export function deleteBoundarySet(db: Database, id: number, actor: Actor): Promise<void> {
  return db.transaction(async (m) => {
    const sets = m.getRepository(db.entities.BoundarySet);
    const set = await sets.findOne({
      where: { id },
      // PostgreSQL: a campaign taking this set up meanwhile waits for this delete, then fails its
      // foreign key check; SQLite's transactions already run one at a time.
      ...(db.dialect === 'postgres' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!set) throw notFound('Boundary set');
    const users = await m.getRepository(db.entities.Campaign).find({ select: { id: true, title: true }, where: { boundary_set_id: id }, order: { id: 'ASC' } });
    if (users.length > 0) throw new AppError('conflict', inUseMessage(set, users.map((c) => c.title)));
    const districts = await m.getRepository(db.entities.District).countBy({ boundary_set_id: id });
    await sets.delete({ id });
    const count = districts === 1 ? '1 district' : `${districts} districts`;
    await recordAudit(m, db, actor, { action: 'boundary_set.delete', summary: `Deleted boundary set ${quoted(set.name)} (${count})` });
  });
}

function inUseMessage(set: BoundarySetRow, titles: string[]): string {
  const named = titles.slice(0, NAMED_CAMPAIGNS).map(quoted).join(', ');
  const more = titles.length > NAMED_CAMPAIGNS ? ` and ${titles.length - NAMED_CAMPAIGNS} more` : '';
  const which = titles.length === 1 ? `campaign ${named}` : `campaigns ${named}${more}`;
  return `Boundary set ${quoted(set.name)} is used by ${which}: choose another boundary set, or none, there first`;
}
