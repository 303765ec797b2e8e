/**
 * `each` delivery mode: a submitted letter's e-mail to the recipients is queued in the same
 * transaction that stores the letter, and recorded as a delivery of that letter.
 */
import { expect, it } from 'vitest';
import type { CampaignRow } from '../../db/types';
import { describeEachDatabase } from '../../../test/harness';
import { queuedMail } from '../../../test/queued-mail';

const letter = (over: Record<string, unknown> = {}) => ({
  supporter_name: 'Grace Hopper',
  supporter_email: 'grace@example.org',
  perspective: 'veteran',
  message_point_ids: [] as number[],
  street_address: '1 Harbor Road',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
  phone_number: '(217) 555-0199',
  letter_content: 'Dear Members of the City Council,\n\nPlease keep Riverside Park a park.\n\nGrace Hopper',
  ...over,
});

describeEachDatabase('letters e-mailed one by one (each mode)', (t) => {
  const submit = (c: CampaignRow, over: Record<string, unknown> = {}) =>
    t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(over) });
  const deliveriesOf = (c: CampaignRow) =>
    t.db.ds.getRepository(t.db.entities.Delivery).find({ where: { campaign_id: c.id }, order: { id: 'ASC' } });

  it('queues each letter to the recipients as it is submitted, with who wrote it beneath', async () => {
    const c = await t.campaign({
      decision_body: 'Springfield City Council',
      project_name: 'Riverside Park rezoning',
      agenda_item_number: '7B',
      delivery_mode: 'each',
      delivery_recipients: ['clerk@springfield.gov'],
      time_zone: 'America/Chicago',
    });
    const res = await submit(c);
    expect(res.status, res.text).toBe(201);
    const stored = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ campaign_id: c.id });
    const [delivery, ...more] = await deliveriesOf(c);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ kind: 'letter', trigger: 'submit', letter_id: stored.id, letter_count: 1, recipients: ['clerk@springfield.gov'] });

    const mail = (await queuedMail(t)).find((m) => m.message_id === delivery!.message_id)!;
    expect(mail.to).toEqual(['clerk@springfield.gov']);
    expect(mail.subject).toBe('Public comment from Grace Hopper: Riverside Park rezoning, agenda item 7B');
    expect(mail.attachments ?? []).toEqual([]);
    expect(mail.text).toContain('Dear Members of the City Council,\n\nPlease keep Riverside Park a park.\n\nGrace Hopper\n\n-- \n');
    expect(mail.text).toContain('From: Grace Hopper <grace@example.org>\nAddress: 1 Harbor Road, Springfield, IL 62704\nPhone: (217) 555-0199\nPerspective: Veteran\nSubmitted: ');

    // The admin's list shows it, with its outbox status.
    const listed = await t.api('GET', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: await t.adminCookie() });
    expect(listed.body.data).toMatchObject([{ kind: 'letter', letter_id: stored.id, message_id: delivery!.message_id, status: 'queued' }]);
  });

  it('marks a letter submitted after the deadline as late in its e-mail', async () => {
    const deadline = new Date(Date.now() - 60_000);
    const c = await t.campaign({ delivery_mode: 'each', delivery_recipients: ['clerk@springfield.gov'], comment_deadline: deadline, time_zone: 'UTC' });
    expect((await submit(c)).status).toBe(201);
    const [delivery] = await deliveriesOf(c);
    const mail = (await queuedMail(t)).find((m) => m.message_id === delivery!.message_id)!;
    expect(mail.subject).toMatch(/^Public comment \(late\) from Grace Hopper: /);
    expect(mail.text).toMatch(/^Submitted after the written-comment deadline \(.+ UTC\)\.\n\n/);
  });

  it('e-mails nothing in packet and manual modes, or without recipients', async () => {
    const before = (await queuedMail(t)).length;
    for (const over of [
      { delivery_mode: 'manual' as const, delivery_recipients: ['clerk@springfield.gov'] },
      { delivery_mode: 'packet' as const, delivery_recipients: ['clerk@springfield.gov'], comment_deadline: new Date(Date.now() + 86_400_000) },
      { delivery_mode: 'each' as const, delivery_recipients: [] },
    ]) {
      const c = await t.campaign(over);
      expect((await submit(c)).status).toBe(201);
      expect(await deliveriesOf(c), over.delivery_mode).toEqual([]);
    }
    expect((await queuedMail(t)).length).toBe(before);
  });

  it('keeps letter_count exact and one e-mail per letter when many are submitted at once', async () => {
    const c = await t.campaign({ delivery_mode: 'each', delivery_recipients: ['clerk@springfield.gov'] });
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(c, { supporter_email: `writer${i}@example.org` })));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201));
    const letters = await t.db.ds.getRepository(t.db.entities.Letter).findBy({ campaign_id: c.id });
    const deliveries = await deliveriesOf(c);
    expect((await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id })).letter_count).toBe(20);
    expect(deliveries.map((d) => d.letter_id).sort()).toEqual(letters.map((l) => l.id).sort());
    expect(new Set(deliveries.map((d) => d.message_id)).size).toBe(20);
  });
});
