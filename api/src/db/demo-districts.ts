import type { DistrictSource, Residency } from '../contract';

/**
 * The demo's boundary set: made-up council wards of the demo's fictional Springfield, four
 * quarters around a made-up centre, each with a council member (example.gov addresses), so the
 * console shows districts, their representatives and counts by district on a fresh install.
 */
const CENTRE = { lon: -89.65, lat: 39.78 };
const SPAN = 0.06;

const WARDS = [
  { name: 'Ward 1 (Northwest)', rep: 'Ana Rivera', west: -1, south: 0 },
  { name: 'Ward 2 (Northeast)', rep: 'Marcus Bell', west: 0, south: 0 },
  { name: 'Ward 3 (Southwest)', rep: 'Priya Shah', west: -1, south: -1 },
  { name: 'Ward 4 (Southeast)', rep: 'Tom Lindqvist', west: 0, south: -1 },
] as const;

const quarter = (west: number, south: number) => {
  const [w, s] = [CENTRE.lon + west * SPAN, CENTRE.lat + south * SPAN];
  const [e, n] = [w + SPAN, s + SPAN];
  return [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ];
};

export const DEMO_BOUNDARY_SET = {
  name: 'Springfield council wards (demo)',
  geojson: {
    type: 'FeatureCollection',
    features: WARDS.map((ward, i) => ({
      type: 'Feature',
      properties: {
        name: ward.name,
        representative_name: ward.rep,
        representative_title: 'Council Member',
        representative_email: `ward${i + 1}@council.springfield.example.gov`,
      },
      geometry: { type: 'Polygon', coordinates: quarter(ward.west, ward.south) },
    })),
  },
};

/** The campaigns (by index in DEMO_CAMPAIGNS) whose supporters and writers are placed in the wards. */
export const DEMO_PLACED_CAMPAIGNS = new Set([0, 1]);

/**
 * Where the n-th demo supporter or writer lives, as a geocoder would have placed them: most in a
 * ward, one in ten outside the city (a non-resident, labelled), one in ten who chose their ward
 * themselves, one in ten whose address did not geocode and who said 'Not sure'.
 */
export function demoPlace(
  n: number,
  wardIds: number[],
  wardNames: string[],
): { district_id: number | null; district_name: string | null; residency: Residency; district_source: DistrictSource | null } {
  const ward = (n * 7) % wardIds.length;
  const kind = n % 10;
  if (kind === 7) return { district_id: null, district_name: null, residency: 'non_resident', district_source: 'geocoded' };
  if (kind === 9) return { district_id: null, district_name: null, residency: 'unknown', district_source: null };
  return { district_id: wardIds[ward]!, district_name: wardNames[ward]!, residency: 'resident', district_source: kind === 8 ? 'self_reported' : 'geocoded' };
}
