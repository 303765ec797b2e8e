/**
 * Signatures and letters placed in their campaign's districts by the geocoding worker, through the
 * real server on both databases, the geocoder a local HTTP server speaking the Census Geocoder's and
 * Nominatim's documented JSON (test/geocoder-standin.ts): matches inside and outside, no match, 5xx,
 * slow. One suite for both services; Nominatim's at its pace (a request a second, in the database).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignRow } from '../db/types';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { startGeocoderStandin, type GeocoderStandin } from '../../test/geocoder-standin';
import { TWO_WARDS } from '../../test/boundaries';

let standin: GeocoderStandin;
beforeAll(async () => {
  standin = await startGeocoderStandin();
});
afterAll(() => standin.stop());

const signer = (street: string, over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `${street.replace(/\W+/g, '-').toLowerCase()}@example.org`,
  street_address: street,
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  ...over,
});

/** The row's district columns once the worker has placed it (or `timeoutMs` has passed). */
async function placed(t: TestServer, table: 'supporters' | 'letters', street: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = (await t.db.ds.query(`SELECT "district_id", "district_name", "residency", "district_source" FROM "${table}" WHERE "street_address" = ${t.dialect === 'postgres' ? '$1' : '?'}`, [
      street,
    ])) as { district_id: number | null; district_name: string | null; residency: string | null; district_source: string | null }[];
    if (row && row.residency !== 'pending') return { ...row, district_id: row.district_id === null ? null : Number(row.district_id) };
    if (Date.now() > deadline) throw new Error(`${table} row at ${street} still ${row ? row.residency : 'missing'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const requestsFor = (street: string) => standin.requests.filter((r) => r.query.some(([k, v]) => k === 'street' && v === street));

/** What each service is asked for an address, as its documentation says. */
const DOCUMENTED = {
  census: { path: '/geocoder/locations/address', query: { city: 'Springfield', state: 'IL', zip: '62701', benchmark: 'Public_AR_Current', format: 'json' } },
  nominatim: { path: '/search', query: { city: 'Springfield', state: 'IL', postalcode: '62701', format: 'jsonv2', countrycodes: 'us', limit: '1' } },
} as const;

for (const provider of ['census', 'nominatim'] as const) {
  describeEachDatabase(
    `placing signatures and letters in districts (GEOCODER=${provider})`,
    (t) => {
      let campaign: CampaignRow;
      let wards: { id: number; name: string }[];

      beforeAll(async () => {
        const cookie = await t.adminCookie();
        const set = await t.api('POST', '/api/admin/boundary-sets', { cookie, body: { name: 'Springfield wards', geojson: TWO_WARDS } });
        expect(set.status).toBe(201);
        wards = set.body.data.districts;
        campaign = await t.campaign({ boundary_set_id: set.body.data.id });
      });
      /** Streets differ by database and service: the four servers share one stand-in. */
      const at = (street: string) => `${street}, ${t.dialect}, ${provider}`;
      const sign = (body: unknown) => t.api('POST', `/api/campaigns/${campaign.id}/support`, { body });

      it('places an address inside a district as a resident of it, asking the geocoder once, as documented', async () => {
        standin.script(at('1 Inside Ward Two'), { kind: 'match', lon: -88.5, lat: 39.5 });
        expect((await sign(signer(at('1 Inside Ward Two')))).status).toBe(200);
        expect(await placed(t, 'supporters', at('1 Inside Ward Two'))).toEqual({
          district_id: wards[1]!.id,
          district_name: 'Ward 2',
          residency: 'resident',
          district_source: 'geocoded',
        });
        const [request, ...more] = requestsFor(at('1 Inside Ward Two'));
        expect(more).toEqual([]);
        expect(request!.path).toBe(DOCUMENTED[provider].path);
        expect(Object.fromEntries(request!.query)).toMatchObject(DOCUMENTED[provider].query);
      });

      it('labels an address outside every district a non-resident, and stores the row all the same', async () => {
        standin.script(at('2 Far Away'), { kind: 'match', lon: -80, lat: 35 });
        expect((await sign(signer(at('2 Far Away')))).status).toBe(200);
        expect(await placed(t, 'supporters', at('2 Far Away'))).toEqual({ district_id: null, district_name: null, residency: 'non_resident', district_source: 'geocoded' });
      });

      it("keeps the writer's own district when the address does not geocode, and says unknown when they gave none", async () => {
        standin.script(at('3 Nowhere Lane'), { kind: 'no_match' });
        standin.script(at('4 Nowhere Lane'), { kind: 'no_match' });
        expect((await sign(signer(at('3 Nowhere Lane'), { district_id: wards[0]!.id }))).status).toBe(200);
        expect((await sign(signer(at('4 Nowhere Lane')))).status).toBe(200);
        expect(await placed(t, 'supporters', at('3 Nowhere Lane'))).toEqual({ district_id: wards[0]!.id, district_name: 'Ward 1', residency: 'resident', district_source: 'self_reported' });
        expect(await placed(t, 'supporters', at('4 Nowhere Lane'))).toEqual({ district_id: null, district_name: null, residency: 'unknown', district_source: null });
      });

      it('prefers the geocoded district to the one the writer chose', async () => {
        standin.script(at('5 Chose Wrong'), { kind: 'match', lon: -88.5, lat: 39.5 });
        await sign(signer(at('5 Chose Wrong'), { district_id: wards[0]!.id }));
        expect(await placed(t, 'supporters', at('5 Chose Wrong'))).toMatchObject({ district_name: 'Ward 2', district_source: 'geocoded' });
      });

      it('tries again after a 5xx, and places the row once the geocoder answers', async () => {
        standin.script(at('6 Flaky Street'), { kind: 'status', status: 503 });
        await sign(signer(at('6 Flaky Street')));
        const deadline = Date.now() + 5_000;
        while (requestsFor(at('6 Flaky Street')).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        standin.script(at('6 Flaky Street'), { kind: 'match', lon: -89.5, lat: 39.5 });
        expect(await placed(t, 'supporters', at('6 Flaky Street'))).toMatchObject({ district_name: 'Ward 1', residency: 'resident' });
        expect(requestsFor(at('6 Flaky Street')).length).toBeGreaterThanOrEqual(2);
      });

      it('gives up on a geocoder too slow to answer after its tries, keeping what the writer said', async () => {
        standin.script(at('7 Slow Road'), { kind: 'match', lon: -89.5, lat: 39.5, delayMs: 1_500 });
        await sign(signer(at('7 Slow Road'), { district_id: wards[1]!.id }));
        expect(await placed(t, 'supporters', at('7 Slow Road'), 15_000)).toEqual({ district_id: wards[1]!.id, district_name: 'Ward 2', residency: 'resident', district_source: 'self_reported' });
        expect(requestsFor(at('7 Slow Road'))).toHaveLength(3);
      });

      it('places letters as it places signatures', async () => {
        standin.script(at('8 Letter Lane'), { kind: 'match', lon: -89.5, lat: 39.5 });
        const res = await t.api('POST', `/api/campaigns/${campaign.id}/submit-letter`, {
          body: {
            supporter_name: 'Grace Hopper',
            supporter_email: 'grace@example.org',
            perspective: 'veteran',
            message_point_ids: [],
            street_address: at('8 Letter Lane'),
            city: 'Springfield',
            state: 'IL',
            zip_code: '62704',
            letter_content: 'Dear Members of the City Council,\n\nPlease keep Riverside Park a park.\n\nGrace Hopper',
          },
        });
        expect(res.status).toBe(201);
        expect(await placed(t, 'letters', at('8 Letter Lane'))).toMatchObject({ district_name: 'Ward 1', residency: 'resident', district_source: 'geocoded' });
      });

      it('refuses a district that is not one of the campaign\'s, storing nothing', async () => {
        const res = await sign(signer(at('9 Made Up'), { district_id: 999_999 }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, field: 'district_id' });
        expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ street_address: at('9 Made Up') })).toBe(0);
      });

      it('asks nothing of a campaign without a boundary set: no job, no district', async () => {
        const plain = await t.campaign();
        standin.script(at('10 Plain Street'), { kind: 'match', lon: -89.5, lat: 39.5 });
        await t.api('POST', `/api/campaigns/${plain.id}/support`, { body: signer(at('10 Plain Street'), { district_id: wards[0]!.id }) });
        const row = await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ street_address: at('10 Plain Street') });
        expect(row).toMatchObject({ district_id: null, residency: null, district_source: null });
        await new Promise((r) => setTimeout(r, 200));
        expect(requestsFor(at('10 Plain Street'))).toEqual([]);
      });
    },
    { env: () => ({ GEOCODER: provider, GEOCODER_URL: provider === 'census' ? standin.censusUrl : standin.nominatimUrl }), geocodeWorker: { timeoutMs: 500 } },
  );
}
