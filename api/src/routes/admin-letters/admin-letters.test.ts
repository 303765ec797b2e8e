import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { addLetters, listMeta } from '../../../test/admin-fixtures';
import { downloadCsv } from '../../../test/csv';

describeEachDatabase('admin letters', (t) => {
  const base = Date.UTC(2030, 0, 1);

  it('is 401 signed out and 403 for a non-admin', async () => {
    const c = await t.campaign();
    const [letter] = await addLetters(t, c, 1);
    const user = await t.userCookie();
    for (const path of ['/api/admin/letters', `/api/admin/letters?campaign_id=${c.id}`, `/api/admin/letters/${letter!.id}`]) {
      const out = await t.api('GET', path);
      expect(out.status, path).toBe(401);
      expect(out.body).toMatchObject({ success: false, code: 'unauthenticated' });
      const denied = await t.api('GET', path, { cookie: user });
      expect(denied.status, path).toBe(403);
      expect(denied.body).toMatchObject({ success: false, code: 'forbidden' });
      expect(denied.text).not.toContain(letter!.supporter_email);
    }
  });

  it("pages through a campaign's 120 letters newest first, with exact meta, and an empty page past the end", async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    // Inserted out of time order, so "newest first" must come from created_at, not from the id.
    const letters = await addLetters(t, c, 120, (i) => ({ created_at: new Date(base + ((i * 37) % 120) * 60_000) }));
    const expected = [...letters].sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).map((l) => l.id);

    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}&page=${page}&pageSize=50`, { cookie: admin });
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual(listMeta(page, 50, 120));
      expect(res.body.data).toHaveLength(page === 3 ? 20 : 50);
      seen.push(...res.body.data.map((l: { id: number }) => l.id));
    }
    expect(seen).toEqual(expected);

    const past = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}&page=4&pageSize=50`, { cookie: admin });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ success: true, data: [], meta: listMeta(4, 50, 120) });

    const defaults = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}`, { cookie: admin });
    expect(defaults.body.meta).toEqual(listMeta(1, 50, 120));
    expect(defaults.body.data.map((l: { id: number }) => l.id)).toEqual(expected.slice(0, 50));

    const empty = await t.campaign();
    const none = await t.api('GET', `/api/admin/letters?campaign_id=${empty.id}`, { cookie: admin });
    expect(none.body).toEqual({ success: true, data: [], meta: listMeta(1, 50, 0) });
  });

  it('pages by Next and Previous from the row the admin saw: every letter once, in order, also while new ones arrive', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    // Groups of three share a timestamp: the order within a group comes from the id.
    const letters = await addLetters(t, c, 23, (i) => ({ created_at: new Date(base + Math.floor(((i * 7) % 23) / 3) * 60_000) }));
    const expected = [...letters]
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
      .map((l) => l.id);
    const list = async (q: string) => {
      const res = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}&pageSize=5&${q}`, { cookie: admin });
      expect(res.status, q).toBe(200);
      return res.body as { data: { id: number }[]; meta: { page: number; total: number } };
    };

    const forward: number[][] = [];
    let page = await list('page=1');
    forward.push(page.data.map((l) => l.id));
    for (let n = 2; n <= 5; n++) {
      if (n === 3) {
        // A supporter submits while the admin reads page 2: page 3 still starts where page 2 ended.
        await addLetters(t, c, 2, () => ({ created_at: new Date(base + 86_400_000) }));
      }
      page = await list(`page=${n}&after=${page.data.at(-1)!.id}`);
      expect(page.meta.page).toBe(n);
      forward.push(page.data.map((l) => l.id));
    }
    expect(forward.flat()).toEqual(expected);
    expect(forward.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);

    const backward: number[][] = [forward[4]!];
    for (let n = 4; n >= 1; n--) {
      page = await list(`page=${n}&before=${backward[0]![0]}`);
      backward.unshift(page.data.map((l) => l.id));
    }
    expect(backward).toEqual(forward);
  });

  it('finds a numbered page from the nearer end: the last pages hold what counting from the newest gives', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    const letters = await addLetters(t, c, 17, (i) => ({ created_at: new Date(base + ((i * 5) % 17 >> 1) * 60_000) }));
    const expected = [...letters]
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
      .map((l) => l.id);
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}&page=${page}&pageSize=5`, { cookie: admin });
      seen.push(...res.body.data.map((l: { id: number }) => l.id));
    }
    expect(seen).toEqual(expected);

    // A bookmark whose cursor row no longer matches anything known falls back to its page number.
    const stale = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}&page=2&pageSize=5&after=2147483647`, { cookie: admin });
    expect(stale.body.data.map((l: { id: number }) => l.id)).toEqual(expected.slice(5, 10));
  });

  it('lists letters of every campaign together, newest first, with the total of all campaigns', async () => {
    const admin = await t.adminCookie();
    const a = await t.campaign();
    const b = await t.campaign({ is_active: false });
    const [newest] = await addLetters(t, b, 1, () => ({ created_at: new Date(Date.UTC(2100, 0, 1)) }));
    await addLetters(t, a, 3);
    const campaigns = await t.db.ds.getRepository(t.db.entities.Campaign).find();
    const total = campaigns.reduce((n, c) => n + c.letter_count, 0);

    const res = await t.api('GET', '/api/admin/letters?pageSize=200', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual(listMeta(1, 200, total));
    expect(res.body.data).toHaveLength(total);
    expect(res.body.data[0].id).toBe(newest!.id);
    const times = res.body.data.map((l: { created_at: string }) => l.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('reads one letter with everything an admin needs to print or download it', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign({ title: 'Keep the library open late' });
    const [letter] = await addLetters(t, c, 1, () => ({
      letter_content: 'Dear Council,\n\nPlease keep the library open.\n\nSincerely,\nAda',
      supporter_name: 'Ada Lovelace',
      supporter_email: 'ada@example.org',
      phone_number: '555-0100',
      perspective: 'healthcare_worker',
      message_point_ids: [3, 7],
    }));
    // Renaming the campaign later does not rewrite what the letter was sent under.
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { title: 'A later title' });

    const res = await t.api('GET', `/api/admin/letters/${letter!.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: letter!.id,
      campaign_id: c.id,
      campaign_title: 'Keep the library open late',
      letter_content: 'Dear Council,\n\nPlease keep the library open.\n\nSincerely,\nAda',
      supporter_name: 'Ada Lovelace',
      supporter_email: 'ada@example.org',
      street_address: letter!.street_address,
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      phone_number: '555-0100',
      perspective: 'healthcare_worker',
      message_point_ids: [3, 7],
      created_at: letter!.created_at.toISOString(),
      updated_at: letter!.updated_at.toISOString(),
      is_late: false,
      status: 'confirmed',
      personal: false,
      position: null,
      district_name: null,
      residency: null,
      district_source: null,
    });
  });

  it("marks a letter submitted after its campaign's written-comment deadline as late, in the list and on its own", async () => {
    const admin = await t.adminCookie();
    const deadline = new Date('2026-03-02T17:00:00Z');
    const c = await t.campaign({ comment_deadline: deadline });
    const other = await t.campaign();
    const [onTime, exactly, late] = await addLetters(t, c, 3, (i) => ({
      created_at: new Date(deadline.getTime() + [-60_000, 0, 1_000][i]!),
    }));
    // Another campaign without a deadline: nothing of it is ever late.
    const [noDeadline] = await addLetters(t, other, 1, () => ({ created_at: new Date('2030-01-01T00:00:00Z') }));

    const list = await t.api('GET', '/api/admin/letters?pageSize=200', { cookie: admin });
    const lateById = new Map(list.body.data.map((l: { id: number; is_late: boolean }) => [l.id, l.is_late]));
    expect([onTime, exactly, late, noDeadline].map((l) => lateById.get(l!.id))).toEqual([false, false, true, false]);
    for (const [letter, expected] of [[onTime, false], [late, true]] as const) {
      const one = await t.api('GET', `/api/admin/letters/${letter!.id}`, { cookie: admin });
      expect(one.body.data.is_late, String(letter!.id)).toBe(expected);
    }
    // Moving the deadline later makes the same letter on time: lateness is derived, not stored.
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { comment_deadline: new Date('2026-03-03T00:00:00Z') });
    expect((await t.api('GET', `/api/admin/letters/${late!.id}`, { cookie: admin })).body.data.is_late).toBe(false);
  });

  it('is 404 for an unknown letter and 400 for a malformed id', async () => {
    const admin = await t.adminCookie();
    const missing = await t.api('GET', '/api/admin/letters/999999', { cookie: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'not_found', error: 'Letter not found' });
    for (const id of ['-1', 'abc', '1e99', '0', '1.5']) {
      const res = await t.api('GET', `/api/admin/letters/${id}`, { cookie: admin });
      expect(res.status, id).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', error: 'Letter id must be a positive whole number' });
    }
  });

  it('refuses bad paging and filters with a message', async () => {
    const admin = await t.adminCookie();
    const cases: [string, string][] = [
      ['page=0', 'page must be a positive whole number'],
      ['page=abc', 'page must be a positive whole number'],
      ['page=-1', 'page must be a positive whole number'],
      ['pageSize=0', 'pageSize must be a positive whole number'],
      ['pageSize=201', 'pageSize must be at most 200'],
      ['pageSize=1e2', 'pageSize must be a positive whole number'],
      ['campaign_id=abc', 'campaign_id must be a positive whole number'],
      ['campaign_id=-1', 'campaign_id must be a positive whole number'],
      ['campaign_id=1e99', 'campaign_id must be a positive whole number'],
      ['campaign_id=0', 'campaign_id must be a positive whole number'],
      ['after=abc', 'after must be a positive whole number'],
      ['before=-3', 'before must be a positive whole number'],
      ['after=1&before=2', 'Send after or before, not both'],
    ];
    for (const [query, message] of cases) {
      const res = await t.api('GET', `/api/admin/letters?${query}`, { cookie: admin });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: message });
    }
    const unknown = await t.api('GET', '/api/admin/letters?campaign_id=999999', { cookie: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', error: 'Campaign not found' });
  });

  it("exports a campaign's letters as one CSV, newest first, each letter whole with its line breaks", async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    const letters = await addLetters(t, c, 1_200, (i) => ({
      created_at: new Date(base + ((i * 11) % 1_200) * 1000),
      ...(i === 0 ? { letter_content: '@SUM(1+1)\r\nDear Council, "please"\n\nAda', perspective: 'healthcare_worker' } : {}),
    }));
    const { res, bom, records: [header, ...records] } = await downloadCsv(`${t.url}/api/admin/letters.csv?campaign_id=${c.id}`, admin);
    expect(res.status).toBe(200);
    expect(bom).toBe(true);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="letters-campaign-${c.id}-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(header).toEqual(['Submitted at (UTC)', 'Status', 'Campaign', 'Name', 'Email', 'Street address', 'City', 'State', 'ZIP code', 'Phone', 'Perspective', 'Personal', 'Position', 'District', 'Residency', 'Campaign ID', 'Letter ID', 'Letter']);
    const expected = [...letters].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
    expect(records.map((r) => Number(r[16]))).toEqual(expected.map((l) => l.id));
    const first = records.find((r) => Number(r[16]) === letters[0]!.id)!;
    expect(first[1]).toBe('confirmed');
    expect(first[10]).toBe('Healthcare Worker');
    expect(first[11]).toBe('no');
    // No position asked: an empty cell.
    expect(first[12]).toBe('');
    // No boundary set: no district, no residency.
    expect([first[13], first[14]]).toEqual(['', '']);
    expect(first[17]).toBe('\'@SUM(1+1)\r\nDear Council, "please"\n\nAda');
    expect(records.find((r) => Number(r[16]) === letters[1]!.id)![17]).toBe(letters[1]!.letter_content);
  });
});
