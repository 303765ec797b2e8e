import { deliverPlacedLetter } from '../commands/deliver-waiting-letters';
import type { DistrictSource, Residency } from '../contract';
import type { Database } from '../db/data-source';
import { ph } from '../mail/sql';
import type { ClaimedJob, Subject } from './jobs';
import type { GeocodeAddress } from './geocoder';

/**
 * What a geocoding job reads of its row, and the one write that ends it: the row's district and
 * residency, and the job gone, in one transaction, by the process that still holds the claim (with
 * a letter that waited for its district, its e-mail to its representative).
 */

export interface NamedDistrict {
  id: number;
  name: string;
}

export interface JobSubject {
  address: GeocodeAddress;
  boundarySetId: number;
  /** The district the writer chose in the widget, if any: what stands when the address does not geocode. */
  selfReported: NamedDistrict | null;
}

/** The row's address and its campaign's boundary set; null when there is nothing left to do (the row erased, already placed, or its campaign's set taken away). */
export async function readSubject(db: Database, subject: Subject, id: number): Promise<JobSubject | null> {
  const d = db.dialect;
  const rows = (await db.ds.query(
    `SELECT r."street_address", r."city", r."state", r."zip_code", r."district_id", r."district_name", r."district_source", c."boundary_set_id"
       FROM "${subject}" r JOIN "campaigns" c ON c."id" = r."campaign_id"
      WHERE r."id" = ${ph(d, 1)} AND r."residency" = 'pending'`,
    [id],
  )) as Record<string, unknown>[];
  const row = rows[0];
  if (!row || row.boundary_set_id === null) return null;
  const selfReported =
    row.district_id !== null && row.district_source === 'self_reported' ? { id: Number(row.district_id), name: String(row.district_name) } : null;
  return {
    address: { street_address: String(row.street_address), city: String(row.city), state: String(row.state), zip_code: String(row.zip_code) },
    boundarySetId: Number(row.boundary_set_id),
    selfReported,
  };
}

export interface Placement {
  district: NamedDistrict | null;
  residency: Exclude<Residency, 'pending'>;
  source: DistrictSource | null;
}

/**
 * Where the writer lives: a geocoded point inside a district is a resident of it, one outside every
 * district a non-resident (labelled, never refused). An address that does not geocode, or a provider
 * that never answered, leaves what the writer said: their district if they chose one, else unknown.
 */
export function placement(found: { kind: 'inside'; district: NamedDistrict } | { kind: 'outside' } | { kind: 'unplaced' }, selfReported: NamedDistrict | null): Placement {
  if (found.kind === 'inside') return { district: found.district, residency: 'resident', source: 'geocoded' };
  if (found.kind === 'outside') return { district: null, residency: 'non_resident', source: 'geocoded' };
  return selfReported ? { district: selfReported, residency: 'resident', source: 'self_reported' } : { district: null, residency: 'unknown', source: null };
}

/**
 * Writes the placement and deletes the job, if this worker still holds it (false when another
 * process took it over after our lease ran out: it writes the result, not us).
 */
export async function settleJob(db: Database, worker: string, job: ClaimedJob, place: Placement | null): Promise<boolean> {
  const d = db.dialect;
  return db.transaction(async (m) => {
    const run = (sql: string, params: unknown[]) => m.queryRunner!.query(sql, params, true) as Promise<{ affected?: number }>;
    const { affected = 0 } = await run(
      `DELETE FROM "geocode_jobs" WHERE "id" = ${ph(d, 1)} AND "status" = 'working' AND "claimed_by" = ${ph(d, 2)}`,
      [job.id, worker],
    );
    if (affected === 0) return false;
    if (place) {
      await run(
        `UPDATE "${job.subject}" SET "district_id" = ${ph(d, 1)}, "district_name" = ${ph(d, 2)}, "residency" = ${ph(d, 3)}, "district_source" = ${ph(d, 4)}
          WHERE "id" = ${ph(d, 5)} AND "residency" = 'pending'`,
        [place.district?.id ?? null, place.district?.name ?? null, place.residency, place.source, job.subjectId],
      );
      // A letter waiting for its district to be e-mailed to its representative goes now, with it.
      if (job.subject === 'letters') await deliverPlacedLetter(m, db, job.subjectId);
    }
    return true;
  });
}
