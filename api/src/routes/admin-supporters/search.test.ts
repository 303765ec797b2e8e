/**
 * Issue 22, point 18: the Supporters and Letters lists search by the start of a name or an e-mail
 * address, any case, for one campaign or all, paged by seeking (never counted).
 */
import { expect, it } from 'vitest';
import type { CampaignRow } from '../../db/types';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { addLetters, addSupporters } from '../../../test/admin-fixtures';

type Listed = { id: number; name?: string; supporter_name?: string; status: string };

describeEachDatabase('searching the admin lists', (t) => {
  let admin: string;
  let a: CampaignRow;
  let b: CampaignRow;
  const get = async (path: string) => {
    const res = await t.api('GET', path, { cookie: admin });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.body as { data: Listed[]; meta: Record<string, unknown> };
  };
  const names = (rows: Listed[]) => rows.map((r) => r.name ?? r.supporter_name);

  async function seed(server: TestServer) {
    admin = await server.adminCookie();
    a = await server.campaign({ title: 'Elm Street bridge' });
    b = await server.campaign({ title: 'Street trees' });
    const people: [CampaignRow, string, string][] = [
      [a, 'Mary Ann Evans', 'mary.ann@example.org'],
      [b, 'mary Jones', 'mj@example.org'],
      [a, 'MARYBETH Smith', 'mb.smith@example.net'],
      [a, 'Marge Simpson', 'marge@example.org'],
      [b, 'Ann Mary', 'ann.mary@example.org'],
      [a, 'Émile Zola', 'emile@example.fr'],
      [a, '%_ Percent', 'percent@example.org'],
    ];
    for (const [c, name, email] of people) await addSupporters(server, c, 1, () => ({ name, email }));
    // Not counted, so written without moving the counter: one waiting for confirmation (listed and
    // found, marked pending) and one quarantined (never listed, so never found).
    const uncounted = { campaign_id: a.id, street_address: '1 Elm St', city: 'Springfield', state: 'IL', zip_code: '62701' };
    await server.db.ds.getRepository(server.db.entities.Supporter).save([
      { ...uncounted, name: 'Mary Pending', email: 'mary.pending@example.org', status: 'pending' as const },
      { ...uncounted, name: 'Mary Held', email: 'mary.held@example.org', quarantine_id: 999 },
    ]);
    await addLetters(server, a, 1, () => ({ supporter_name: 'Mary Writer', supporter_email: 'Mary.Writer@Example.org' }));
    await addLetters(server, b, 1, () => ({ supporter_name: 'Marcus Writer', supporter_email: 'marcus@example.org' }));
  }

  it('finds names that start with the text, in any case, in name order, pending ones marked and quarantined ones left out', async () => {
    await seed(t);
    const found = await get('/api/admin/supporters?q=MARY');
    expect(names(found.data)).toEqual(['Mary Ann Evans', 'mary Jones', 'Mary Pending', 'MARYBETH Smith']);
    expect(found.data.find((s) => s.name === 'Mary Pending')?.status).toBe('pending');
    expect(found.meta).toMatchObject({ total: null, pageCount: null, searched_by: 'name', has_next: false, has_previous: false });
    // The list's own figures stay beside the search: every campaign's counted and pending rows.
    expect(found.meta).toMatchObject({ counted: 7, pending: 1, withdrawn: 0 });
    // A word inside a name is not its start.
    expect(names((await get('/api/admin/supporters?q=evans')).data)).toEqual([]);
    // Typed wildcards are text.
    expect(names((await get('/api/admin/supporters?q=%25_')).data)).toEqual(['%_ Percent']);
    expect(names((await get('/api/admin/supporters?q=_')).data)).toEqual([]);
    // Non-ASCII letters match as typed on both databases (PostgreSQL also folds their case).
    expect(names((await get(`/api/admin/supporters?q=${encodeURIComponent('Émile')}`)).data)).toEqual(['Émile Zola']);
  });

  it('finds addresses that start with a text holding an @, and narrows to one campaign', async () => {
    expect(names((await get('/api/admin/supporters?q=MARY.ANN%40')).data)).toEqual(['Mary Ann Evans']);
    const byAddress = await get('/api/admin/supporters?q=m%40');
    expect(byAddress.meta.searched_by).toBe('email');
    expect(names(byAddress.data)).toEqual([]);
    expect(names((await get(`/api/admin/supporters?q=mary&campaign_id=${b.id}`)).data)).toEqual(['mary Jones']);
    const ofA = await get(`/api/admin/supporters?q=mar&campaign_id=${a.id}`);
    expect(names(ofA.data)).toEqual(['Marge Simpson', 'Mary Ann Evans', 'Mary Pending', 'MARYBETH Smith']);
    expect(ofA.meta).toMatchObject({ counted: 5, pending: 1 });
    // Letters: by the writer's name, and by an address stored as typed.
    expect(names((await get('/api/admin/letters?q=mar')).data)).toEqual(['Marcus Writer', 'Mary Writer']);
    expect(names((await get('/api/admin/letters?q=mary.writer%40example')).data)).toEqual(['Mary Writer']);
    expect(names((await get(`/api/admin/letters?q=mar&campaign_id=${b.id}`)).data)).toEqual(['Marcus Writer']);
  });

  it('pages through matches by Next and Previous, each match once', async () => {
    const first = await get('/api/admin/supporters?q=ma&pageSize=2');
    expect(names(first.data)).toEqual(['Marge Simpson', 'Mary Ann Evans']);
    expect(first.meta).toMatchObject({ has_next: true, has_previous: false });
    const second = await get(`/api/admin/supporters?q=ma&pageSize=2&page=2&after=${first.data[1]!.id}`);
    expect(names(second.data)).toEqual(['mary Jones', 'Mary Pending']);
    expect(second.meta).toMatchObject({ page: 2, has_next: true, has_previous: true });
    const third = await get(`/api/admin/supporters?q=ma&pageSize=2&page=3&after=${second.data[1]!.id}`);
    expect(names(third.data)).toEqual(['MARYBETH Smith']);
    expect(third.meta).toMatchObject({ has_next: false, has_previous: true });
    const back = await get(`/api/admin/supporters?q=ma&pageSize=2&page=2&before=${third.data[0]!.id}`);
    expect(names(back.data)).toEqual(['mary Jones', 'Mary Pending']);
    expect(back.meta).toMatchObject({ has_next: true, has_previous: true });
    const start = await get(`/api/admin/supporters?q=ma&pageSize=2&page=1&before=${back.data[0]!.id}`);
    expect(names(start.data)).toEqual(['Marge Simpson', 'Mary Ann Evans']);
    expect(start.meta).toMatchObject({ has_next: true, has_previous: false });
    // A cursor whose row is gone starts again from the first match.
    expect(names((await get('/api/admin/supporters?q=ma&pageSize=2&after=2147483647')).data)).toEqual(['Marge Simpson', 'Mary Ann Evans']);
  });

  it('merges the matches of hundreds of campaigns in order, page after page', async () => {
    // More campaigns than one merged statement takes (200): each a signer named Yara.
    const campaigns = [];
    for (let i = 0; i < 205; i++) campaigns.push(await t.campaign());
    for (const [i, c] of campaigns.entries()) await addSupporters(t, c, 1, () => ({ name: `Yara ${String(i % 7)}`, email: `yara.${i}@example.org` }));
    const expected = campaigns.map((c, i) => ({ key: `yara ${i % 7}`, campaign: c.id })).sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.campaign - y.campaign));
    const seen: { key: string; campaign: number }[] = [];
    let path = '/api/admin/supporters?q=yara&pageSize=60';
    for (let page = 1; page <= 4; page++) {
      const found = (await t.api('GET', path, { cookie: admin })).body as { data: { id: number; name: string; campaign_id: number }[]; meta: { has_next: boolean } };
      seen.push(...found.data.map((s) => ({ key: s.name.toLowerCase(), campaign: s.campaign_id })));
      expect(found.meta.has_next).toBe(page < 4);
      path = `/api/admin/supporters?q=yara&pageSize=60&page=${page + 1}&after=${found.data.at(-1)!.id}`;
    }
    expect(seen).toEqual(expected);
  });

  it('refuses a search with control characters or past the longest address, with a message', async () => {
    for (const [q, error] of [
      ['a%00b', 'q contains invisible control characters; please remove them'],
      ['a%0Ab', 'q must be one line: remove the line breaks and tabs'],
      ['x'.repeat(255), 'q must be at most 254 characters'],
    ] as const) {
      for (const list of ['supporters', 'letters']) {
        const res = await t.api('GET', `/api/admin/${list}?q=${q}`, { cookie: admin });
        expect(res.status, q).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error });
      }
    }
    // Blank is no search: the newest rows, counted.
    expect((await get('/api/admin/supporters?q=%20%20')).meta).toMatchObject({ searched_by: null, total: 8 + 205 });
  });
});
