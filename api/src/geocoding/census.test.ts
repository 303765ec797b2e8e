import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeocoderStandin, type GeocoderStandin } from '../../test/geocoder-standin';
import { ADDRESS, geocoderAt } from '../../test/geocoding';

let standin: GeocoderStandin;
beforeAll(async () => {
  standin = await startGeocoderStandin();
});
afterAll(() => standin.stop());

describe('the census geocoder', () => {
  it('asks locations/address under GEOCODER_URL with exactly the documented parameters', async () => {
    standin.script(ADDRESS.street_address, { kind: 'match', lon: -89.6501, lat: 39.7817 });
    await geocoderAt(standin, 'census').geocode({ ...ADDRESS, city: ' Springfield ' });
    const request = standin.requests.at(-1)!;
    expect(request).toMatchObject({ service: 'census', method: 'GET', path: '/geocoder/locations/address' });
    // Each once; the ZIP+4 as the five digits the Census documents; the current address ranges, as JSON.
    expect([...request.query].sort()).toEqual([
      ['benchmark', 'Public_AR_Current'],
      ['city', 'Springfield'],
      ['format', 'json'],
      ['state', 'IL'],
      ['street', '742 Evergreen Terrace'],
      ['zip', '62704'],
    ]);
  });

  it('takes the first of several matches', async () => {
    standin.script('1 Two Matches Rd', { kind: 'match', lon: -90.1, lat: 38.6, more: [{ lon: -77.0, lat: 38.9 }] });
    expect(await geocoderAt(standin, 'census').geocode({ ...ADDRESS, street_address: '1 Two Matches Rd' })).toEqual({ kind: 'match', lon: -90.1, lat: 38.6 });
  });
});
