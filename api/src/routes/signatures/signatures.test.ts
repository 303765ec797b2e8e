import { expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const signer = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  street_address: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  ...over,
});

/** What a signature would have changed: the rows stored and the campaign's public counter. */
async function written(t: TestServer, campaignId: number) {
  const supporters = t.db.ds.getRepository(t.db.entities.Supporter);
  const campaign = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: campaignId });
  return {
    rows: await supporters.countBy({ campaign_id: campaignId }),
    allRows: await supporters.count(),
    supporter_count: campaign.supporter_count,
  };
}

describeEachDatabase('signing a petition', (t) => {
  const sign = (campaignId: number | string, body: unknown, headers?: Record<string, string>) =>
    t.api('POST', `/api/campaigns/${campaignId}/support`, { body, headers });

  it('stores the signature with a lower-cased e-mail and counts it, from any origin', async () => {
    const c = await t.campaign();
    const res = await sign(c.id, signer({ email: '  Ada@Example.ORG ', campaign_id: c.id }), {
      origin: 'https://host.example',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { campaign_id: c.id } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');

    const row = await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ campaign_id: c.id });
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      street_address: '12 Analytical Way',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      is_public: true,
      comment: null,
      phone_number: null,
    });
    expect(await written(t, c.id)).toMatchObject({ rows: 1, supporter_count: 1 });
    const card = await t.api('GET', `/api/campaigns/${c.id}`);
    expect(card.body.data.supporter_count).toBe(1);
  });

  it('treats blank phone and comment as not given, and keeps a multi-line comment and is_public false', async () => {
    const c = await t.campaign();
    await sign(c.id, signer({ email: 'blank@example.org', phone_number: '', comment: '   ' }));
    await sign(c.id, signer({ email: 'full@example.org', phone_number: '555-0100', comment: 'Line one\nLine two', is_public: false }));
    const repo = t.db.ds.getRepository(t.db.entities.Supporter);
    expect(await repo.findOneByOrFail({ email: 'blank@example.org' })).toMatchObject({ phone_number: null, comment: null, is_public: true });
    expect(await repo.findOneByOrFail({ email: 'full@example.org' })).toMatchObject({
      phone_number: '555-0100',
      comment: 'Line one\nLine two',
      is_public: false,
    });
  });

  it('refuses each invalid field with the spec message and writes nothing', async () => {
    const c = await t.campaign();
    const before = await written(t, c.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A' }, 'Name must be at least 2 characters'],
      [{ name: '  A  ' }, 'Name must be at least 2 characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: 'ada@example' }, 'Please enter a valid email address'],
      [{ street_address: '' }, 'Street address is required'],
      [{ street_address: '   ' }, 'Street address is required'],
      [{ city: '' }, 'City is required'],
      [{ state: 'I' }, 'State is required'],
      [{ zip_code: '1234' }, 'Please enter a valid zip code'],
      [{ name: 'Ada\u0000Lovelace' }, 'Name contains invisible control characters; please remove them'],
      [{ city: 'Spring\u0007field' }, 'City contains invisible control characters; please remove them'],
      [{ comment: 'Fine until\u0000here' }, 'Comment contains invisible control characters; please remove them'],
      [{ admin: true }, 'Unknown field "admin": remove it and try again'],
      [{ name: 12345 }, 'Name must be text'],
      [{ email: 42 }, 'Please enter a valid email address'],
      [{ is_public: 'yes' }, 'is_public must be true or false'],
      [{ campaign_id: String(c.id) }, 'campaign_id must be a number'],
      [{ zip_code: undefined }, 'Please enter a valid zip code'],
    ];
    for (const [over, message] of cases) {
      const res = await sign(c.id, signer(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    const notObject = await sign(c.id, ['ada@example.org']);
    expect(notObject.status).toBe(400);
    expect(notObject.body.error).toBe('The request body must be a JSON object');
    expect(await written(t, c.id)).toEqual(before);
  });

  it('refuses malformed JSON, other content types and oversize bodies, and writes nothing', async () => {
    const c = await t.campaign();
    const path = `/api/campaigns/${c.id}/support`;
    const json = { 'content-type': 'application/json' };

    const malformed = await t.api('POST', path, { raw: '{"name": "Ada", ', headers: json });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, code: 'malformed_json' });

    const asText = await t.api('POST', path, { raw: JSON.stringify(signer()), headers: { 'content-type': 'text/plain' } });
    expect(asText.status).toBe(415);
    expect(asText.body).toMatchObject({ success: false, code: 'unsupported_media_type' });
    expect(asText.body.error).toMatch(/application\/json/);

    const asForm = await t.api('POST', path, {
      raw: new URLSearchParams(signer()).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(asForm.status).toBe(415);

    const huge = await t.api('POST', path, {
      raw: JSON.stringify(signer({ comment: 'x'.repeat(65 * 1024) })),
      headers: json,
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, code: 'payload_too_large' });

    expect(await written(t, c.id)).toMatchObject({ rows: 0, supporter_count: 0 });
  });

  it('answers a repeat signature exactly like the first, counting and changing nothing', async () => {
    const c = await t.campaign();
    const first = await sign(c.id, signer({ email: 'grace@example.org', name: 'Grace Hopper' }));
    for (const email of ['grace@example.org', 'GRACE@Example.org', '  grace@EXAMPLE.ORG  ']) {
      const again = await sign(c.id, signer({ email, name: 'Someone Else', city: 'Elsewhere' }));
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
    }
    expect(first.body.data).toEqual({ campaign_id: c.id });
    expect(await written(t, c.id)).toMatchObject({ rows: 1, supporter_count: 1 });
    const row = await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ campaign_id: c.id });
    expect(row).toMatchObject({ name: 'Grace Hopper', city: 'Springfield' });
  });

  it('counts the same e-mail once on each of two campaigns', async () => {
    const a = await t.campaign();
    const b = await t.campaign();
    expect((await sign(a.id, signer({ email: 'both@example.org' }))).status).toBe(200);
    expect((await sign(b.id, signer({ email: 'both@example.org' }))).status).toBe(200);
    // The repeat on a comes right after an insert on b: it must still count nothing on a.
    expect((await sign(a.id, signer({ email: 'both@example.org' }))).status).toBe(200);
    expect(await written(t, a.id)).toMatchObject({ rows: 1, supporter_count: 1 });
    expect(await written(t, b.id)).toMatchObject({ rows: 1, supporter_count: 1 });
  });

  it('is 404 for an unknown or inactive campaign and 400 for a malformed id, writing nothing', async () => {
    const inactive = await t.campaign({ is_active: false });
    const before = await written(t, inactive.id);
    for (const id of [999999, inactive.id]) {
      const res = await sign(id, signer());
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'not_found' });
      expect(res.body.error).toMatch(/Campaign not found/);
    }
    const bad = await sign('abc', signer());
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Campaign id must be a positive whole number');
    expect(await written(t, inactive.id)).toEqual(before);
  });

  it('is 409 when signing is turned off for the campaign, writing nothing', async () => {
    const c = await t.campaign({ enable_sign_tab: false });
    const res = await sign(c.id, signer());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: 'action_disabled', error: 'Signing is turned off for this campaign' });
    expect(await written(t, c.id)).toMatchObject({ rows: 0, supporter_count: 0 });
  });

  it('refuses a body whose campaign_id differs from the address, writing nothing on either', async () => {
    const c = await t.campaign();
    const other = await t.campaign();
    const res = await sign(c.id, signer({ campaign_id: other.id }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'validation_failed', field: 'campaign_id' });
    expect(res.body.error).toContain(`campaign_id ${other.id} does not match the campaign being signed (${c.id})`);
    expect(await written(t, c.id)).toMatchObject({ rows: 0, supporter_count: 0 });
    expect(await written(t, other.id)).toMatchObject({ rows: 0, supporter_count: 0 });
  });

  it('keeps supporter_count exact under 500 parallel signatures with repeats mixed in', { timeout: 180_000 }, async () => {
    const c = await t.campaign();
    const distinct = 440;
    const emails = Array.from({ length: distinct }, (_, i) => `supporter${i}@example.org`);
    // 60 repeats of earlier addresses, some in other letter case, interleaved with the first signatures.
    const repeats = Array.from({ length: 60 }, (_, i) => (i % 2 ? emails[i * 7]!.toUpperCase() : emails[i * 7]!));
    const all = emails.flatMap((e, i) => (i % 7 === 0 && repeats.length ? [e, repeats.shift()!] : [e]));
    all.push(...repeats);
    expect(all).toHaveLength(500);

    const replies = await Promise.all(all.map((email) => sign(c.id, signer({ email }))));
    expect(replies.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await written(t, c.id)).toMatchObject({ rows: distinct, supporter_count: distinct });
  });
});

describeEachDatabase(
  'signing a petition, rate limited',
  (t) => {
    it('refuses the 6th signature a minute from one address with 429 and Retry-After, writing nothing', async () => {
      const c = await t.campaign();
      for (let i = 0; i < 5; i++) {
        const res = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer({ email: `s${i}@example.org` }) });
        expect(res.status).toBe(200);
      }
      const sixth = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer({ email: 's5@example.org' }) });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ success: false, code: 'rate_limited' });
      expect(sixth.body.error).toMatch(/^Too many requests from your network\. Please wait \d+ seconds and try again\.$/);
      const retryAfter = Number(sixth.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await written(t, c.id)).toMatchObject({ rows: 5, supporter_count: 5 });
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '5' } },
);
