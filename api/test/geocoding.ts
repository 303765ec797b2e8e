import { loadConfig } from '../src/config';
import type { GeocoderStandin } from './geocoder-standin';
import type { GeocoderProvider } from '../src/geocoding/geocoder-config';
import type { Geocoder, GeocodeAddress } from '../src/geocoding/geocoder';
import { geocoderFrom } from '../src/geocoding/geocoder-from-config';

/** The geocoding suites' shared pieces: a client made from configuration, as the server makes it, aimed at the stand-in. */

export const CONTACT = 'hello@riverside.example.org';

/** An address whose every part is easy to spot in a message or a log line. */
export const ADDRESS: GeocodeAddress = { street_address: '742 Evergreen Terrace', city: 'Springfield', state: 'IL', zip_code: '62704-1234' };

export function geocoderAt(standin: GeocoderStandin, provider: GeocoderProvider, options: { timeoutMs?: number } = {}): Geocoder {
  const config = loadConfig({
    GEOCODER: provider,
    GEOCODER_URL: provider === 'census' ? standin.censusUrl : standin.nominatimUrl,
    PUBLIC_URL: 'https://dais.example.org',
    GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
    CONTACT_EMAIL: CONTACT,
  });
  const geocoder = geocoderFrom(config, options);
  if (!geocoder) throw new Error(`GEOCODER=${provider} made no geocoder`);
  return geocoder;
}

/** What a call threw (or a failure if it did not). */
export async function thrownBy(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`);
  }
  throw new Error('expected the call to throw');
}
