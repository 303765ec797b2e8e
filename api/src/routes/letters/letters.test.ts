import { IsNull } from 'typeorm';
import { expect, it } from 'vitest';
import { isoDateInZone, localIsoDate, PERSPECTIVES } from '../../contract';
import type { MessagePointRow } from '../../db/types';
import { humanDate } from '../../letters/phrasing';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const supporter = (over: Record<string, unknown> = {}) => ({
  supporter_name: 'Ada Lovelace',
  supporter_email: 'ada@example.org',
  perspective: 'parent',
  message_point_ids: [] as number[],
  street_address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  phone_number: '(217) 555-0100',
  ...over,
});
const submission = (over: Record<string, unknown> = {}) =>
  supporter({ letter_content: 'Dear Members of the City Council,\nPlease build the lanes.\nAda Lovelace', ...over });

/** A letter from its 'To:' line on: the date line before it is the day it was written. */
const heading = (letter: string) => letter.slice(letter.indexOf('To: '));

/** What a letter request could have changed: the rows stored and the campaign's public counter. */
async function written(t: TestServer, campaignId: number) {
  const letters = t.db.ds.getRepository(t.db.entities.Letter);
  const campaign = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: campaignId });
  return { rows: await letters.countBy({ campaign_id: campaignId }), letter_count: campaign.letter_count };
}

/** Switches off general points other tests left behind, for tests that need a campaign's points alone. */
async function withoutGeneralPoints(t: TestServer) {
  await t.db.ds.getRepository(t.db.entities.MessagePoint).update({ campaign_id: IsNull() }, { is_active: false });
}

async function point(t: TestServer, over: Partial<MessagePointRow>): Promise<MessagePointRow> {
  return t.db.ds.getRepository(t.db.entities.MessagePoint).save({
    category: 'Safety',
    talking_points: 'Protected lanes cut serious injuries on busy corridors.',
    campaign_id: null,
    ...over,
  });
}

