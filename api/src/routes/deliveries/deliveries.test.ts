/**
 * POST and GET /api/admin/campaigns/{id}/deliveries: a packet sent now, and the list of every
 * delivery with its e-mail's state. (What the SMTP server receives is deliveries.smtp.test.ts.)
 */
import { expect, it } from 'vitest';
import { countLetters } from '../../commands/queue-packet';
import type { CampaignRow } from '../../db/types';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { addLetters } from '../../../test/admin-fixtures';
import { queuedMail } from '../../../test/queued-mail';
import { storedStateChecksum } from '../../../test/reliability/db-checksum';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

async function deliveringCampaign(t: TestServer, over: Partial<CampaignRow> = {}): Promise<CampaignRow> {
  return t.campaign({
    title: 'Save the Riverside Park',
    decision_body: 'Springfield City Council',
    agenda_item_number: '7B',
    project_name: 'Riverside Park rezoning',
    delivery_recipients: ['clerk@springfield.gov', 'deputy@springfield.gov'],
    time_zone: 'America/Chicago',
    ...over,
  });
}

describeEachDatabase('deliveries', (t) => {
  const send = async (id: number, body: unknown = {}, cookie?: string) =>
    t.api('POST', `/api/admin/campaigns/${id}/deliveries`, { cookie: cookie ?? (await t.adminCookie()), body });
  const list = async (id: number, query = '') => t.api('GET', `/api/admin/campaigns/${id}/deliveries${query}`, { cookie: await t.adminCookie() });
  const mailTo = async (c: CampaignRow) => (await queuedMail(t)).filter((m) => m.attachments?.some((a) => a.campaign_id === c.id));

  it('is admin-only: 401 signed out, 403 for a user, and nothing is sent', async () => {
    const c = await deliveringCampaign(t);
    await addLetters(t, c, 1);
    const user = await t.userCookie();
    for (const [method, cookie, status] of [['GET', undefined, 401], ['POST', undefined, 401], ['GET', user, 403], ['POST', user, 403]] as const) {
      const res = await t.api(method, `/api/admin/campaigns/${c.id}/deliveries`, { cookie, body: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} as ${cookie ? 'user' : 'nobody'}`).toBe(status);
    }
    expect(await mailTo(c)).toEqual([]);
  });

  it('sends the packet now: one e-mail to every recipient with the PDF and CSV of every letter, recorded as a delivery', async () => {
    const c = await deliveringCampaign(t);
    await addLetters(t, c, 3, (i) => ({ created_at: ago(30 - i) }));
    const before = Date.now();
    const res = await send(c.id);
    expect(res.status, res.text).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({
      campaign_id: c.id,
      kind: 'packet',
      trigger: 'admin',
      recipients: ['clerk@springfield.gov', 'deputy@springfield.gov'],
      letter_count: 3,
      letter_id: null,
      since: null,
      status: 'queued',
      attempts: 0,
      last_error: null,
      sent_at: null,
      smtp_response: null,
    });
    expect(d.message_id).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    expect(new Date(d.until).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(d.until).getTime()).toBeLessThanOrEqual(Date.now());

    const [mail, ...more] = await mailTo(c);
    expect(more).toEqual([]);
    expect(mail!.message_id).toBe(d.message_id);
    expect(mail!.to).toEqual(['clerk@springfield.gov', 'deputy@springfield.gov']);
    expect(mail!.subject).toBe('Public comment packet: Riverside Park rezoning, agenda item 7B (3 letters)');
    expect(mail!.text).toContain('To the clerk of the Springfield City Council,');
    expect(mail!.text).toContain('Attached are 3 written public comments on Riverside Park rezoning, agenda item 7B.');
    // The attachments are rendered by the worker from exactly the delivery's letters.
    expect(mail!.attachments).toEqual([
      { kind: 'packet-pdf', campaign_id: c.id, since: null, until: d.until },
      { kind: 'packet-csv', campaign_id: c.id, since: null, until: d.until },
    ]);
  });

  it('sends only the letters submitted after `since`, and says which ones came after the deadline', async () => {
    const deadline = ago(20);
    const c = await deliveringCampaign(t, { comment_deadline: deadline });
    await addLetters(t, c, 4, (i) => ({ created_at: ago([40, 30, 10, 5][i]!) }));
    const since = ago(35).toISOString();
    const res = await send(c.id, { since });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ letter_count: 3, since });
    const mail = (await mailTo(c)).at(-1)!;
    expect(mail.attachments![0]).toMatchObject({ since, until: res.body.data.until });
    expect(mail.text).toMatch(/They are the letters submitted between .+ and .+\./);
    expect(mail.text).toContain('2 letters of them were submitted after the written-comment deadline (');
    expect(mail.text).toMatch(/ C[SD]T\) and are marked late\./);
  });

  it("says in its text whether the CSV lists the writers' e-mail, street address and phone, as the organiser chose", async () => {
    const withContacts = await deliveringCampaign(t);
    const without = await deliveringCampaign(t, { packet_csv_contacts: false });
    for (const c of [withContacts, without]) {
      await addLetters(t, c, 1, () => ({ created_at: ago(5) }));
      expect((await send(c.id)).status).toBe(201);
    }
    const text = async (c: CampaignRow) => (await mailTo(c)).at(-1)!.text.replace(/\s+/g, ' ');
    expect(await text(withContacts)).toContain("with each writer's e-mail, street address and phone for verifying the comments: it is not for publication.");
    expect(await text(without)).toContain("for verifying the comments; the organisers left out each writer's e-mail, street address and phone. It is not for publication");
    expect(await text(without)).not.toContain("with each writer's e-mail");
  });

  it('refuses, with a reason an organiser can act on, a packet with no one to send it to or nothing in it; nothing is recorded', async () => {
    const admin = await t.adminCookie();
    const noRecipients = await deliveringCampaign(t, { delivery_recipients: [] });
    await addLetters(t, noRecipients, 1);
    const empty = await deliveringCampaign(t);
    const quiet = await deliveringCampaign(t);
    await addLetters(t, quiet, 1, () => ({ created_at: ago(60) }));
    const before = await storedStateChecksum(t.db);
    const mails = (await queuedMail(t)).length;
    const cases: [string, number, unknown, number, string][] = [
      ['no recipients', noRecipients.id, {}, 409, "This campaign has no recipients: add the clerk's e-mail address on its Delivery tab first"],
      ['no letters', empty.id, {}, 409, 'This campaign has no letters yet: there is nothing to send'],
      ['nothing since', quiet.id, { since: ago(30).toISOString() }, 409, 'No letters were submitted since that time: there is nothing to send'],
      ['since in the future', quiet.id, { since: new Date(Date.now() + 3_600_000).toISOString() }, 400, 'since is in the future: no letter was submitted after it yet'],
      ['since without an offset', quiet.id, { since: '2026-01-01T10:00:00' }, 400, 'since must include its UTC offset, like 2026-06-09T17:00:00-07:00 (or Z for UTC)'],
      ['an unknown field', quiet.id, { until: '2026-01-01T10:00:00Z' }, 400, 'Unknown field "until": remove it and try again'],
      ['an unknown campaign', 987654, {}, 404, 'Campaign not found'],
    ];
    for (const [what, id, body, status, error] of cases) {
      const res = await send(id, body, admin);
      expect(res.status, what).toBe(status);
      expect(res.body, what).toMatchObject({ success: false, error });
    }
    expect(await storedStateChecksum(t.db)).toBe(before);
    expect((await queuedMail(t)).length).toBe(mails);
  });

  it('lists every delivery newest first with its e-mail status, and the letters submitted since the last packet', async () => {
    const c = await deliveringCampaign(t);
    await addLetters(t, c, 2, () => ({ created_at: ago(50) }));
    const first = (await send(c.id)).body.data;
    await addLetters(t, c, 1, () => ({ created_at: new Date() }));
    const second = (await send(c.id, { since: first.until })).body.data;
    expect(second.letter_count).toBe(1);
    await addLetters(t, c, 2, () => ({ created_at: new Date(Date.now() + 5) }));

    const res = await list(c.id);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: number }) => d.id)).toEqual([second.id, first.id]);
    expect(res.body.data[1]).toEqual(first);
    expect(res.body.meta).toEqual({
      page: 1,
      pageSize: 50,
      total: 2,
      pageCount: 1,
      letters_since_last_packet: 2,
      last_packet_until: second.until,
      next_automatic_at: null,
    });
    const paged = await list(c.id, '?page=2&pageSize=1');
    expect(paged.body.data.map((d: { id: number }) => d.id)).toEqual([first.id]);
    expect(paged.body.meta).toMatchObject({ page: 2, pageSize: 1, total: 2, pageCount: 2 });

    // A campaign that never sent a packet: every letter is waiting.
    const fresh = await deliveringCampaign(t);
    await addLetters(t, fresh, 3);
    expect((await list(fresh.id)).body.meta).toMatchObject({ total: 0, letters_since_last_packet: 3, last_packet_until: null });
    expect((await list(987654)).status).toBe(404);
  });

  it('counts exactly the letters its PDF and CSV will hold, while letters keep arriving', async () => {
    const c = await deliveringCampaign(t);
    await addLetters(t, c, 1, () => ({ created_at: ago(10) }));
    const admin = await t.adminCookie();
    const body = (i: number) => ({
      supporter_name: 'Writer Racing',
      supporter_email: `racer${i}@example.org`,
      perspective: 'parent',
      street_address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      letter_content: `Letter ${i}`,
    });
    // Letters stream in, ten at a time, while packets are sent one after another, each picking up
    // where the last ended.
    let streaming = true;
    const letters = (async () => {
      const statuses: number[] = [];
      for (let wave = 0; wave < 12; wave++) {
        const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: body(wave * 10 + i) })));
        statuses.push(...replies.map((r) => r.status));
      }
      streaming = false;
      return statuses;
    })();
    const packets: { letter_count: number; since: string | null; until: string }[] = [];
    let since: string | null = null;
    const sendNext = async () => {
      const res = await send(c.id, since ? { since } : {}, admin);
      if (res.status === 409) return; // nothing new yet
      expect(res.status, res.text).toBe(201);
      packets.push(res.body.data);
      since = res.body.data.until;
    };
    while (streaming) await sendNext();
    expect(await letters).toEqual(Array(120).fill(201));
    await sendNext();
    // What each packet counted when it was made is what its range holds now that every letter is in:
    // no letter committed late into a range already sent, none in two, none in no packet.
    // (Counted in SQL: PostgreSQL keeps microseconds that a JS Date would round away.)
    for (const p of packets) {
      const inRange = await countLetters(t.db.ds.manager, t.db, c.id, p.since ? new Date(p.since) : null, new Date(p.until));
      expect(inRange, `packet ${p.since} .. ${p.until}`).toBe(p.letter_count);
    }
    expect(packets.length).toBeGreaterThan(3);
    expect(packets.reduce((n, p) => n + p.letter_count, 0)).toBe(121);
  });

  it('says when the next automatic packet is due in packet mode', async () => {
    const deadline = new Date(Date.now() + 48 * 3_600_000);
    const c = await deliveringCampaign(t, { delivery_mode: 'packet', comment_deadline: deadline, delivery_lead_hours: 24 });
    expect((await list(c.id)).body.meta.next_automatic_at).toBe(new Date(deadline.getTime() - 24 * 3_600_000).toISOString());
    const manual = await deliveringCampaign(t, { delivery_mode: 'manual', comment_deadline: deadline });
    expect((await list(manual.id)).body.meta.next_automatic_at).toBeNull();
    // Packet mode still waiting for its deadline, or for a recipient: no time is promised.
    const noDeadline = await deliveringCampaign(t, { delivery_mode: 'packet', delivery_lead_hours: 24 });
    const noRecipients = await deliveringCampaign(t, { delivery_mode: 'packet', comment_deadline: deadline, delivery_recipients: [] });
    for (const c of [noDeadline, noRecipients]) {
      const res = await list(c.id);
      expect([res.status, res.body.meta.next_automatic_at], c.title).toEqual([200, null]);
    }
  });
});
