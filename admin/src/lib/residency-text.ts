import type { DistrictSource, Residency, ResidencyCounts } from '@dais/api/contract';
import { formatNumber } from './format';

/**
 * Where a signature's or letter's writer lives, as the console says it. Non-residents are named,
 * never left out: the lists and counts show every counted row, wherever its writer lives.
 */
export const RESIDENCY_LABELS: Record<Residency, string> = {
  resident: 'Resident',
  non_resident: 'Non-resident',
  unknown: 'Unknown',
  pending: 'Waiting for the address to be placed',
};

/** What each word means, for a title on the label and the counts' notes. */
export const RESIDENCY_MEANINGS: Record<Residency, string> = {
  resident: 'Lives in one of the districts of the campaign’s boundary set',
  non_resident: 'The address lies outside every district of the campaign’s boundary set',
  unknown: 'Not sure of their district, and no address placed it',
  pending: 'The address is waiting for the geocoder to place it in a district',
};

interface Placed {
  district_name: string | null;
  district_source: DistrictSource | null;
}

/** 'Ward 2', 'Ward 2 (self-reported)' where the writer chose it; null where the row has no district. */
export function districtText(row: Placed): string | null {
  if (row.district_name === null) return null;
  return row.district_source === 'self_reported' ? `${row.district_name} (self-reported)` : row.district_name;
}

/** Every counted row of one kind: residents, non-residents, unknown and those waiting to be placed. */
export const residencyTotal = (c: ResidencyCounts): number => c.resident + c.non_resident + c.unknown + c.pending;

/** '12 of 15': the residents among a campaign's counted signatures or letters. */
export const residentsText = (c: ResidencyCounts): string => `${formatNumber(c.resident)} of ${formatNumber(residencyTotal(c))}`;
