/**
 * The tallies the console reads its pending, withdrawn and per-day figures from
 * (migrations/1795780000001-Tallies.ts) stay exactly equal to a recount of the rows, whatever writes
 * them and however many write at once: signing through the API on a campaign that confirms and one
 * that does not, confirming, withdrawing, quarantining and restoring, erasing an address, removing
 * a signature and the upkeep's deletion of expired pending rows, all in flight together (on
 * PostgreSQL each in its own transaction on its own connection).
 */
import { expect, it } from 'vitest';
import { In, IsNull, Like, Not } from 'typeorm';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { addLetters, addSupporters, daysAgo } from '../../test/admin-fixtures';

/** Every non-zero tally, as the triggers keep them. */
async function tallies(t: TestServer): Promise<Record<string, number>> {
  const rows = await t.db.ds.getRepository(t.db.entities.Tally).find();
  return Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [`${r.figure}@${r.slot}/${r.campaign_id}`, r.n]));
}

/** The same figures counted from the rows. */
async function recount(t: TestServer): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['supporters', 'letters'] as const) {
    const personal = table === 'letters' ? '"personal"' : 'NULL AS "personal"';
    const rows = (await t.db.ds.query(
      `SELECT "campaign_id", "status", "created_at", "position", "district_id", "residency", ${personal} FROM "${table}" WHERE "quarantine_id" IS NULL`,
    )) as {
      campaign_id: number;
      status: string;
      created_at: string | Date;
      position: string | null;
      district_id: number | null;
      residency: string | null;
      personal: boolean | number | null;
    }[];
    for (const r of rows) {
      // A counted row that took a position is counted again by it.
      const stand = `${table}:position:${r.position}@0/${r.campaign_id}`;
      if (r.position && r.status === 'confirmed') out[stand] = (out[stand] ?? 0) + 1;
      // And by its district and its residency (migrations/1795810000003-DistrictTallies.ts).
      for (const [figure, value] of [['district', r.district_id], ['residency', r.residency]] as const) {
        const key = `${table}:${figure}:${value}@0/${r.campaign_id}`;
        if (value !== null && r.status === 'confirmed') out[key] = (out[key] ?? 0) + 1;
      }
      // A counted personal letter is counted again among the personal ones.
      if (r.personal && r.status === 'confirmed') out[`letters:personal@0/${r.campaign_id}`] = (out[`letters:personal@0/${r.campaign_id}`] ?? 0) + 1;
      // SQLite hands back TypeORM's UTC text; PostgreSQL a Date.
      const at = r.created_at instanceof Date ? r.created_at : new Date(`${r.created_at.replace(' ', 'T')}Z`);
      const key = r.status === 'confirmed' ? `${table}:counted@${Math.floor(at.getTime() / 900_000)}/${r.campaign_id}` : `${table}:${r.status}@0/${r.campaign_id}`;
      out[key] = (out[key] ?? 0) + 1;
    }
  }
  return out;
}

