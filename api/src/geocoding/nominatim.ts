import { z } from 'zod';
import { fiveDigitZip, GEOCODE_TIMEOUT_MS, type Geocoder, type GeocodeResult } from './geocoder';
import { getReply } from './get-json';

/**
 * Nominatim (OpenStreetMap's geocoder, nominatim.org/release-docs/latest/api/Search): a structured
 * `search?format=jsonv2`, its best result. The public server's usage policy allows at most one
 * request a second and wants an identifying User-Agent (geocoder-config.ts makes it).
 */

/** The public server's absolute maximum; a Nominatim of one's own is held to it too, for simplicity. */
const NOMINATIM_MIN_INTERVAL_MS = 1000;

/**
 * Nominatim's rank for a single house or building. When it cannot find the house number it answers
 * with the street (26), the postcode or the town instead; their middle can lie in another district
 * than the supporter's door, so anything coarser than a house is no match.
 */
const HOUSE_RANK = 30;

/** jsonv2 gives coordinates as strings; the other documented fields (display_name, category...) are ignored. */
const nominatimReply = z.array(
  z.object({
    lat: z.string().transform(Number).pipe(z.number().min(-90).max(90)),
    lon: z.string().transform(Number).pipe(z.number().min(-180).max(180)),
    place_rank: z.number(),
  }),
);

export function nominatimGeocoder(options: { baseUrl: string; userAgent: string; timeoutMs?: number }): Geocoder {
  const request = { provider: 'nominatim' as const, userAgent: options.userAgent, timeoutMs: options.timeoutMs ?? GEOCODE_TIMEOUT_MS };
  return {
    provider: 'nominatim',
    minIntervalMs: NOMINATIM_MIN_INTERVAL_MS,
    async geocode(address): Promise<GeocodeResult> {
      const url = new URL('search', options.baseUrl);
      url.searchParams.set('format', 'jsonv2');
      // Structured fields rather than one `q` line: the address is already split, and Nominatim
      // then knows which part is the street (it refuses `q` together with them).
      url.searchParams.set('street', address.street_address.trim());
      url.searchParams.set('city', address.city.trim());
      url.searchParams.set('state', address.state.trim());
      url.searchParams.set('postalcode', fiveDigitZip(address.zip_code));
      // Dais asks for a state and a ZIP code, so its addresses are in the United States: a result
      // elsewhere (a Springfield abroad) would be a wrong point, worse than none.
      url.searchParams.set('countrycodes', 'us');
      url.searchParams.set('limit', '1');
      const best = (await getReply(url, request, nominatimReply, "Nominatim's jsonv2"))[0];
      return best && best.place_rank >= HOUSE_RANK ? { kind: 'match', lon: best.lon, lat: best.lat } : { kind: 'no_match' };
    },
  };
}
