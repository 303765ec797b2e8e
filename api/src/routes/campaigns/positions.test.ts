/**
 * Issue 24, point 6 through the API: a campaign that asks a position refuses a signature or a
 * letter without one (or with one it does not offer), stores the chosen one, states it in the
 * letter's first paragraph in the organiser's words, and counts by it for the admin always and for
 * the public only when the organiser shows the counts.
 */
import { expect, it } from 'vitest';
import { POSITION_MESSAGES } from '../../contract';
import { parseCsv } from '../../../test/csv';
import { describeEachDatabase } from '../../../test/harness';

const LABELS = { support: 'Keep the park public', oppose: 'Allow the rezoning', neutral: 'Hear both sides before deciding' };
const ASKING = {
  position_options: 'support_oppose' as const,
  position_labels: LABELS,
  title: 'Protect Riverside Park from Rezoning',
  description: 'The commission will decide whether Riverside Park can be rezoned for a garage.',
};

const signer = (email: string, over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email,
  street_address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  ...over,
});
const writer = (email: string, over: Record<string, unknown> = {}) => ({
  supporter_name: 'Ada Lovelace',
  supporter_email: email,
  perspective: 'homeowner',
  message_point_ids: [] as number[],
  street_address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  ...over,
});

/** The letter's first paragraph after the greeting. */
const firstParagraph = (letter: string) => {
  const lines = letter.split('\n').filter(Boolean);
  return lines[lines.findIndex((l) => /^(Dear|Estimad|Señor|Honorable)/.test(l)) + 1]!;
};

