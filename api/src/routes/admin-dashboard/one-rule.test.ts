/**
 * Issue 22, point 14: every figure the console shows follows one rule, confirmed and not
 * quarantined, with pending (and withdrawn) rows shown apart and quarantined ones left out. One
 * database seeded with every kind of row, then every route a console screen reads its numbers from,
 * compared figure by figure.
 */
import { expect, it } from 'vitest';
import type { RecordStatus } from '../../contract';
import type { CampaignRow, LetterRow, SupporterRow } from '../../db/types';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { addLetters, addSupporters, daysAgo } from '../../../test/admin-fixtures';

const BURST = '203.0.113.0/24';

/** Rows the counters leave out (pending, withdrawn), written without moving them, as the commands do. */
async function uncountedSupporters(t: TestServer, c: CampaignRow, n: number, status: RecordStatus, each: (i: number) => Partial<SupporterRow>) {
  const rows = Array.from({ length: n }, (_, i) => ({
    campaign_id: c.id,
    name: `Waiting ${status} ${c.id}-${i}`,
    email: `waiting.${status}.${c.id}.${i}@example.org`,
    street_address: '1 Elm Street',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    status,
    ...each(i),
  }));
  return t.db.ds.getRepository(t.db.entities.Supporter).save(rows);
}

async function uncountedLetters(t: TestServer, c: CampaignRow, n: number, status: RecordStatus, each: (i: number) => Partial<LetterRow>) {
  const rows = Array.from({ length: n }, (_, i) => ({
    campaign_id: c.id,
    letter_content: 'Dear Council,\n\nPlease listen.\n',
    supporter_name: `Waiting ${status} ${c.id}-${i}`,
    supporter_email: `waiting.writer.${status}.${c.id}.${i}@example.org`,
    street_address: '1 Elm Street',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    perspective: 'parent',
    campaign_title: c.title,
    message_point_ids: [],
    status,
    ...each(i),
  }));
  return t.db.ds.getRepository(t.db.entities.Letter).save(rows);
}

/** The CSV's rows by their Status column: each row starts with its timestamp (a letter's text spans lines). */
function statuses(csv: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [, status] of csv.matchAll(/^\d{4}-\d\d-\d\dT[\d:.]+Z,(\w+),/gm)) out[status!] = (out[status!] ?? 0) + 1;
  return out;
}

