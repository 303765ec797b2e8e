/**
 * Two real server processes on one PostgreSQL database, each running its geocoding worker, as an
 * installation that has grown past one machine runs: every pending signature is geocoded exactly
 * once (one request to the provider each, never two), and the provider's pace holds across both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/data-source';
import { openDatabase } from '../db/open';
import { availableDialects, insertCampaign } from '../../test/harness';
import { startGeocoderStandin, type GeocoderStandin } from '../../test/geocoder-standin';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from '../../test/reliability/server-process';
import { TWO_WARDS } from '../../test/boundaries';

const SIGNATURES = 24;
const postgres = (await availableDialects()).includes('postgres');

describe.skipIf(!postgres)('geocoding with two processes on PostgreSQL', () => {
  let standin: GeocoderStandin;
  let scratch: ScratchDatabase;
  let db: Database;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    standin = await startGeocoderStandin();
    scratch = await scratchDatabase('postgres');
    const env = { GEOCODER: 'census', GEOCODER_URL: standin.censusUrl };
    // One after the other: the first runs the migrations.
    servers.push(await startServer(scratch.url, await freePort(), env));
    servers.push(await startServer(scratch.url, await freePort(), env));
    db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: scratch.url }).database);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.ds.destroy();
    await scratch?.drop();
    await standin?.stop();
  });

  it('geocodes each pending signature once, whichever process signed it, at the provider\'s pace', async () => {
    const [set] = (await db.ds.query(`INSERT INTO "boundary_sets" ("name") VALUES ('Springfield wards') RETURNING "id"`)) as { id: number }[];
    const wards: number[] = [];
    for (const [i, f] of TWO_WARDS.features.entries()) {
      const [row] = (await db.ds.query(
        `INSERT INTO "districts" ("boundary_set_id", "position", "name", "geometry", "min_lon", "min_lat", "max_lon", "max_lat") VALUES ($1, $2, $3, $4, $5, 39, $6, 40) RETURNING "id"`,
        [set!.id, i, f.properties.name, JSON.stringify(f.geometry), -90 + i, -89 + i],
      )) as { id: number }[];
      wards.push(row!.id);
    }
    const campaign = await insertCampaign(db, { boundary_set_id: set!.id });

    const streets = Array.from({ length: SIGNATURES }, (_, i) => `${i + 1} Two Process Road`);
    // Even numbers in Ward 1 (west of -89), odd in Ward 2; some slow, so that claims overlap.
    streets.forEach((street, i) => standin.script(street, { kind: 'match', lon: i % 2 ? -88.5 : -89.5, lat: 39.5, delayMs: i % 3 ? 0 : 150 }));
    const signed = await Promise.all(
      streets.map((street, i) =>
        fetch(`${servers[i % 2]!.url}/api/campaigns/${campaign.id}/support`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Resident', email: `r${i}@example.org`, street_address: street, city: 'Springfield', state: 'IL', zip_code: '62701' }),
        }).then((r) => r.status),
      ),
    );
    expect(signed).toEqual(streets.map(() => 200));

    const deadline = Date.now() + 60_000;
    for (;;) {
      const [{ n } = { n: 0 }] = (await db.ds.query(`SELECT COUNT(*)::int AS "n" FROM "geocode_jobs"`)) as { n: number }[];
      if (n === 0) break;
      if (Date.now() > deadline) throw new Error(`${n} geocoding jobs left after 60 s\n${servers.map((s) => s.stderr()).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const rows = (await db.ds.query(`SELECT "street_address", "district_id", "residency", "district_source" FROM "supporters" WHERE "campaign_id" = $1`, [
      campaign.id,
    ])) as { street_address: string; district_id: number; residency: string; district_source: string }[];
    expect(rows).toHaveLength(SIGNATURES);
    for (const row of rows) {
      const i = streets.indexOf(row.street_address);
      expect(row).toMatchObject({ residency: 'resident', district_source: 'geocoded', district_id: wards[i % 2] });
    }
    // Exactly once each.
    const asked = standin.requests.map((r) => Object.fromEntries(r.query).street);
    expect(asked.sort()).toEqual([...streets].sort());
    // The Census's pace (a request each 200 ms, slots reserved in the database) held across both
    // processes: request j is never sent before its slot, j - i slots after request i's. A timer
    // that fires late (a busy machine) can bring one request closer to the next, never two slots
    // closer: so any j - i + 1 requests span at least j - i - 1 slots.
    const times = standin.requests.map((r) => r.at).sort((a, b) => a - b);
    for (let i = 0; i < times.length; i++) {
      for (let j = i + 2; j < times.length; j++) expect(times[j]! - times[i]!).toBeGreaterThanOrEqual((j - i - 1) * 200);
    }
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((SIGNATURES - 2) * 200);
  }, 120_000);
});
