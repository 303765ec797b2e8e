import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * GEOCODER and GEOCODER_URL, parsed for config.ts, and the User-Agent every geocoder request carries.
 * Kept here, beside the clients that read them, so that config.ts stays one list of variables.
 */

export const GEOCODER_PROVIDERS = ['census', 'nominatim'] as const;
export type GeocoderProvider = (typeof GEOCODER_PROVIDERS)[number];

/** Where each provider's API lives when GEOCODER_URL is unset: the public services. */
export const DEFAULT_GEOCODER_URLS: Record<GeocoderProvider, string> = {
  census: 'https://geocoding.geo.census.gov/geocoder/',
  nominatim: 'https://nominatim.openstreetmap.org/',
};

/** OpenStreetMap's own Nominatim, whose usage policy asks every application for a way to reach it. */
const OSM_NOMINATIM_HOST = 'nominatim.openstreetmap.org';

export type GeocoderSettings =
  | { provider: 'off' }
  | {
      provider: GeocoderProvider;
      /** The API's base address, ending in '/': request paths are resolved under it. */
      baseUrl: string;
      /** `Dais/<version> (+<PUBLIC_URL>; <CONTACT_EMAIL>)`: who is asking, as Nominatim's policy requires. */
      userAgent: string;
    };

/** Empty counts as unset, as in a .env file with the line left blank. */
const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const geocoderSchema = z.preprocess(
  (v) => {
    const text = blankIsUnset(v);
    return typeof text === 'string' ? text.trim().toLowerCase() : text;
  },
  z.enum(['census', 'nominatim', 'off'], { error: "GEOCODER must be 'census', 'nominatim' or 'off'" }).default('off'),
);

export const geocoderUrlSchema = z.preprocess(
  blankIsUnset,
  z
    .string()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username && !u.search && !u.hash;
      } catch {
        return false;
      }
    }, "GEOCODER_URL must be the API's base address, like 'https://nominatim.example.org/' (http or https, no query)")
    .optional(),
);

/** Whether requests would go to OpenStreetMap's public Nominatim server. */
export const isOsmNominatim = (baseUrl: string) => new URL(baseUrl).hostname.toLowerCase() === OSM_NOMINATIM_HOST;

/** The API's own version, read once: the User-Agent names it, so an operator can tell releases apart. */
const DAIS_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * `Dais/0.1.0 (+https://dais.example.org; hello@example.org)`. Nominatim's usage policy asks for a
 * User-Agent that names the application, with contact details where possible; the installation's
 * address and CONTACT_EMAIL are both. A loopback PUBLIC_URL would tell nobody anything, so it is left out.
 */
export function geocoderUserAgent(e: { publicUrl: string; publicUrlIsLoopback: boolean; contactEmail: string | null }): string {
  // The URL as parsed: the parser drops tabs and line breaks that could not go in a header.
  const details = [e.publicUrlIsLoopback ? null : `+${new URL(e.publicUrl).href.replace(/\/$/, '')}`, e.contactEmail].filter(Boolean);
  return `Dais/${DAIS_VERSION}${details.length ? ` (${details.join('; ')})` : ''}`;
}

/** Which geocoder to ask and how, decided once at boot from the variables that were set. */
export function geocoderSettings(e: {
  provider: GeocoderProvider | 'off';
  url: string | undefined;
  publicUrl: string;
  publicUrlIsLoopback: boolean;
  contactEmail: string | null;
}): GeocoderSettings {
  // GEOCODER_URL is ignored while GEOCODER is off, so geocoding can be paused without editing it away.
  if (e.provider === 'off') return { provider: 'off' };
  const base = e.url ?? DEFAULT_GEOCODER_URLS[e.provider];
  return {
    provider: e.provider,
    // Without the final slash, new URL('search', base) would replace the base's last path segment.
    baseUrl: base.endsWith('/') ? base : `${base}/`,
    userAgent: geocoderUserAgent(e),
  };
}