describeEachDatabase('one rule for every console figure', (t) => {
  it('counts confirmed rows outside quarantine on every screen, pending and withdrawn apart, quarantined left out', async () => {
    const admin = await t.adminCookie();
    const a = await t.campaign({ title: 'Confirming campaign', require_confirmation: true });
    const b = await t.campaign({ title: 'Counting campaign' });

    // Counted: confirmed, outside any quarantine.
    const counted = [
      ...(await addSupporters(t, a, 5, (i) => ({ created_at: daysAgo(2, 8 + i) }))),
      ...(await addSupporters(t, b, 2, (i) => ({ created_at: daysAgo(4, 8 + i) }))),
    ];
    const countedLetters = [
      // Two of them personal: counted among the personal letters too.
      ...(await addLetters(t, a, 4, (i) => ({ created_at: daysAgo(2, 8 + i), personal: i < 2 }))),
      ...(await addLetters(t, b, 1, () => ({ created_at: daysAgo(4, 8) }))),
    ];
    // Waiting for their writers: the newest rows of all, so a list that takes the newest shows them first.
    await uncountedSupporters(t, a, 3, 'pending', (i) => ({ created_at: daysAgo(1, 8 + i) }));
    await uncountedLetters(t, a, 2, 'pending', (i) => ({ created_at: daysAgo(1, 8 + i), personal: true }));
    // Taken back after delivery: kept, blanked, never counted.
    await uncountedLetters(t, a, 1, 'withdrawn', () => ({ created_at: daysAgo(3, 8), personal: true }));
    // A burst from one network, confirmed and pending, then quarantined through the console's route.
    const burstAt = (i: number) => new Date(daysAgo(3, 12).getTime() + i * 60_000);
    await addSupporters(t, a, 4, (i) => ({ created_at: burstAt(i), network: BURST }));
    await uncountedSupporters(t, a, 2, 'pending', (i) => ({ created_at: burstAt(10 + i), network: BURST }));
    await addLetters(t, a, 2, (i) => ({ created_at: burstAt(20 + i), network: BURST, personal: true }));
    await uncountedLetters(t, a, 1, 'pending', () => ({ created_at: burstAt(30), network: BURST }));
    const held = await t.api('POST', `/api/admin/campaigns/${a.id}/quarantines`, {
      cookie: admin,
      body: { from: burstAt(0).toISOString(), to: burstAt(30).toISOString(), network: BURST, reason: 'A burst from one office network' },
    });
    expect(held.status).toBe(201);
    expect(held.body.data).toMatchObject({ signatures: 6, letters: 3 });

    // Dashboard: the totals, pending beside them.
    const dashboard = (await t.api('GET', '/api/admin/dashboard', { cookie: admin })).body.data;
    expect(dashboard.stats).toEqual({ total_supporters: 7, total_letters: 5, pending_supporters: 3, pending_letters: 2, personal_letters: 2 });
    // Its recent lists: counted rows only, like the totals above them.
    const countedIds = new Set(counted.map((s) => s.id));
    expect(dashboard.recent_supporters.map((s: { id: number }) => countedIds.has(s.id))).toEqual([true, true, true, true, true]);
    const countedLetterIds = new Set(countedLetters.map((l) => l.id));
    expect(dashboard.recent_letters.map((l: { id: number }) => countedLetterIds.has(l.id))).toEqual([true, true, true, true, true]);

    // The chart: the same rows, per day.
    const activity = (await t.api('GET', '/api/admin/activity?days=7', { cookie: admin })).body.data as { signatures: number; letters: number }[];
    expect(activity.reduce((n, d) => n + d.signatures, 0)).toBe(7);
    expect(activity.reduce((n, d) => n + d.letters, 0)).toBe(5);

    // The campaign list and each campaign's page.
    const list = (await t.api('GET', '/api/admin/campaigns', { cookie: admin })).body.data as Record<string, unknown>[];
    const figures = (c: Record<string, unknown> | undefined) =>
      c && {
        supporter_count: c.supporter_count,
        letter_count: c.letter_count,
        pending_supporters: c.pending_supporters,
        pending_letters: c.pending_letters,
        personal_letters: c.personal_letters,
      };
    const expectedA = { supporter_count: 5, letter_count: 4, pending_supporters: 3, pending_letters: 2, personal_letters: 2 };
    const expectedB = { supporter_count: 2, letter_count: 1, pending_supporters: 0, pending_letters: 0, personal_letters: 0 };
    expect(figures(list.find((c) => c.id === a.id))).toEqual(expectedA);
    expect(figures(list.find((c) => c.id === b.id))).toEqual(expectedB);
    expect(figures((await t.api('GET', `/api/admin/campaigns/${a.id}`, { cookie: admin })).body.data)).toEqual(expectedA);

    // The supporters and letters lists: the counted figure and the rest apart; quarantined rows not listed.
    const supporters = await t.api('GET', '/api/admin/supporters?pageSize=100', { cookie: admin });
    expect(supporters.body.meta).toMatchObject({ total: 10, counted: 7, pending: 3, withdrawn: 0 });
    expect(supporters.body.data.map((s: { status: string }) => s.status).sort()).toEqual([...Array(3).fill('pending'), ...Array(7).fill('confirmed')].sort());
    const ofA = await t.api('GET', `/api/admin/supporters?campaign_id=${a.id}`, { cookie: admin });
    expect(ofA.body.meta).toMatchObject({ total: 8, counted: 5, pending: 3, withdrawn: 0 });
    const letters = await t.api('GET', '/api/admin/letters?pageSize=100', { cookie: admin });
    expect(letters.body.meta).toMatchObject({ total: 8, counted: 5, pending: 2, withdrawn: 1 });
    expect(letters.body.data).toHaveLength(8);
    const lettersOfB = await t.api('GET', `/api/admin/letters?campaign_id=${b.id}`, { cookie: admin });
    expect(lettersOfB.body.meta).toMatchObject({ total: 1, counted: 1, pending: 0, withdrawn: 0 });

    // The exports: the same rows, each with its status.
    expect(statuses((await t.api('GET', '/api/admin/supporters.csv', { cookie: admin })).text)).toEqual({ confirmed: 7, pending: 3 });
    expect(statuses((await t.api('GET', '/api/admin/letters.csv', { cookie: admin })).text)).toEqual({ confirmed: 5, pending: 2, withdrawn: 1 });
    // The hearing packet's count (its progress bar's "of N") and the delivery card's letters since the last packet.
    const packet = await t.api('GET', `/api/admin/campaigns/${a.id}/packet.csv`, { cookie: admin });
    expect(packet.headers.get('packet-letters')).toBe('4');
    const deliveries = await t.api('GET', `/api/admin/campaigns/${a.id}/deliveries`, { cookie: admin });
    expect(deliveries.body.meta.letters_since_last_packet).toBe(4);

    // The quarantine screen: what is held, apart.
    const quarantines = (await t.api('GET', `/api/admin/campaigns/${a.id}/quarantines`, { cookie: admin })).body.data;
    expect(quarantines).toEqual([expect.objectContaining({ signatures: 6, letters: 3 })]);
  });
});