describeEachDatabase('the tallies the triggers keep', (t) => {
  it('equal a recount after signing, confirming, withdrawing, quarantining, restoring, erasing and removing at once', async () => {
    const admin = await t.adminCookie();
    const a = await t.campaign({
      require_confirmation: true,
      position_options: 'support_oppose_neutral',
      position_labels: { support: 'Keep the park public', oppose: 'Allow the rezoning', neutral: 'Hear both sides' },
    });
    const stands = ['support', 'oppose', 'neutral', null] as const;
    const b = await t.campaign();
    const supporters = t.db.ds.getRepository(t.db.entities.Supporter);
    const letters = t.db.ds.getRepository(t.db.entities.Letter);
    const burst = (i: number) => new Date(daysAgo(2, 12).getTime() + i * 60_000);
    // Where writers live: a district (ids 1 and 2) and a residency, or still waiting for the geocoder.
    const places = [
      { district_id: 1, district_name: 'Ward 1', residency: 'resident', district_source: 'geocoded' },
      { district_id: null, district_name: null, residency: 'non_resident', district_source: 'geocoded' },
      { district_id: 2, district_name: 'Ward 2', residency: 'pending', district_source: 'self_reported' },
      { district_id: null, district_name: null, residency: 'pending', district_source: null },
    ] as const;
    const pending = await addSupporters(t, a, 40, (i) => ({ status: 'pending', created_at: daysAgo(1, 8 + (i % 10)), position: stands[i % 4], ...places[i % 4] }));
    const placed = await addSupporters(t, a, 20, (i) => ({ network: '203.0.113.0/24', created_at: burst(i), position: stands[i % 3], ...places[(i + 1) % 4] }));
    await addSupporters(t, b, 20, (i) => ({ email: i < 1 ? 'Erase.Me+petitions@example.org' : `keep${i}@example.org`, created_at: daysAgo(3, 8 + (i % 10)) }));
    const written = await addLetters(t, a, 20, (i) => ({ status: i < 10 ? 'pending' : 'confirmed', created_at: daysAgo(2, 9 + (i % 5)), personal: i % 3 === 0, position: stands[i % 4], ...places[i % 4] }));
    expect(await tallies(t)).toEqual(await recount(t));

    const sign = (c: number, i: number) =>
      t.api('POST', `/api/campaigns/${c}/support`, {
        body: {
          name: `Concurrent ${i}`,
          email: `concurrent${i}@example.org`,
          street_address: '1 Elm Street',
          city: 'Springfield',
          state: 'IL',
          zip_code: '62701',
          ...(c === a.id ? { position: stands[i % 3] } : {}),
        },
      });
    const confirm = (id: number) => t.db.transaction((m) => m.getRepository(t.db.entities.Supporter).update({ id, status: 'pending' }, { status: 'confirmed', created_at: new Date() }));
    const writes: Promise<unknown>[] = [
      ...Array.from({ length: 30 }, (_, i) => sign(i % 2 ? a.id : b.id, i)),
      ...pending.slice(0, 15).map((s) => confirm(s.id)),
      // Removal (a supporter's own link deletes the row) and the upkeep's deletion of expired pending rows.
      ...pending.slice(15, 20).map((s) => supporters.delete({ id: s.id })),
      t.db.ds.query(`DELETE FROM "supporters" WHERE "status" = 'pending' AND "id" IN (${pending.slice(20, 25).map((s) => s.id).join(', ')})`),
      // A writer withdraws a letter; another confirms one.
      letters.update({ id: written[12]!.id }, { status: 'withdrawn' }),
      letters.update({ id: written[0]!.id }, { status: 'confirmed' }),
      // A personal letter withdrawn, another no longer personal.
      letters.update({ id: written[15]!.id }, { status: 'withdrawn' }),
      letters.update({ id: written[18]!.id }, { personal: false }),
      // A letter's position changed (none is changed so by Dais today; a future writer must move the tallies).
      letters.update({ id: written[13]!.id }, { position: 'support' }),
      // The geocoding worker places rows that waited for it (geocoding/placement.ts), one moved from a district to another.
      ...placed.filter((_, i) => (i + 1) % 4 >= 2).map((s, i) => supporters.update({ id: s.id }, { residency: 'resident', district_id: 1 + (i % 2), district_source: 'geocoded' })),
      letters.update({ id: written[14]!.id }, { residency: 'non_resident', district_id: null }),
      t.api('POST', `/api/admin/campaigns/${a.id}/quarantines`, {
        cookie: admin,
        body: { from: burst(0).toISOString(), to: burst(19).toISOString(), network: '203.0.113.0/24', reason: 'A burst' },
      }),
      t.api('POST', '/api/admin/erasure', { cookie: admin, body: { email: 'erase.me@example.org' } }),
    ];
    const results = await Promise.all(writes);
    for (const r of results) if (r && typeof r === 'object' && 'status' in r) expect([200, 201]).toContain((r as { status: number }).status);
    // Each write did what it says (a recount equals tallies that nothing moved just as well).
    expect(await supporters.countBy({ campaign_id: a.id, quarantine_id: Not(IsNull()) })).toBe(20);
    expect(await supporters.countBy({ campaign_id: b.id, email: Like('Erase.Me%') })).toBe(0);
    expect(await supporters.countBy({ id: In(pending.slice(15, 25).map((s) => s.id)) })).toBe(0);
    expect(await supporters.countBy({ id: In(pending.slice(0, 15).map((s) => s.id)), status: 'confirmed' })).toBe(15);
    expect(await tallies(t)).toEqual(await recount(t));

    // Restoring the quarantine moves its rows back (and re-dates them), while more signatures arrive.
    const [held] = await t.db.ds.getRepository(t.db.entities.Quarantine).find();
    const again = await Promise.all([
      t.api('POST', `/api/admin/quarantines/${held!.id}/restore`, { cookie: admin }),
      ...Array.from({ length: 10 }, (_, i) => sign(a.id, 100 + i)),
    ]);
    expect(again[0]!.status).toBe(200);
    expect(await supporters.countBy({ campaign_id: a.id, quarantine_id: Not(IsNull()) })).toBe(0);
    expect(await tallies(t)).toEqual(await recount(t));

    // And what the console shows is read from them.
    const dashboard = (await t.api('GET', '/api/admin/dashboard', { cookie: admin })).body.data;
    const pendingNow = Number((await t.db.ds.query(`SELECT COUNT(*) AS n FROM "supporters" WHERE "status" = 'pending' AND "quarantine_id" IS NULL`))[0].n);
    expect(dashboard.stats.pending_supporters).toBe(pendingNow);
  });

  it('are kept by triggers that a migration rebuilding the tables would drop: they exist', async () => {
    const names =
      t.dialect === 'sqlite'
        ? ((await t.db.ds.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`)) as { name: string }[]).map((r) => r.name)
        : ((await t.db.ds.query(`SELECT DISTINCT trigger_name AS name FROM information_schema.triggers ORDER BY 1`)) as { name: string }[]).map((r) => r.name);
    // On PostgreSQL the tallies' own function moves positions, districts and residency too (migrations/1795800000001-Positions.ts, 1795810000003-DistrictTallies.ts).
    const kept =
      t.dialect === 'sqlite'
        ? ['letters', 'supporters', 'letters_personal', ...['position', 'district', 'residency'].flatMap((f) => [`letters_${f}`, `supporters_${f}`])]
        : ['letters', 'supporters', 'letters_personal'];
    for (const table of kept) for (const op of ['delete', 'insert', 'update']) expect(names).toContain(`tally_${table}_${op}`);
  });
});
