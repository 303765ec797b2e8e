import type { GeocoderProvider } from './geocoder-config';

/**
 * What every geocoder client promises (census.ts, nominatim.ts). A geocoder turns a supporter's
 * address into a point, or says it found none; anything in between is thrown, so a caller never
 * mistakes "the service is down" for "this address does not exist".
 */

/** The address block of a signature or letter (contract/signature.ts addressFields). */
export interface GeocodeAddress {
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
}

/** A point is WGS 84 longitude and latitude in degrees, as GeoJSON orders them. */
export type GeocodeResult = { kind: 'match'; lon: number; lat: number } | { kind: 'no_match' };

export interface Geocoder {
  provider: GeocoderProvider;
  /**
   * The least time between two requests to this provider from the whole installation. The client
   * does not wait by itself: the job queue keeps the gap across processes, in the database.
   */
  minIntervalMs: number;
  geocode(address: GeocodeAddress): Promise<GeocodeResult>;
}

/** How long one request may take, answer included, before it counts as the service being unavailable. */
export const GEOCODE_TIMEOUT_MS = 10_000;

/**
 * A geocoder that did not answer about the address. The message is the provider and a short reason
 * of our own ('HTTP 503', 'timed out after 10000 ms'), never the request's address or the reply's
 * text: the address is personal data and messages end up in logs and in job rows.
 */
export class GeocoderError extends Error {
  constructor(
    readonly provider: GeocoderProvider,
    readonly reason: string,
  ) {
    super(`${provider} geocoder: ${reason}`);
    this.name = new.target.name;
  }
}

/**
 * Transient: a 5xx, a 429, a timeout, a network error, or a reply that is not the documented JSON
 * (a proxy's error page, a cut-off body). The same request may well succeed later: try again.
 */
export class GeocoderUnavailable extends GeocoderError {
  constructor(
    provider: GeocoderProvider,
    reason: string,
    /** From a 429's or 503's Retry-After, when it gave one in seconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(provider, reason);
  }
}

/**
 * A 4xx other than 429: the service refused this request as made, so sending it again unchanged
 * gets the same answer. Not a no_match, which would be a claim about the address: a 400 may be
 * about one address (the Census refuses a street over 100 characters), but a 401, 403 or 404 is the
 * installation's (GEOCODER_URL, a blocked User-Agent), and recording those as "no such address"
 * would hide the fault behind results that look ordinary. The caller decides; it must not retry blindly.
 */
export class GeocoderRefused extends GeocoderError {
  constructor(
    provider: GeocoderProvider,
    readonly status: number,
  ) {
    super(provider, `refused the request with HTTP ${status}`);
  }
}

/**
 * `62701-1234` and `627011234` as `62701`. Both services match five-digit ZIP codes (the Census
 * documents `zip` as five digits, OpenStreetMap tags US postcodes so); anything else goes as written.
 */
export function fiveDigitZip(zip: string): string {
  const trimmed = zip.trim();
  return /^\d{5}-?\d{4}$/.test(trimmed) ? trimmed.slice(0, 5) : trimmed;
}
