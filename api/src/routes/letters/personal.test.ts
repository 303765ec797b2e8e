/**
 * Issue 24, points 1 and 2 through the API: the writer's own words open the letter's body, and a
 * letter carrying at least 12 words of its writer's own is stored personal, shown so to the admin
 * (list, CSV) and counted on the dashboard and the campaign page, by the same rule as every figure;
 * its own words are stored with it for the hearing packet (issue 26).
 */
import { expect, it } from 'vitest';
import { PERSONAL_WORDS } from '../../contract';
import { parseCsv } from '../../../test/csv';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const NOTE = 'Our basement on River Road flooded twice last year, both times with water running straight off the meadow.';

const writer = (email: string, over: Record<string, unknown> = {}) => ({
  supporter_name: 'Ada Lovelace',
  supporter_email: email,
  perspective: 'homeowner',
  message_point_ids: [] as number[],
  street_address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  phone_number: null,
  ...over,
});

/** Words of the writer's own, n of them, none of which a generated letter holds. */
const ownWords = (n: number) => Array.from({ length: n }, (_, i) => `zebra${i}`).join(' ');

async function figures(t: TestServer, campaignId: number) {
  const admin = await t.adminCookie();
  const dashboard = await t.api('GET', '/api/admin/dashboard', { cookie: admin });
  const campaign = await t.api('GET', `/api/admin/campaigns/${campaignId}`, { cookie: admin });
  return { dashboard: dashboard.body.data.stats.personal_letters as number, campaign: campaign.body.data.personal_letters as number };
}

describeEachDatabase('personal letters', (t) => {
  const generate = (campaignId: number, body: unknown) => t.api('POST', `/api/campaigns/${campaignId}/generate-letter`, { body });
  const submit = (campaignId: number, body: unknown) => t.api('POST', `/api/campaigns/${campaignId}/submit-letter`, { body });

  it("opens the body with the writer's own words, right after the sentence of who writes and what they ask", async () => {
    const c = await t.campaign({ title: 'Protect Riverside Park from Rezoning', description: 'The commission will decide whether Riverside Park can be rezoned for a garage.' });
    const res = await generate(c.id, writer('ada.open@example.org', { personal_note: `  ${NOTE}  ` }));
    expect(res.status).toBe(200);
    const lines: string[] = res.body.data.letter_content.split('\n').filter(Boolean);
    const greeting = lines.findIndex((l) => l.startsWith('Dear '));
    expect(lines[greeting + 1]).toMatch(/^I .*protect Riverside Park from rezoning\.$/);
    expect(lines[greeting + 2]).toBe(NOTE);
  });

  it('stores a letter personal by its own words (a note, or edits of 12 words), shows it and counts it', async () => {
    const c = await t.campaign({ title: 'Protect Riverside Park from Rezoning' });
    const before = await figures(t, c.id);
    const written = async (email: string, note: string | null) =>
      (await generate(c.id, writer(email, { personal_note: note }))).body.data.letter_content as string;
    // Each writer, what they send, whether it is personal, and their own words in it.
    const cases: [string, (email: string) => Promise<Record<string, unknown>>, boolean, string][] = [
      // Submitted as generated, with the words they were generated with.
      ['note@example.org', async (e) => ({ letter_content: await written(e, NOTE), personal_note: NOTE }), true, NOTE],
      // The same, from a client that does not send the note back: its words are still not Dais's.
      ['note.unsent@example.org', async (e) => ({ letter_content: await written(e, NOTE) }), true, NOTE],
      ['as.written@example.org', async (e) => ({ letter_content: await written(e, null) }), false, ''],
      [`under@example.org`, async (e) => ({ letter_content: `${await written(e, null)}\n${ownWords(PERSONAL_WORDS - 1)}` }), false, ownWords(PERSONAL_WORDS - 1)],
      [
        `edited@example.org`,
        async (e) => ({ letter_content: (await written(e, null)).replace('\n\n', `\n\n${ownWords(PERSONAL_WORDS)}\n\n`) }),
        true,
        ownWords(PERSONAL_WORDS),
      ],
      // A note of a few words: what the writer says, not yet a personal letter.
      ['short.note@example.org', async (e) => ({ letter_content: await written(e, 'Please.'), personal_note: 'Please.' }), false, 'Please.'],
      // A note generated, then taken out of the text: nothing of theirs is left.
      ['note.removed@example.org', async (e) => ({ letter_content: (await written(e, NOTE)).replace(`${NOTE}\n`, ''), personal_note: NOTE }), false, ''],
    ];
    for (const [email, body] of cases) {
      const res = await submit(c.id, writer(email, await body(email)));
      expect(res.status, email).toBe(201);
    }
    const stored = await t.db.ds.getRepository(t.db.entities.Letter).findBy({ campaign_id: c.id });
    const personal = Object.fromEntries(stored.map((l) => [l.supporter_email, l.personal]));
    expect(personal).toEqual(Object.fromEntries(cases.map(([email, , is]) => [email, is])));
    // Stored with it, in the same INSERT, for the hearing packet to print.
    expect(Object.fromEntries(stored.map((l) => [l.supporter_email, l.own_words]))).toEqual(Object.fromEntries(cases.map(([email, , , own]) => [email, own])));

    const admin = await t.adminCookie();
    const list = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}&pageSize=50`, { cookie: admin });
    expect(Object.fromEntries(list.body.data.map((l: { supporter_email: string; personal: boolean }) => [l.supporter_email, l.personal]))).toEqual(personal);
    const csv = await t.api('GET', `/api/admin/letters.csv?campaign_id=${c.id}`, { cookie: admin });
    const [header, ...rows] = parseCsv(csv.text.replace(/^\ufeff/, ''));
    const column = (name: string) => rows.map((r) => r[header!.indexOf(name)]);
    expect(Object.fromEntries(column('Email').map((e, i) => [e, column('Personal')[i]]))).toEqual(
      Object.fromEntries(Object.entries(personal).map(([e, p]) => [e, p ? 'yes' : 'no'])),
    );

    const after = await figures(t, c.id);
    expect(after).toEqual({ dashboard: before.dashboard + 3, campaign: 3 });
  });

  it('counts a personal letter once confirmed and outside any quarantine, as every figure', async () => {
    const c = await t.campaign({ title: 'Protect Riverside Park from Rezoning', require_confirmation: true });
    const email = 'pending.personal@example.org';
    const letter = (await generate(c.id, writer(email, { personal_note: NOTE }))).body.data.letter_content;
    expect((await submit(c.id, writer(email, { letter_content: letter, personal_note: NOTE }))).status).toBe(201);
    const letters = t.db.ds.getRepository(t.db.entities.Letter);
    const row = await letters.findOneByOrFail({ campaign_id: c.id });
    expect(row).toMatchObject({ status: 'pending', personal: true });
    expect((await figures(t, c.id)).campaign).toBe(0);
    // The triggers move the tally as the row moves, whoever moves it.
    await letters.update({ id: row.id }, { status: 'confirmed' });
    expect((await figures(t, c.id)).campaign).toBe(1);
    await letters.update({ id: row.id }, { personal: false });
    expect((await figures(t, c.id)).campaign).toBe(0);
    await letters.update({ id: row.id }, { personal: true });
    expect((await figures(t, c.id)).campaign).toBe(1);
    await letters.delete({ id: row.id });
    expect((await figures(t, c.id)).campaign).toBe(0);
  });
});