describeEachDatabase('writing and submitting a letter', (t) => {
  const generate = (campaignId: number | string, body: unknown, headers?: Record<string, string>) =>
    t.api('POST', `/api/campaigns/${campaignId}/generate-letter`, { body, headers });
  const submit = (campaignId: number | string, body: unknown, headers?: Record<string, string>) =>
    t.api('POST', `/api/campaigns/${campaignId}/submit-letter`, { body, headers });

  it('writes a letter from the chosen points, to any origin, storing nothing', async () => {
    const c = await t.campaign({
      title: 'Build Safe Bike Lanes on Riverside Drive',
      decision_body: 'Planning Commission',
      jurisdiction: 'City of Springfield',
      meeting_date: '2026-12-03',
      agenda_item_number: '7B',
      project_name: 'Riverside Drive Complete Streets Plan',
    });
    const safety = await point(t, { campaign_id: c.id, category: 'Public Safety', talking_points: 'Eleven people were seriously hurt on Riverside Drive in three years.' });
    const economy = await point(t, { campaign_id: c.id, category: 'Local Economy', talking_points: 'Shops on streets with protected lanes saw sales rise.', display_order: 1 });
    const lettersBefore = await t.db.ds.getRepository(t.db.entities.Letter).count();
    const res = await generate(c.id, supporter({ campaign_id: c.id, message_point_ids: [economy.id, safety.id] }), {
      origin: 'https://host.example',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(Object.keys(res.body.data).sort()).toEqual(['campaign_id', 'campaign_title', 'letter_content', 'subject']);
    const { letter_content, subject } = res.body.data;
    expect(res.body.data).toMatchObject({ campaign_id: c.id, campaign_title: 'Build Safe Bike Lanes on Riverside Drive' });
    expect(subject).toBe('Riverside Drive Complete Streets Plan, Agenda Item 7B, December 3, 2026');
    expect(heading(letter_content)).toMatch(/^To: Planning Commission, City of Springfield\nRe: Riverside Drive Complete Streets Plan, Agenda Item 7B, December 3, 2026\n/);
    expect(letter_content).toContain('Dear Members of the Planning Commission,');
    expect(letter_content).toContain('Springfield');
    // In display order, whatever order they were sent in.
    expect(letter_content.indexOf(safety.talking_points)).toBeGreaterThan(0);
    expect(letter_content.indexOf(economy.talking_points)).toBeGreaterThan(letter_content.indexOf(safety.talking_points));
    // The title asks in title case; the letter asks in a sentence.
    expect(letter_content).toContain('build safe bike lanes on Riverside Drive.');
    expect(letter_content).not.toMatch(/\n[^\n]*\bto build Safe Bike Lanes/);
    // Signed with the name and city: street, e-mail and phone travel as the letter's fields.
    expect(letter_content).toMatch(/\nAda Lovelace\nSpringfield, IL$/);
    expect(letter_content).not.toMatch(/Analytical Way|62701|ada@example\.org|555-0100/);
    expect(await written(t, c.id)).toEqual({ rows: 0, letter_count: 0 });
    expect(await t.db.ds.getRepository(t.db.entities.Letter).count()).toBe(lettersBefore);
  });

  it("dates the letter the day it is written where the decision is made: in the campaign's time zone", async () => {
    // Fourteen hours ahead of UTC and eleven behind: on no day do the two share a date for long.
    for (const time_zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const c = await t.campaign({ delivery_mode: 'manual', comment_deadline: new Date(Date.now() + 7 * 86_400_000), time_zone });
      const before = isoDateInZone(new Date(), time_zone);
      const res = await generate(c.id, supporter());
      const after = isoDateInZone(new Date(), time_zone);
      expect(res.status).toBe(200);
      expect([humanDate(before), humanDate(after)], time_zone).toContain(res.body.data.letter_content.split('\n')[0]);
    }
  });

  it('writes the same letter for the same request', async () => {
    const c = await t.campaign();
    const p = await point(t, { campaign_id: c.id });
    const body = supporter({ perspective: 'veteran', message_point_ids: [p.id], personal_note: 'I walk this road daily.' });
    const first = await generate(c.id, body);
    const second = await generate(c.id, body);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
  });

  it("opens in each perspective's own voice and the supporter's city", async () => {
    const c = await t.campaign();
    const openings = new Set<string>();
    for (const perspective of PERSPECTIVES) {
      const res = await generate(c.id, supporter({ perspective, city: 'Maple Falls' }));
      expect(res.status, perspective).toBe(200);
      const lines: string[] = res.body.data.letter_content.split('\n').filter(Boolean);
      const opening = lines[lines.findIndex((l) => l.startsWith('Dear ')) + 1]!;
      expect(opening, perspective).toContain('Maple Falls');
      openings.add(opening);
    }
    expect(openings.size).toBe(PERSPECTIVES.length);
  });

  it("states no agenda item, meeting date or jurisdiction the organiser did not set, whatever section 7's fallbacks the widget sends", async () => {
    const c = await t.campaign({ title: 'Save the Riverside Park' });
    const today = localIsoDate(new Date());
    // What the widget sends for a campaign without Public Comment fields (SPEC.md section 7), and nothing at all.
    const fallbacks = { decision_body: 'City Council', jurisdiction: c.title, meeting_date: today, agenda_item_number: 'TBD', project_name: c.title };
    for (const sent of [fallbacks, {}]) {
      const res = await generate(c.id, supporter(sent));
      expect(res.status).toBe(200);
      const { subject, letter_content } = res.body.data;
      expect(subject).toBe('Save the Riverside Park');
      expect(heading(letter_content)).toMatch(/^To: City Council\nRe: Save the Riverside Park\n/);
      expect(letter_content).toContain('Dear Members of the City Council,');
      expect(letter_content).not.toMatch(/Agenda Item|TBD|Meeting of/);
      // Dated today (its first line), but no meeting today.
      expect(heading(letter_content)).not.toContain(humanDate(today));
      expect(letter_content).not.toContain('City Council, Save the Riverside Park');
    }
  });

  it('states each Public Comment field the campaign sets, alone, and only that one', async () => {
    const title = 'Save the Riverside Park';
    const cases: [Record<string, string>, string, string, string][] = [
      // set, the To: line, the greeting, the subject
      [{}, 'To: City Council', 'Dear Members of the City Council,', title],
      [{ decision_body: 'The Parks Board' }, 'To: The Parks Board', 'Dear Members of the Parks Board,', title],
      [{ decision_body: 'Mayor and Council' }, 'To: Mayor and Council', 'Dear Mayor and Council,', title],
      [{ jurisdiction: 'County of Lane' }, 'To: City Council, County of Lane', 'Dear Members of the City Council,', title],
      [{ meeting_date: '2027-03-09' }, 'To: City Council', 'Dear Members of the City Council,', `${title}, Meeting of March 9, 2027`],
      [{ agenda_item_number: 'Item No. 7B' }, 'To: City Council', 'Dear Members of the City Council,', `${title}, Agenda Item 7B`],
      [{ agenda_item_number: 'TBD' }, 'To: City Council', 'Dear Members of the City Council,', title],
      [{ project_name: 'Riverside Park Master Plan' }, 'To: City Council', 'Dear Members of the City Council,', 'Riverside Park Master Plan'],
    ];
    for (const [set, to, greeting, subject] of cases) {
      const c = await t.campaign({ title, ...set });
      const res = await generate(c.id, supporter());
      expect(res.status, JSON.stringify(set)).toBe(200);
      expect(res.body.data.subject, JSON.stringify(set)).toBe(subject);
      const lines: string[] = heading(res.body.data.letter_content).split('\n');
      expect(lines.slice(0, 2), JSON.stringify(set)).toEqual([to, `Re: ${subject}`]);
      expect(lines.find((l) => l.startsWith('Dear ')), JSON.stringify(set)).toBe(greeting);
    }
  });

  it("lets the client fill only the Public Comment fields the campaign leaves empty", async () => {
    const c = await t.campaign({ title: 'Save the Riverside Park', decision_body: 'Parks Board', meeting_date: '2026-12-03' });
    const res = await generate(
      c.id,
      supporter({
        decision_body: 'Somebody Else',
        jurisdiction: 'County of Lane',
        meeting_date: '2027-01-15',
        agenda_item_number: '4',
        project_name: 'Riverside Park Master Plan',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.subject).toBe('Riverside Park Master Plan, Agenda Item 4, December 3, 2026');
    expect(heading(res.body.data.letter_content)).toMatch(/^To: Parks Board, County of Lane\n/);
    expect(res.body.data.letter_content).not.toContain('Somebody Else');
  });

  it('always includes hidden points of the campaign and general hidden points, even when not sent', async () => {
    const c = await t.campaign();
    const other = await t.campaign();
    const hiddenOwn = await point(t, { campaign_id: c.id, is_locked: true, talking_points: 'Our core ask: finish the lanes this year.' });
    const hiddenGeneral = await point(t, { is_locked: true, talking_points: 'Public comment shapes how the city spends.' });
    const visible = await point(t, { campaign_id: c.id, talking_points: 'Children bike to three schools on this road.' });
    const hiddenOff = await point(t, { campaign_id: c.id, is_locked: true, is_active: false, talking_points: 'A switched-off hidden point.' });
    const hiddenElsewhere = await point(t, { campaign_id: other.id, is_locked: true, talking_points: "Another campaign's hidden point." });

    const none = (await generate(c.id, supporter())).body.data.letter_content as string;
    expect(none).toContain(hiddenOwn.talking_points);
    expect(none).toContain(hiddenGeneral.talking_points);
    expect(none).not.toContain(visible.talking_points);
    for (const p of [hiddenOff, hiddenElsewhere]) expect(none).not.toContain(p.talking_points);

    const chosen = (await generate(c.id, supporter({ message_point_ids: [visible.id] }))).body.data.letter_content as string;
    for (const p of [hiddenOwn, hiddenGeneral, visible]) expect(chosen).toContain(p.talking_points);

    // Submitting records the points the letter was written from, hidden ones included.
    const res = await submit(c.id, submission({ message_point_ids: [visible.id] }));
    expect(res.status).toBe(201);
    const row = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ campaign_id: c.id });
    expect([...row.message_point_ids].sort((a, b) => a - b)).toEqual([hiddenOwn.id, hiddenGeneral.id, visible.id].sort((a, b) => a - b));
  });

  it("writes from the campaign's core messaging when there are no points at all", async () => {
    await withoutGeneralPoints(t);
    const c = await t.campaign({ description: 'The riverside path floods every spring. A raised boardwalk would keep it open all year.' });
    const res = await generate(c.id, supporter());
    expect(res.status).toBe(200);
    expect(res.body.data.letter_content).toContain('The riverside path floods every spring. A raised boardwalk would keep it open all year.');
  });

  it("refuses another campaign's, an inactive or an unknown point by id, writing nothing", async () => {
    const c = await t.campaign();
    const other = await t.campaign();
    const ok = await point(t, { campaign_id: c.id });
    const elsewhere = await point(t, { campaign_id: other.id });
    const inactive = await point(t, { campaign_id: c.id, is_active: false });
    const inactiveGeneral = await point(t, { is_active: false });
    const cases: [number[], string][] = [
      [[ok.id, elsewhere.id], `Message point ${elsewhere.id} is not available for this campaign`],
      [[inactive.id], `Message point ${inactive.id} is not available for this campaign`],
      [[inactiveGeneral.id, 999999, ok.id], `Message points ${inactiveGeneral.id}, 999999 are not available for this campaign`],
    ];
    for (const [ids, message] of cases) {
      for (const res of [await generate(c.id, supporter({ message_point_ids: ids })), await submit(c.id, submission({ message_point_ids: ids }))]) {
        expect(res.status, JSON.stringify(ids)).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'validation_failed', field: 'message_point_ids' });
        expect(res.body.error).toContain(message);
      }
    }
    expect(await written(t, c.id)).toEqual({ rows: 0, letter_count: 0 });
  });

  it('puts the personal note in verbatim, up to 1,000 characters', async () => {
    const c = await t.campaign();
    const note = `I ride here daily.\nLast spring a neighbor was hit. ${'x'.repeat(1000)}`.slice(0, 1000);
    const res = await generate(c.id, supporter({ personal_note: note }));
    expect(res.status).toBe(200);
    expect(res.body.data.letter_content).toContain(`\n${note}\n`);
    const long = await generate(c.id, supporter({ personal_note: `${note}y` }));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'validation_failed', field: 'personal_note', error: 'Your own words must be at most 1000 characters' });
    const blank = await generate(c.id, supporter({ personal_note: '   ' }));
    expect(blank.status).toBe(200);
  });

  it('gives back user text verbatim, as text in JSON', async () => {
    const c = await t.campaign();
    const name = '<script>alert(1)</script> Lovelace';
    const note = '<img src=x onerror=alert(1)> & "quotes"';
    const res = await generate(c.id, supporter({ supporter_name: name, personal_note: note }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.data.letter_content).toContain(`\n${name}\n`);
    expect(res.body.data.letter_content).toContain(`\n${note}\n`);
    const stored = await submit(c.id, submission({ supporter_name: name, letter_content: `${note}\n${name}` }));
    expect(stored.status).toBe(201);
    const row = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ campaign_id: c.id });
    expect(row).toMatchObject({ supporter_name: name, letter_content: `${note}\n${name}` });
  });

  it('refuses each invalid field with the spec message, on both calls, and writes nothing', async () => {
    const c = await t.campaign();
    const cases: [Record<string, unknown>, string][] = [
      [{ supporter_name: 'A' }, 'Name must be at least 2 characters'],
      [{ supporter_name: '  A ' }, 'Name must be at least 2 characters'],
      [{ supporter_email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ perspective: '' }, 'Please select a perspective'],
      [{ perspective: 'astronaut' }, 'Please select a perspective'],
      [{ perspective: undefined }, 'Please select a perspective'],
      [{ street_address: ' ' }, 'Street address is required'],
      [{ city: '' }, 'City is required'],
      [{ state: 'I' }, 'State is required'],
      [{ zip_code: '1234' }, 'Please enter a valid zip code'],
      [{ city: 'Spring\u0007field' }, 'City contains invisible control characters; please remove them'],
      [{ admin: true }, 'Unknown field "admin": remove it and try again'],
      [{ supporter_name: 42 }, 'Name must be text'],
      [{ message_point_ids: '1,2' }, 'message_point_ids must be a list of numbers'],
      [{ message_point_ids: ['7'] }, 'Message point id must be a number'],
      [{ message_point_ids: [1.5] }, 'Message point id must be a whole number'],
      [{ campaign_id: String(c.id) }, 'campaign_id must be a number'],
      // A missing field reads like an empty one: the spec's own words.
      [{ zip_code: undefined }, 'Please enter a valid zip code'],
      [{ supporter_name: undefined }, 'Name must be at least 2 characters'],
    ];
    for (const [over, message] of cases) {
      for (const res of [await generate(c.id, supporter(over)), await submit(c.id, submission(over))]) {
        expect(res.status, JSON.stringify(over)).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
      }
    }
    const generateOnly: [Record<string, unknown>, string][] = [
      [{ decision_body: '' }, 'Decision body is required'],
      [{ jurisdiction: ' ' }, 'Jurisdiction is required'],
      [{ project_name: '' }, 'Project name is required'],
      [{ meeting_date: '2026-02-30' }, 'Meeting date must be a real calendar date'],
      [{ letter_content: 'A letter' }, 'Unknown field "letter_content": remove it and try again'],
    ];
    for (const [over, message] of generateOnly) {
      const res = await generate(c.id, supporter(over));
      expect(res.body, JSON.stringify(over)).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    for (const [over, message] of [
      [{ letter_content: '  ' }, 'Letter content is required'],
      [{ letter_content: 'x'.repeat(20001) }, 'Letter must be at most 20000 characters'],
      // The own words the letter was generated with may come back with it, within their limit.
      [{ personal_note: 'x'.repeat(1001) }, 'Your own words must be at most 1000 characters'],
    ] as const) {
      const res = await submit(c.id, submission(over));
      expect(res.body, JSON.stringify(over).slice(0, 80)).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    expect(await written(t, c.id)).toEqual({ rows: 0, letter_count: 0 });
  });

  it('refuses malformed JSON, a non-object, other content types and oversize bodies, and writes nothing', async () => {
    const c = await t.campaign();
    const json = { 'content-type': 'application/json' };
    for (const path of [`/api/campaigns/${c.id}/generate-letter`, `/api/campaigns/${c.id}/submit-letter`]) {
      const malformed = await t.api('POST', path, { raw: '{"supporter_name": "Ada", ', headers: json });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ success: false, code: 'malformed_json' });
      const list = await t.api('POST', path, { body: [supporter()] });
      expect(list.body).toMatchObject({ code: 'validation_failed', error: 'The request body must be a JSON object' });
      const asText = await t.api('POST', path, { raw: JSON.stringify(submission()), headers: { 'content-type': 'text/plain' } });
      expect(asText.status).toBe(415);
      const huge = await t.api('POST', path, { raw: JSON.stringify(submission({ letter_content: 'x'.repeat(65 * 1024) })), headers: json });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ success: false, code: 'payload_too_large' });
    }
    expect(await written(t, c.id)).toEqual({ rows: 0, letter_count: 0 });
  });

  it('is 404 for an unknown or inactive campaign and 409 when letters are off, writing nothing', async () => {
    const inactive = await t.campaign({ is_active: false });
    const off = await t.campaign({ enable_letter_tab: false });
    for (const [call, body] of [[generate, supporter()], [submit, submission()]] as const) {
      for (const id of [999999, inactive.id]) {
        const res = await call(id, body);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, code: 'not_found' });
      }
      const disabled = await call(off.id, body);
      expect(disabled.status).toBe(409);
      expect(disabled.body).toEqual({ success: false, code: 'action_disabled', error: 'Letters are turned off for this campaign' });
      const bad = await call('abc', body);
      expect(bad.body.error).toBe('Campaign id must be a positive whole number');
    }
    expect(await written(t, off.id)).toMatchObject({ rows: 0, letter_count: 0 });
    expect(await written(t, inactive.id)).toMatchObject({ rows: 0, letter_count: 0 });
  });

  it('refuses a body whose campaign_id differs from the address', async () => {
    const c = await t.campaign();
    const other = await t.campaign();
    for (const [call, body] of [[generate, supporter()], [submit, submission()]] as const) {
      const res = await call(c.id, { ...body, campaign_id: other.id });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field: 'campaign_id' });
    }
    expect(await written(t, other.id)).toMatchObject({ rows: 0, letter_count: 0 });
  });

  it('stores the submitted (edited) letter exactly, with the title of the day, and counts it', async () => {
    await withoutGeneralPoints(t);
    const c = await t.campaign({ title: 'Save the Riverside Park' });
    const p = await point(t, { campaign_id: c.id });
    const generated = (await generate(c.id, supporter({ perspective: 'business_owner', message_point_ids: [p.id] }))).body.data;
    const edited = `${generated.letter_content.replace('Sincerely,', 'With thanks,')}\n\nP.S.  Two spaces,\ttabs and "quotes" stay.`;
    const res = await submit(
      c.id,
      submission({ campaign_id: c.id, perspective: 'business_owner', message_point_ids: [p.id], letter_content: edited, phone_number: '' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { campaign_id: c.id, representative: null, finding_district: false } });

    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { title: 'Renamed later' });
    const row = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ campaign_id: c.id });
    expect(row).toMatchObject({
      letter_content: edited,
      supporter_name: 'Ada Lovelace',
      supporter_email: 'ada@example.org',
      street_address: '12 Analytical Way',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      phone_number: null,
      perspective: 'business_owner',
      campaign_title: 'Save the Riverside Park',
      message_point_ids: [p.id],
    });
    expect((await t.api('GET', `/api/campaigns/${c.id}`)).body.data.letter_count).toBe(1);
  });

  it('keeps letter_count exact under 200 parallel submits', { timeout: 180_000 }, async () => {
    const c = await t.campaign();
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => submit(c.id, submission({ supporter_email: `s${i}@example.org`, letter_content: `Letter number ${i}` }))),
    );
    expect(replies.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    expect(await written(t, c.id)).toMatchObject({ rows: 200, letter_count: 200 });
  });
});

describeEachDatabase(
  'letters, rate limited',
  (t) => {
    it('refuses the 4th generate a minute from one address with 429, while submitting has its own allowance', async () => {
      const c = await t.campaign();
      for (let i = 0; i < 3; i++) expect((await t.api('POST', `/api/campaigns/${c.id}/generate-letter`, { body: supporter() })).status).toBe(200);
      const fourth = await t.api('POST', `/api/campaigns/${c.id}/generate-letter`, { body: supporter() });
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ success: false, code: 'rate_limited' });
      expect((await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: submission() })).status).toBe(201);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '3' } },
);
