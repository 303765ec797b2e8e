import type { BoundarySet, BoundarySetSummary, District } from '../contract';
import type { BoundarySetRow, DistrictRow } from '../db/types';
import type { BoundarySetCounts } from '../services/boundary-sets';

/** A district as the console lists it: never its outline (megabytes, and only the locator reads it). */
export const toDistrict = (d: Pick<DistrictRow, 'id' | 'name' | 'representative_name' | 'representative_title' | 'representative_email'>): District => ({
  id: d.id,
  name: d.name,
  representative_name: d.representative_name,
  representative_title: d.representative_title,
  representative_email: d.representative_email,
});

export const toBoundarySetSummary = (s: BoundarySetRow, counts: BoundarySetCounts): BoundarySetSummary => ({
  id: s.id,
  name: s.name,
  district_count: counts.districts,
  campaign_count: counts.campaigns,
  created_at: s.created_at.toISOString(),
});

export const toBoundarySet = (s: BoundarySetRow, counts: BoundarySetCounts, districts: Parameters<typeof toDistrict>[0][]): BoundarySet => ({
  ...toBoundarySetSummary(s, counts),
  districts: districts.map(toDistrict),
});