describeEachDatabase('positions', (t) => {
  const sign = (id: number, body: unknown) => t.api('POST', `/api/campaigns/${id}/support`, { body });
  const generate = (id: number, body: unknown) => t.api('POST', `/api/campaigns/${id}/generate-letter`, { body });
  const submit = (id: number, body: unknown) => t.api('POST', `/api/campaigns/${id}/submit-letter`, { body });

  it('refuses a signature or a letter without a position, or with one not offered, and stores nothing', async () => {
    const c = await t.campaign(ASKING);
    const refusals = [
      [await sign(c.id, signer('none@example.org')), POSITION_MESSAGES.required, 'required'],
      [await sign(c.id, signer('null@example.org', { position: null })), POSITION_MESSAGES.required, 'required'],
      [await sign(c.id, signer('neutral@example.org', { position: 'neutral' })), POSITION_MESSAGES.notOffered, 'other'],
      [await generate(c.id, writer('gen@example.org')), POSITION_MESSAGES.required, 'required'],
      [await submit(c.id, writer('sub@example.org', { letter_content: 'Dear Council, hear me.' })), POSITION_MESSAGES.required, 'required'],
    ] as const;
    for (const [res, message, problem] of refusals) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: message, issues: [{ field: 'position', message, problem }] });
    }
    const bad = await sign(c.id, signer('bad@example.org', { position: 'maybe' }));
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].field).toBe('position');
    expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id })).toBe(0);
    expect(await t.db.ds.getRepository(t.db.entities.Letter).countBy({ campaign_id: c.id })).toBe(0);
  });

  it('stores the chosen position, and none where the campaign asks none (whatever was sent)', async () => {
    const asking = await t.campaign(ASKING);
    const silent = await t.campaign();
    expect((await sign(asking.id, signer('for@example.org', { position: 'support' }))).status).toBe(200);
    expect((await sign(silent.id, signer('for@example.org', { position: 'oppose' }))).status).toBe(200);
    const supporters = t.db.ds.getRepository(t.db.entities.Supporter);
    expect((await supporters.findOneByOrFail({ campaign_id: asking.id })).position).toBe('support');
    expect((await supporters.findOneByOrFail({ campaign_id: silent.id })).position).toBeNull();
  });

  it("states the position in the letter's first paragraph in the organiser's words; against or neutral asks in general words", async () => {
    const c = await t.campaign({ ...ASKING, position_options: 'support_oppose_neutral' });
    const opening = async (position: string) => firstParagraph((await generate(c.id, writer('ada@example.org', { position }))).body.data.letter_content);
    const support = await opening('support');
    expect(support).toMatch(/protect Riverside Park from rezoning\. My position: Keep the park public\.$/);
    const oppose = await opening('oppose');
    expect(oppose).toMatch(/give the concerns in this letter full weight in your decision\. My position: Allow the rezoning\.$/);
    expect(oppose).not.toMatch(/protect Riverside Park/);
    expect(await opening('neutral')).toMatch(/My position: Hear both sides before deciding\.$/);

    const es = await t.campaign({ ...ASKING, language: 'es', title: 'Protejan el parque Riverside', description: 'La comisión decidirá si el parque Riverside se recalifica para un garaje.', position_labels: { support: 'Mantener el parque público', oppose: 'Permitir el cambio de zonificación' } });
    const letter = (await generate(es.id, writer('ada@example.org', { position: 'oppose' }))).body.data.letter_content as string;
    expect(firstParagraph(letter)).toMatch(/plenamente en cuenta lo que expongo en esta carta al decidir\. Mi posición: Permitir el cambio de zonificación\.$/);
  });

  it("leaves the campaign's hidden points out of a letter against it or neutral, and stores the points it was written from", async () => {
    const c = await t.campaign({ ...ASKING, position_options: 'support_oppose_neutral' });
    const points = t.db.ds.getRepository(t.db.entities.MessagePoint);
    const hidden = await points.save({ category: 'Core', talking_points: 'The rezoning application should be denied outright.', campaign_id: c.id, is_locked: true });
    const chosen = await points.save({ category: 'Parking', talking_points: 'The garage would bring more traffic to Elm Street.', campaign_id: c.id });
    for (const [position, hiddenSaid] of [['support', true], ['oppose', false], ['neutral', false]] as const) {
      const body = writer(`${position}@example.org`, { position, message_point_ids: [chosen.id] });
      const letter = (await generate(c.id, body)).body.data.letter_content as string;
      expect(letter.includes(hidden.talking_points), position).toBe(hiddenSaid);
      expect(letter).toContain(chosen.talking_points);
      expect((await submit(c.id, { ...body, letter_content: letter })).status).toBe(201);
      const stored = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ supporter_email: `${position}@example.org` });
      expect(stored.message_point_ids, position).toEqual(hiddenSaid ? [hidden.id, chosen.id] : [chosen.id]);
    }
  });

  it('counts by position for the admin (campaign, list, CSV), and for the public only when shown', async () => {
    const c = await t.campaign(ASKING);
    for (const [i, position] of ['support', 'support', 'oppose'].entries()) expect((await sign(c.id, signer(`s${i}@example.org`, { position }))).status).toBe(200);
    const written = await generate(c.id, writer('w@example.org', { position: 'oppose' }));
    expect((await submit(c.id, writer('w@example.org', { position: 'oppose', letter_content: written.body.data.letter_content }))).status).toBe(201);

    const admin = await t.adminCookie();
    const campaign = (await t.api('GET', `/api/admin/campaigns/${c.id}`, { cookie: admin })).body.data;
    expect(campaign.position_counts).toEqual({ supporters: { support: 2, oppose: 1, neutral: 0 }, letters: { support: 0, oppose: 1, neutral: 0 } });
    const listed = (await t.api('GET', '/api/admin/campaigns', { cookie: admin })).body.data.find((x: { id: number }) => x.id === c.id);
    expect(listed.position_counts).toEqual(campaign.position_counts);
    const letters = (await t.api('GET', `/api/admin/letters?campaign_id=${c.id}`, { cookie: admin })).body.data;
    expect(letters.map((l: { position: string }) => l.position)).toEqual(['oppose']);
    const supporters = (await t.api('GET', `/api/admin/supporters?campaign_id=${c.id}`, { cookie: admin })).body.data;
    expect(supporters.map((s: { position: string }) => s.position).sort()).toEqual(['oppose', 'support', 'support']);
    for (const path of ['letters', 'supporters']) {
      const [header, ...rows] = parseCsv((await t.api('GET', `/api/admin/${path}.csv?campaign_id=${c.id}`, { cookie: admin })).text.replace(/^\ufeff/, ''));
      const column = header!.indexOf('Position');
      expect(column, path).toBeGreaterThan(-1);
      expect(rows.map((r) => r[column]).sort(), path).toEqual(path === 'letters' ? ['oppose'] : ['oppose', 'support', 'support']);
    }

    const hidden = (await t.api('GET', `/api/campaigns/${c.id}`)).body.data;
    expect(hidden).toMatchObject({ position_options: 'support_oppose', position_labels: { support: LABELS.support, oppose: LABELS.oppose }, position_counts: null });
    // Only the offered choices' words are public.
    expect(hidden.position_labels).not.toHaveProperty('neutral');
    expect((await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { show_position_counts: true } })).status).toBe(200);
    const shown = (await t.api('GET', `/api/campaigns/${c.id}`)).body.data;
    expect(shown.position_counts).toEqual(campaign.position_counts);
  });

  it('requires the organiser to word every choice the forms offer, on create and on a partial update', async () => {
    const admin = await t.adminCookie();
    const base = { title: 'Keep Riverside Park public', description: 'The commission decides on the rezoning of Riverside Park next month.' };
    const created = await t.api('POST', '/api/admin/campaigns', { cookie: admin, body: { ...base, position_options: 'support_oppose_neutral', position_labels: { support: 'Keep it', oppose: 'Rezone it' } } });
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([expect.objectContaining({ field: 'position_labels.neutral', message: POSITION_MESSAGES.labelMissing('neutral') })]);

    const ok = await t.api('POST', '/api/admin/campaigns', { cookie: admin, body: { ...base, position_options: 'support_oppose', position_labels: { support: 'Keep it', oppose: 'Rezone it' } } });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ position_options: 'support_oppose', position_labels: { support: 'Keep it', oppose: 'Rezone it' }, show_position_counts: false });
    const widened = await t.api('PUT', `/api/admin/campaigns/${ok.body.data.id}`, { cookie: admin, body: { position_options: 'support_oppose_neutral' } });
    expect(widened.status).toBe(400);
    expect(widened.body).toMatchObject({ error: POSITION_MESSAGES.labelMissing('neutral'), field: 'position_labels.neutral' });
    const unworded = await t.api('PUT', `/api/admin/campaigns/${ok.body.data.id}`, { cookie: admin, body: { position_labels: { support: '  ' } } });
    expect(unworded.status).toBe(400);
    expect(unworded.body.field).toBe('position_labels.support');
    // A campaign asking none keeps nothing to word.
    const plain = await t.api('POST', '/api/admin/campaigns', { cookie: admin, body: base });
    expect(plain.body.data).toMatchObject({ position_options: 'none', position_labels: {}, position_counts: { supporters: { support: 0, oppose: 0, neutral: 0 } } });
  });
});
