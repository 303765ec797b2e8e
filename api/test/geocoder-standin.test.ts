import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeocoderStandin, type GeocoderStandin } from './geocoder-standin';

let standin: GeocoderStandin;
beforeAll(async () => {
  standin = await startGeocoderStandin();
});
afterAll(() => standin.stop());

const census = (params: Record<string, string>) => fetch(`${standin.censusUrl}locations/address?${new URLSearchParams(params)}`);
const nominatim = (params: Record<string, string>) => fetch(`${standin.nominatimUrl}search?${new URLSearchParams(params)}`);
const CENSUS_QUERY = { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', benchmark: 'Public_AR_Current', format: 'json' };
const NOMINATIM_QUERY = { format: 'jsonv2', street: '1 Main St', city: 'Springfield', state: 'IL', postalcode: '62701' };

describe('the geocoder stand-in', () => {
  it("answers a scripted match in the Census geocoder's documented shape", async () => {
    standin.script('1 Main St', { kind: 'match', lon: -89.65, lat: 39.8 });
    const reply = await census(CENSUS_QUERY);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await reply.json()) as { result: { input: unknown; addressMatches: Record<string, unknown>[] } };
    expect(body.result.input).toMatchObject({ address: { street: '1 Main St', zip: '62701' }, benchmark: { benchmarkName: 'Public_AR_Current' } });
    expect(body.result.addressMatches).toHaveLength(1);
    expect(Object.keys(body.result.addressMatches[0]!).sort()).toEqual(['addressComponents', 'coordinates', 'matchedAddress', 'tigerLine']);
    expect(body.result.addressMatches[0]!.coordinates).toEqual({ x: -89.65, y: 39.8 });
  });

  it("answers a scripted match in Nominatim's jsonv2, coordinates as strings", async () => {
    standin.script('1 Main St', { kind: 'match', lon: -89.65, lat: 39.8 });
    const places = (await (await nominatim(NOMINATIM_QUERY)).json()) as Record<string, unknown>[];
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ lat: '39.8', lon: '-89.65', category: 'building', type: 'house', place_rank: 30 });
    expect(places[0]).toHaveProperty('place_id');
    expect(places[0]).toHaveProperty('display_name');
    expect(places[0]).toHaveProperty('importance');
    standin.script('1 Main St', { kind: 'street_only', lon: -89.6, lat: 39.7 });
    const street = (await (await nominatim(NOMINATIM_QUERY)).json()) as Record<string, unknown>[];
    expect(street[0]).toMatchObject({ category: 'highway', place_rank: 26 });
  });

  it('answers no match to an unscripted address, in each shape', async () => {
    const elsewhere = { street: '9 Nowhere Rd' };
    expect(await (await census({ ...CENSUS_QUERY, ...elsewhere })).json()).toMatchObject({ result: { addressMatches: [] } });
    expect(await (await nominatim({ ...NOMINATIM_QUERY, ...elsewhere })).json()).toEqual([]);
  });

  it('refuses what the real services refuse: no benchmark, q beside structured fields', async () => {
    const { benchmark: _left, ...withoutBenchmark } = CENSUS_QUERY;
    const refused = await census(withoutBenchmark);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: ['Benchmark is not valid'], status: '400' });
    expect((await nominatim({ ...NOMINATIM_QUERY, q: '1 Main St, Springfield' })).status).toBe(400);
  });

  it('answers a scripted status with the body such a status comes with, and Retry-After', async () => {
    standin.script('5 Busy Ave', { kind: 'status', status: 429, retryAfterSeconds: 30 });
    const busy = await nominatim({ ...NOMINATIM_QUERY, street: '5 Busy Ave' });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('30');
    expect(busy.headers.get('content-type')).toBe('text/html');
    await busy.body?.cancel();
    standin.script('5 Busy Ave', { kind: 'status', status: 403 });
    expect(await (await census({ ...CENSUS_QUERY, street: '5 Busy Ave' })).json()).toMatchObject({ status: '403' });
  });

  it('waits as long as it is told before answering', async () => {
    standin.script('7 Slow Ln', { kind: 'no_match', delayMs: 300 });
    const started = performance.now();
    await (await nominatim({ ...NOMINATIM_QUERY, street: '7 Slow Ln' })).json();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('records every request: service, path, query in order, headers', async () => {
    const before = standin.requests.length;
    await fetch(`${standin.nominatimUrl}search?format=jsonv2&street=1+Main+St&street=again`, { headers: { 'user-agent': 'Probe/1.0' } }).then((r) => r.text());
    await fetch(`${standin.nominatimUrl}reverse?lat=1&lon=2`).then((r) => r.text());
    const [search, reverse] = standin.requests.slice(before);
    expect(search).toMatchObject({ service: 'nominatim', method: 'GET', path: '/search', query: [['format', 'jsonv2'], ['street', '1 Main St'], ['street', 'again']] });
    expect(search!.headers['user-agent']).toBe('Probe/1.0');
    expect(reverse).toMatchObject({ service: 'unknown', path: '/reverse' });
  });

  it('stops at once, even with an answer still waiting', async () => {
    const other = await startGeocoderStandin();
    other.script('7 Slow Ln', { kind: 'no_match', delayMs: 60_000 });
    const pending = fetch(`${other.censusUrl}locations/address?${new URLSearchParams({ ...CENSUS_QUERY, street: '7 Slow Ln' })}`).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await other.stop();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
