import { censusGeocoder } from './census';
import type { GeocoderSettings } from './geocoder-config';
import type { Geocoder } from './geocoder';
import { nominatimGeocoder } from './nominatim';

/**
 * The configured geocoder, or null when GEOCODER=off. Its own file, not geocoder.ts, because the
 * clients import geocoder.ts's errors: so imports run one way and make no circle.
 */
export function geocoderFrom(config: { geocoder: GeocoderSettings }, options: { timeoutMs?: number } = {}): Geocoder | null {
  const settings = config.geocoder;
  if (settings.provider === 'off') return null;
  const client = { baseUrl: settings.baseUrl, userAgent: settings.userAgent, ...options };
  return settings.provider === 'census' ? censusGeocoder(client) : nominatimGeocoder(client);
}
