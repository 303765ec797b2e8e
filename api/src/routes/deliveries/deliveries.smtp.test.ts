/**
 * Deliveries as the clerk's mail server sees them: the app, its mail worker and a real SMTP server
 * (test/smtp.ts) over TCP. What arrives is read back (mailparser) and held to the database; the
 * admin's list then shows what the server answered.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignRow } from '../../db/types';
import { describeEachDatabase } from '../../../test/harness';
import { ACCEPT, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

const RECIPIENTS = ['clerk@springfield.example.gov', 'deputy.clerk@springfield.example.gov'];

const letter = (i: number, over: Record<string, unknown> = {}) => ({
  supporter_name: `Writer Number ${i}`,
  supporter_email: `writer${i}@example.org`,
  perspective: 'homeowner',
  street_address: `${i} Riverside Drive`,
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
  letter_content: `Dear Members of the Council,\n\nLetter number ${i}: please keep the park.\n\nWriter Number ${i}`,
  ...over,
});

describeEachDatabase(
  'deliveries over SMTP',
  (t) => {
    const admin = () => t.adminCookie();
    const mailFor = (messageId: string): ReceivedMail[] => sink.received.filter((m) => m.messageId === messageId);
    const listed = async (c: CampaignRow) =>
      (await t.api('GET', `/api/admin/campaigns/${c.id}/deliveries?pageSize=200`, { cookie: await admin() })).body.data as {
        id: number;
        letter_id: number | null;
        message_id: string;
        status: string;
        attempts: number;
        last_error: string | null;
        sent_at: string | null;
        smtp_response: string | null;
      }[];

    async function eachCampaign(title: string): Promise<CampaignRow> {
      return t.campaign({
        title,
        decision_body: 'Springfield City Council',
        project_name: 'Riverside Park rezoning',
        agenda_item_number: '7B',
        delivery_mode: 'each',
        delivery_recipients: RECIPIENTS,
        time_zone: 'America/Chicago',
      });
    }

    it('e-mails each letter as it is submitted: one message per letter, to every recipient, its text as submitted, and the list says sent', async () => {
      const c = await eachCampaign('Letters one by one');
      for (let i = 1; i <= 4; i++) {
        const res = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(i) });
        expect(res.status, res.text).toBe(201);
      }
      const letters = await t.db.ds.getRepository(t.db.entities.Letter).find({ where: { campaign_id: c.id }, order: { id: 'ASC' } });
      const deliveries = await t.db.ds.getRepository(t.db.entities.Delivery).find({ where: { campaign_id: c.id }, order: { id: 'ASC' } });
      expect(deliveries.map((d) => d.letter_id)).toEqual(letters.map((l) => l.id));

      await expect.poll(() => deliveries.every((d) => mailFor(d.message_id).length > 0), { timeout: 15_000 }).toBe(true);
      for (const [i, d] of deliveries.entries()) {
        const [mail, ...copies] = mailFor(d.message_id);
        expect(copies).toEqual([]);
        const l = letters[i]!;
        expect(mail!.envelope.to).toEqual(RECIPIENTS);
        expect(mail!.parsed.subject).toBe(`Public comment from ${l.supporter_name}: Riverside Park rezoning, agenda item 7B`);
        expect(mail!.parsed.text).toContain(l.letter_content);
        expect(mail!.parsed.text).toContain(`From: ${l.supporter_name} <${l.supporter_email}>`);
        expect(mail!.parsed.text).toContain(`Address: ${l.street_address}, Springfield, IL 62704`);
        expect(mail!.parsed.attachments).toEqual([]);
      }

      await expect.poll(async () => (await listed(c)).every((d) => d.status === 'sent'), { timeout: 10_000 }).toBe(true);
      for (const d of await listed(c)) {
        expect(d).toMatchObject({ attempts: 1, last_error: null });
        expect(d.smtp_response).toMatch(/^250 .*OK: queued as \d+/);
        expect(Date.parse(d.sent_at!)).toBeLessThanOrEqual(Date.now());
      }
    });

    it("shows a refused letter as failed, with the mail server's reason", async () => {
      const c = await eachCampaign('A refused letter');
      sink.answer = (m) => (m.parsed.subject?.includes('Refused Writer') ? { code: 554, message: 'Message rejected: mailbox disabled' } : ACCEPT);
      try {
        const res = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(1, { supporter_name: 'Refused Writer' }) });
        expect(res.status).toBe(201);
        await expect.poll(async () => (await listed(c))[0]?.status, { timeout: 10_000 }).toBe('failed');
        const [d] = await listed(c);
        expect(d!.last_error).toMatch(/554 Message rejected: mailbox disabled/);
        expect(d!.sent_at).toBeNull();
      } finally {
        sink.answer = () => ACCEPT;
      }
    });
  },
  {
    env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'Springfield Parks Coalition <comments@parks.example.org>' }),
    mailWorker: {},
  },
);

