import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeocoderStandin, type GeocoderStandin } from '../../test/geocoder-standin';
import { ADDRESS, geocoderAt } from '../../test/geocoding';

let standin: GeocoderStandin;
beforeAll(async () => {
  standin = await startGeocoderStandin();
});
afterAll(() => standin.stop());

describe('the nominatim geocoder', () => {
  it('asks search under GEOCODER_URL with exactly the documented structured parameters, never q', async () => {
    standin.script(ADDRESS.street_address, { kind: 'match', lon: -89.6501, lat: 39.7817, more: [{ lon: -77.0, lat: 38.9 }] });
    expect(await geocoderAt(standin, 'nominatim').geocode(ADDRESS)).toEqual({ kind: 'match', lon: -89.6501, lat: 39.7817 });
    const request = standin.requests.at(-1)!;
    expect(request).toMatchObject({ service: 'nominatim', method: 'GET', path: '/search' });
    expect([...request.query].sort()).toEqual([
      ['city', 'Springfield'],
      ['countrycodes', 'us'],
      ['format', 'jsonv2'],
      ['limit', '1'],
      ['postalcode', '62704'],
      ['state', 'IL'],
      ['street', '742 Evergreen Terrace'],
    ]);
  });

  it('sends a User-Agent of its own, not a library default', async () => {
    await geocoderAt(standin, 'nominatim').geocode(ADDRESS);
    const agent = String(standin.requests.at(-1)!.headers['user-agent']);
    expect(agent).toMatch(/^Dais\//);
    expect(agent).not.toMatch(/node|undici/i);
  });
});
