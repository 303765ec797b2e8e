/**
 * The campaign's Delivery tab on the existing campaign calls: recipients, the written-comment
 * deadline (an instant with its offset, read back in the campaign's time zone), the time zone, the
 * mode, the lead time and whether the packet CSV has the writers' contact details; every refusal a
 * 400 a person can act on, with nothing changed.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { storedStateChecksum } from '../../../test/reliability/db-checksum';

const DAY = 86_400_000;
/** A deadline safely ahead whatever the machine's date, on a whole minute, in June (daylight time in the US). */
function futureJune(hourUtc = 0): string {
  const year = new Date().getUTCFullYear() + 1;
  return new Date(Date.UTC(year, 5, 10, hourUtc)).toISOString().replace('.000Z', 'Z');
}

describeEachDatabase('campaign delivery settings', (t) => {
  const readCampaign = (id: number) => t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id });
  const put = async (id: number, body: unknown) => t.api('PUT', `/api/admin/campaigns/${id}`, { cookie: await t.adminCookie(), body });

  it('starts a new campaign with no recipients, no deadline, no zone, manual delivery and a 24-hour lead', async () => {
    const res = await t.api('POST', '/api/admin/campaigns', {
      cookie: await t.adminCookie(),
      body: { title: 'Save the Riverside Park', description: 'Ask the council to keep the park a park.' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      delivery_recipients: [],
      comment_deadline: null,
      time_zone: null,
      delivery_mode: 'manual',
      delivery_lead_hours: 24,
      packet_csv_contacts: true,
      delivery: null,
    });
  });

  it("leaves the writers' contact details out of the packet CSV once the organiser says so, and reads the choice back; the public never sees it", async () => {
    const c = await t.campaign();
    const res = await put(c.id, { packet_csv_contacts: false });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.packet_csv_contacts).toBe(false);
    expect((await readCampaign(c.id)).packet_csv_contacts).toBe(false);
    const read = await t.api('GET', `/api/admin/campaigns/${c.id}`, { cookie: await t.adminCookie() });
    expect(read.body.data.packet_csv_contacts).toBe(false);
    expect((await t.api('GET', `/api/campaigns/${c.id}`)).text).not.toContain('packet_csv_contacts');
    const created = await t.api('POST', '/api/admin/campaigns', {
      cookie: await t.adminCookie(),
      body: { title: 'Save the Riverside Park', description: 'Ask the council to keep the park a park.', packet_csv_contacts: false },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.packet_csv_contacts).toBe(false);
  });

  it('saves the Delivery tab and reads the deadline back in the campaign\'s own time zone, whatever offset it was sent with', async () => {
    const c = await t.campaign();
    const deadline = futureJune(0); // midnight UTC is 5 PM the day before in Los Angeles (PDT, -07:00)
    const res = await put(c.id, {
      delivery_recipients: ['  clerk@springfield.gov ', 'Deputy.Clerk@springfield.gov', 'CLERK@springfield.gov'],
      comment_deadline: deadline,
      time_zone: 'america/los_angeles',
      delivery_mode: 'packet',
      delivery_lead_hours: 48,
    });
    expect(res.status, res.text).toBe(200);
    const year = new Date(deadline).getUTCFullYear();
    expect(res.body.data).toMatchObject({
      // Trimmed, and a repeat in another case is the same mailbox.
      delivery_recipients: ['clerk@springfield.gov', 'Deputy.Clerk@springfield.gov'],
      comment_deadline: `${year}-06-09T17:00:00-07:00`,
      // Stored as the platform spells the zone.
      time_zone: 'America/Los_Angeles',
      delivery_mode: 'packet',
      delivery_lead_hours: 48,
    });
    const stored = await readCampaign(c.id);
    expect(stored.comment_deadline!.toISOString()).toBe(new Date(deadline).toISOString());
    const read = await t.api('GET', `/api/admin/campaigns/${c.id}`, { cookie: await t.adminCookie() });
    expect(read.body.data.comment_deadline).toBe(`${year}-06-09T17:00:00-07:00`);

    // Without a zone the deadline reads in UTC; an offset in the input is kept as the instant it names.
    const other = await t.campaign();
    const utc = await put(other.id, { comment_deadline: `${year}-06-09T17:00:00+02:00` });
    expect(utc.body.data.comment_deadline).toBe(`${year}-06-09T15:00:00+00:00`);
    // A deadline can be cleared.
    expect((await put(other.id, { comment_deadline: null })).body.data.comment_deadline).toBeNull();
  });

  it('tells the public how and by when letters are delivered, never to which addresses', async () => {
    const c = await t.campaign({ decision_body: 'Springfield City Council' });
    const deadline = futureJune(0);
    await put(c.id, {
      delivery_recipients: ['clerk@springfield.gov'],
      comment_deadline: deadline,
      time_zone: 'America/Chicago',
      delivery_mode: 'each',
    });
    const res = await t.api('GET', `/api/campaigns/${c.id}`);
    const year = new Date(deadline).getUTCFullYear();
    expect(res.body.data.delivery).toEqual({ mode: 'each', deadline: `${year}-06-09T19:00:00-05:00`, time_zone: 'America/Chicago' });
    expect(res.body.data.decision_body).toBe('Springfield City Council');
    expect(res.text).not.toContain('clerk@springfield.gov');
    expect(res.text).not.toContain('delivery_recipients');

    // Manual delivery with a deadline still promises the deadline; without either, nothing is promised.
    await put(c.id, { delivery_mode: 'manual' });
    expect((await t.api('GET', `/api/campaigns/${c.id}`)).body.data.delivery).toMatchObject({ mode: 'manual' });
    await put(c.id, { comment_deadline: null, delivery_recipients: [] });
    expect((await t.api('GET', `/api/campaigns/${c.id}`)).body.data.delivery).toBeNull();
  });

  it('refuses malformed recipients, deadlines without an offset or in the past, unknown modes and zones with a 400 that says what to fix, and changes nothing', async () => {
    const c = await t.campaign();
    const year = new Date().getUTCFullYear() + 1;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['recipients as one string', { delivery_recipients: 'clerk@springfield.gov' }, 'delivery_recipients', 'Recipients must be a list of e-mail addresses, like ["clerk@springfield.gov"]'],
      ['a malformed address', { delivery_recipients: ['clerk@springfield.gov', 'clerk@@springfield'] }, 'delivery_recipients.1', 'Recipient "clerk@@springfield" is not an e-mail address: write each one like clerk@springfield.gov'],
      ['two addresses in one', { delivery_recipients: ['clerk@springfield.gov, deputy@springfield.gov'] }, 'delivery_recipients.0', 'Recipient "clerk@springfield.gov, deputy@springfield.gov" is not an e-mail address: write each one like clerk@springfield.gov'],
      ['an empty address', { delivery_recipients: [' '] }, 'delivery_recipients.0', 'A recipient is empty: remove it or write an e-mail address like clerk@springfield.gov'],
      ['a number in the list', { delivery_recipients: [42] }, 'delivery_recipients.0', 'Recipients must be a list of e-mail addresses, like ["clerk@springfield.gov"]'],
      ['too many recipients', { delivery_recipients: Array.from({ length: 21 }, (_, i) => `clerk${i}@springfield.gov`) }, 'delivery_recipients', 'At most 20 recipients'],
      ['a deadline without its offset', { comment_deadline: `${year}-06-09T17:00:00` }, 'comment_deadline', 'The written-comment deadline must include its UTC offset, like 2026-06-09T17:00:00-07:00 (or Z for UTC)'],
      ['a date without a time', { comment_deadline: `${year}-06-09` }, 'comment_deadline', 'The written-comment deadline must be a date and time like 2026-06-09T17:00:00-07:00'],
      ['a day that does not exist', { comment_deadline: `${year}-02-30T17:00:00Z` }, 'comment_deadline', 'The written-comment deadline must be a real date and time, like 2026-06-09T17:00:00-07:00'],
      ['a deadline in the past', { comment_deadline: new Date(Date.now() - DAY).toISOString() }, 'comment_deadline', 'The written-comment deadline is in the past: choose a time still to come'],
      ['an unknown mode', { delivery_mode: 'weekly' }, 'delivery_mode', 'Delivery mode must be packet, each or manual'],
      ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, 'time_zone', '"Mars/Olympus_Mons" is not a time zone: use a name like America/Chicago or Europe/Berlin'],
      ['an offset for a zone', { time_zone: '+05:00' }, 'time_zone', '"+05:00" is not a time zone: use a name like America/Chicago or Europe/Berlin'],
      ['a lead of more than a week', { delivery_lead_hours: 169 }, 'delivery_lead_hours', 'Send the packet between 0 and 168 hours (a week) before the deadline, in whole hours'],
      ['a fractional lead', { delivery_lead_hours: 1.5 }, 'delivery_lead_hours', 'Send the packet between 0 and 168 hours (a week) before the deadline, in whole hours'],
      ['packet mode with no one to send to', { delivery_mode: 'packet', comment_deadline: futureJune() }, 'delivery_recipients', 'Add at least one recipient: the packet is e-mailed to them'],
      ['packet mode without a deadline', { delivery_mode: 'packet', delivery_recipients: ['clerk@springfield.gov'] }, 'comment_deadline', 'Set the written-comment deadline: the packet is sent automatically before it'],
      ['each mode with no one to send to', { delivery_mode: 'each' }, 'delivery_recipients', 'Add at least one recipient: each letter is e-mailed to them'],
      ...(['no', 0, null, 'false'] as const).map((v): [string, Record<string, unknown>, string, string] => [
        `the packet CSV's contact details as ${JSON.stringify(v)}`,
        { packet_csv_contacts: v },
        'packet_csv_contacts',
        "packet_csv_contacts must be true or false: whether the packet CSV lists each writer's e-mail, street address and phone",
      ]),
    ];
    const cookie = await t.adminCookie();
    const before = await storedStateChecksum(t.db);
    for (const [what, body, field, message] of cases) {
      const res = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie, body: { title: 'A title that would change', ...body } });
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ success: false, code: 'validation_failed', error: message, field });
    }
    // The same rules hold when a campaign is created with them.
    const created = await t.api('POST', '/api/admin/campaigns', {
      cookie,
      body: { title: 'Save the Riverside Park', description: 'Ask the council to keep the park a park.', delivery_mode: 'each' },
    });
    expect(created.body).toMatchObject({ code: 'validation_failed', field: 'delivery_recipients' });
    const contacts = await t.api('POST', '/api/admin/campaigns', {
      cookie,
      body: { title: 'Save the Riverside Park', description: 'Ask the council to keep the park a park.', packet_csv_contacts: 'yes' },
    });
    expect([contacts.status, contacts.body.success, contacts.body.field]).toEqual([400, false, 'packet_csv_contacts']);
    expect(await storedStateChecksum(t.db)).toBe(before);
  });

  it('saves a campaign whose deadline has passed as it is, but never sets a deadline in the past', async () => {
    const c = await t.campaign({ delivery_recipients: ['clerk@springfield.gov'], delivery_mode: 'packet', comment_deadline: new Date(Date.now() - DAY) });
    const read = await t.api('GET', `/api/admin/campaigns/${c.id}`, { cookie: await t.adminCookie() });
    // The admin form sends back everything it read, the passed deadline included.
    const { delivery_recipients, comment_deadline, time_zone, delivery_mode, delivery_lead_hours } = read.body.data;
    const resaved = await put(c.id, { title: 'A new title for it', delivery_recipients, comment_deadline, time_zone, delivery_mode, delivery_lead_hours });
    expect(resaved.status, resaved.text).toBe(200);
    expect(resaved.body.data.title).toBe('A new title for it');
    const moved = await put(c.id, { comment_deadline: new Date(Date.now() - 2 * DAY).toISOString() });
    expect(moved.status).toBe(400);
    expect((await readCampaign(c.id)).comment_deadline!.getTime()).toBe(c.comment_deadline!.getTime());
  });

  it('describes the fields in the OpenAPI document, on the campaign read, update and create', async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body;
    const fields = ['delivery_recipients', 'comment_deadline', 'time_zone', 'delivery_mode', 'delivery_lead_hours', 'packet_csv_contacts'];
    for (const schema of ['AdminCampaign', 'CampaignUpdate', 'CampaignCreate']) {
      expect(Object.keys(doc.components.schemas[schema].properties), schema).toEqual(expect.arrayContaining(fields));
    }
    expect(doc.components.schemas.CampaignUpdate.properties.delivery_mode.enum).toEqual(['packet', 'each', 'manual']);
    expect(Object.keys(doc.components.schemas.PublicCampaign.properties)).toContain('delivery');
    expect(Object.keys(doc.components.schemas.PublicCampaign.properties)).not.toContain('delivery_recipients');
  });
});
