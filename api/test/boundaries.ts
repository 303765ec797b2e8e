/**
 * Boundary sets for tests, as an organiser would upload them (GeoJSON, WGS84 longitude/latitude).
 * Two wards side by side that share the meridian -89: Ward 1 west of it, Ward 2 east.
 */
const square = (west: number, south: number, east: number, north: number) => [
  [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ],
];

export const TWO_WARDS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Ward 1', representative_name: 'Ana Rivera', representative_title: 'Council Member', representative_email: 'rivera@council.example.gov' },
      geometry: { type: 'Polygon', coordinates: square(-90, 39, -89, 40) },
    },
    {
      type: 'Feature',
      properties: { name: 'Ward 2', representative_name: 'Sam Okafor', representative_title: 'Council Member', representative_email: 'okafor@council.example.gov' },
      geometry: { type: 'Polygon', coordinates: square(-89, 39, -88, 40) },
    },
  ],
};
