import { z } from 'zod';
import { fiveDigitZip, GEOCODE_TIMEOUT_MS, type Geocoder, type GeocodeResult } from './geocoder';
import { getReply } from './get-json';

/**
 * The US Census Bureau's geocoder (geocoding.geo.census.gov/geocoder, Geocoding_Services_API): one
 * structured address to `locations/address`, the point of its first match. It matches only house
 * numbers it can place on a street's address range, so a match is precise enough for a district.
 */

/**
 * The Census publishes no rate limit. A fifth of a second between requests (at most five a second
 * from the whole installation, one at a time) is polite to a free public service and still places
 * a 10,000-supporter campaign in under an hour.
 */
const CENSUS_MIN_INTERVAL_MS = 200;

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);

/** The part of the documented reply we read; its other fields (input, tigerLine, addressComponents) are ignored. */
const censusReply = z.object({
  result: z.object({
    addressMatches: z.array(z.object({ coordinates: z.object({ x: longitude, y: latitude }) })),
  }),
});

export function censusGeocoder(options: { baseUrl: string; userAgent: string; timeoutMs?: number }): Geocoder {
  const request = { provider: 'census' as const, userAgent: options.userAgent, timeoutMs: options.timeoutMs ?? GEOCODE_TIMEOUT_MS };
  return {
    provider: 'census',
    minIntervalMs: CENSUS_MIN_INTERVAL_MS,
    async geocode(address): Promise<GeocodeResult> {
      const url = new URL('locations/address', options.baseUrl);
      url.searchParams.set('street', address.street_address.trim());
      url.searchParams.set('city', address.city.trim());
      url.searchParams.set('state', address.state.trim());
      url.searchParams.set('zip', fiveDigitZip(address.zip_code));
      // The current address ranges; `benchmark` is required, `format=json` instead of an HTML page.
      url.searchParams.set('benchmark', 'Public_AR_Current');
      url.searchParams.set('format', 'json');
      const reply = await getReply(url, request, censusReply, "the Census geocoder's JSON");
      const first = reply.result.addressMatches[0];
      return first ? { kind: 'match', lon: first.coordinates.x, lat: first.coordinates.y } : { kind: 'no_match' };
    },
  };
}
