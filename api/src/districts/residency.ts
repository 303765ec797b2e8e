import type { DistrictSource, PublicCampaign, Residency } from '../contract';
import type { Config } from '../config';
import { AppError } from '../http/errors';

/** Whether a geocoder places rows (GEOCODER set): rows then wait for it, `pending`. */
export const geocodes = (config: Pick<Config, 'geocoder'>) => config.geocoder.provider !== 'off';

/** What a signature or letter stores of where its writer lives (the row's four district columns). */
export interface DistrictColumns {
  district_id: number | null;
  district_name: string | null;
  residency: Residency | null;
  district_source: DistrictSource | null;
}

/** A campaign without a boundary set (no districts) asks nothing and stores nothing of districts. */
export const NO_DISTRICT: DistrictColumns = { district_id: null, district_name: null, residency: null, district_source: null };

export const DISTRICT_NOT_LISTED = "Choose your district from the list, or 'Not sure'";

/**
 * The district columns a new signature or letter stores. With a geocoder, the row waits for it
 * (`pending`: the insert's trigger queues the job, geocoding/worker.ts places it; the district the
 * writer chose stands if the address does not geocode). Without one, what the writer chose is all
 * there is: their district, self-reported, or unknown ('Not sure', or nothing chosen).
 */
export function districtColumns(campaign: Pick<PublicCampaign, 'districts'>, districtId: number | null, geocoding: boolean): DistrictColumns {
  if (campaign.districts.length === 0) return NO_DISTRICT;
  const chosen = districtId === null ? null : campaign.districts.find((d) => d.id === districtId);
  if (chosen === undefined) {
    throw new AppError('validation_failed', DISTRICT_NOT_LISTED, {
      field: 'district_id',
      issues: [{ field: 'district_id', message: DISTRICT_NOT_LISTED, problem: 'other' }],
    });
  }
  const said = chosen ? { district_id: chosen.id, district_name: chosen.name, district_source: 'self_reported' as const } : { district_id: null, district_name: null, district_source: null };
  if (geocoding) return { ...said, residency: 'pending' };
  return { ...said, residency: chosen ? 'resident' : 'unknown' };
}
