import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGeocoderStandin, type GeocoderStandin, type StandinAnswer } from '../../test/geocoder-standin';
import { loadConfig } from '../config';
import { GeocoderError, GeocoderRefused, GeocoderUnavailable } from './geocoder';
import { geocoderFrom } from './geocoder-from-config';
import { ADDRESS, CONTACT, geocoderAt, thrownBy } from '../../test/geocoding';

/** What both clients promise, held to one measure: the same cases run against each service's stand-in. */

let standin: GeocoderStandin;
beforeAll(async () => {
  standin = await startGeocoderStandin();
});
afterAll(() => standin.stop());

const answer = (reply: StandinAnswer) => standin.script(ADDRESS.street_address, reply);

describe.each(['census', 'nominatim'] as const)('the %s geocoder', (provider) => {
  beforeEach(() => answer({ kind: 'no_match' }));

  it("returns the first match's point as longitude and latitude", async () => {
    answer({ kind: 'match', lon: -89.6501, lat: 39.7817 });
    expect(await geocoderAt(standin, provider).geocode(ADDRESS)).toEqual({ kind: 'match', lon: -89.6501, lat: 39.7817 });
  });

  it('returns no_match when the service found nothing', async () => {
    expect(await geocoderAt(standin, provider).geocode(ADDRESS)).toEqual({ kind: 'no_match' });
  });

  it('returns no_match when only the street was found, not the house', async () => {
    answer({ kind: 'street_only', lon: -89.6, lat: 39.78 });
    expect(await geocoderAt(standin, provider).geocode(ADDRESS)).toEqual({ kind: 'no_match' });
  });

  it('identifies Dais and its contact in the User-Agent, and asks for JSON', async () => {
    await geocoderAt(standin, provider).geocode(ADDRESS);
    const { headers } = standin.requests.at(-1)!;
    expect(headers['user-agent']).toMatch(new RegExp(`^Dais/\\d+\\.\\d+\\.\\d+ \\(\\+https://dais\\.example\\.org; ${CONTACT.replace(/\./g, '\\.')}\\)$`));
    expect(headers.accept).toBe('application/json');
  });

  it.each([500, 502, 503, 504])('throws GeocoderUnavailable on HTTP %i', async (status) => {
    answer({ kind: 'status', status });
    const error = await thrownBy(geocoderAt(standin, provider).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error.message).toBe(`${provider} geocoder: HTTP ${status}`);
  });

  it('throws GeocoderUnavailable on 429, with the wait Retry-After asks for', async () => {
    answer({ kind: 'status', status: 429, retryAfterSeconds: 60 });
    const error = await thrownBy(geocoderAt(standin, provider).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error).toMatchObject({ reason: 'HTTP 429', retryAfterMs: 60_000 });
  });

  it.each([400, 401, 403, 404])('throws GeocoderRefused on HTTP %i: neither a no_match nor worth retrying', async (status) => {
    answer({ kind: 'status', status });
    const error = await thrownBy(geocoderAt(standin, provider).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderRefused);
    expect(error).not.toBeInstanceOf(GeocoderUnavailable);
    expect(error).toMatchObject({ provider, status, message: `${provider} geocoder: refused the request with HTTP ${status}` });
  });

  it('throws GeocoderUnavailable when the answer does not come in time', async () => {
    answer({ kind: 'match', lon: -89.6, lat: 39.8, delayMs: 3000 });
    const started = performance.now();
    const error = await thrownBy(geocoderAt(standin, provider, { timeoutMs: 300 }).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error.message).toBe(`${provider} geocoder: timed out after 300 ms`);
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('counts the body in the time allowed: a reply that stalls halfway is a timeout too', async () => {
    answer({ kind: 'match', lon: -89.6, lat: 39.8, bodyDelayMs: 3000 });
    const error = await thrownBy(geocoderAt(standin, provider, { timeoutMs: 300 }).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error.message).toBe(`${provider} geocoder: timed out after 300 ms`);
  });

  it('waits for a slow answer that comes within the time allowed', async () => {
    answer({ kind: 'match', lon: -89.6, lat: 39.8, delayMs: 200, bodyDelayMs: 200 });
    expect(await geocoderAt(standin, provider, { timeoutMs: 5000 }).geocode(ADDRESS)).toEqual({ kind: 'match', lon: -89.6, lat: 39.8 });
  });

  it('throws GeocoderUnavailable on a reply that is not JSON', async () => {
    answer({ kind: 'malformed' });
    const error = await thrownBy(geocoderAt(standin, provider).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error.message).toBe(`${provider} geocoder: the reply is not JSON`);
  });

  it("throws GeocoderUnavailable on JSON that is not the service's, such as another API's", async () => {
    answer({ kind: 'foreign_json' });
    const error = await thrownBy(geocoderAt(standin, provider).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error.message).toMatch(new RegExp(`^${provider} geocoder: the reply is not`, 'i'));
  });

  it('throws GeocoderUnavailable when nothing listens at GEOCODER_URL', async () => {
    const gone = await startGeocoderStandin();
    await gone.stop();
    const error = await thrownBy(geocoderAt(gone, provider).geocode(ADDRESS));
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error.message).toBe(`${provider} geocoder: network error (ECONNREFUSED)`);
  });

  it('never puts the address in an error, whatever went wrong', async () => {
    const failures: StandinAnswer[] = [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 400 },
      { kind: 'malformed' },
      { kind: 'foreign_json' },
      { kind: 'no_match', delayMs: 3000 },
    ];
    const parts = [ADDRESS.street_address, '742', 'Evergreen', ADDRESS.city, '62704', encodeURIComponent(ADDRESS.street_address)];
    for (const failure of failures) {
      answer(failure);
      const error = await thrownBy(geocoderAt(standin, provider, { timeoutMs: 300 }).geocode(ADDRESS));
      expect(error).toBeInstanceOf(GeocoderError);
      expect(error.cause).toBeUndefined();
      const everything = [error.message, error.stack ?? '', String(error), JSON.stringify(error)].join('\n');
      for (const part of parts) expect(everything, `${failure.kind}: ${part}`).not.toContain(part);
    }
  });
});

describe('geocoderFrom', () => {
  it('makes no geocoder when GEOCODER is off', () => {
    expect(geocoderFrom(loadConfig({}))).toBeNull();
  });

  it('asks Nominatim at most once a second and the Census five times a second', () => {
    expect(geocoderAt(standin, 'nominatim')).toMatchObject({ provider: 'nominatim', minIntervalMs: 1000 });
    expect(geocoderAt(standin, 'census')).toMatchObject({ provider: 'census', minIntervalMs: 200 });
  });
});
