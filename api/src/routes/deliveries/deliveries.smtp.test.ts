/**
 * Deliveries as the clerk's mail server sees them: the app, its mail worker (with the server's own
 * packet renderers) and a real SMTP server (test/smtp.ts) over TCP. What arrives is read back
 * (mailparser; the PDF through pdftotext, the CSV as a spreadsheet reads it) and held to the
 * database; the admin's list then shows what the server answered.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignRow } from '../../db/types';
import { queueDuePackets } from '../../deliveries/scheduler';
import { createLogger } from '../../http/logger';
import { addLetters } from '../../../test/admin-fixtures';
import { parseCsv } from '../../../test/csv';
import { describeEachDatabase } from '../../../test/harness';
import { packetLetters, pdfPages, words } from '../../../test/pdf';
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

    /** The packet the SMTP server received for a delivery: its PDF's pages and its CSV's records. */
    async function receivedPacket(messageId: string) {
      await expect.poll(() => mailFor(messageId).length, { timeout: 20_000 }).toBe(1);
      const [mail] = mailFor(messageId);
      const [pdf, csv] = mail!.parsed.attachments;
      expect([pdf!.contentType, csv!.contentType.split(';')[0]]).toEqual(['application/pdf', 'text/csv']);
      const [, header, ...rows] = parseCsv(csv!.content.toString('utf8').replace(/^\uFEFF/, ''));
      const column = (name: string) => rows.map((r) => r[header!.indexOf(name)]!);
      return { mail: mail!, pdf: pdf!.content, pages: pdfPages(pdf!.content), header: header!, rows, column };
    }

    it('sends the hearing packet now: the PDF and the CSV hold exactly the letters in the database, late ones marked, and the list says sent', async () => {
      const deadline = new Date(Date.now() - 30 * 60_000);
      const c = await t.campaign({
        title: 'Protect Riverside Park',
        decision_body: 'Springfield Planning Commission',
        agenda_item_number: '7B',
        delivery_mode: 'manual',
        delivery_recipients: RECIPIENTS,
        comment_deadline: deadline,
        time_zone: 'America/Chicago',
      });
      const minutesAgo = [90, 70, 50, 20, 10];
      await addLetters(t, c, 5, (i) => ({
        supporter_name: ['Ada Lovelace', 'Grace Hopper', 'Łukasz Wójcik-Nguyễn', 'Katherine Johnson', 'Dorothy Vaughan'][i],
        created_at: new Date(Date.now() - minutesAgo[i]! * 60_000),
      }));
      const res = await t.api('POST', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: await admin(), body: {} });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.letter_count).toBe(5);

      const { mail, pdf, pages, rows, column } = await receivedPacket(res.body.data.message_id);
      expect(mail.envelope.to).toEqual(RECIPIENTS);
      expect(mail.parsed.subject).toBe('Public comment packet: Protect Riverside Park, agenda item 7B (5 letters)');
      expect(mail.parsed.text).toContain('2 letters of them were submitted after the written-comment deadline');

      const letters = await t.db.ds.getRepository(t.db.entities.Letter).find({ where: { campaign_id: c.id }, order: { created_at: 'ASC', id: 'ASC' } });
      // The CSV: one row per letter, in submission order, the late ones said to be.
      expect(rows).toHaveLength(letters.length);
      expect(column('Name')).toEqual(letters.map((l) => l.supporter_name));
      expect(column('Email')).toEqual(letters.map((l) => l.supporter_email));
      expect(column('Letter')).toEqual(letters.map((l) => l.letter_content));
      expect(column('Late')).toEqual(['no', 'no', 'no', 'yes', 'yes']);
      // Times are written where the decision body sits: Chicago's offset at the deadline.
      const chicago = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'longOffset' }).format(deadline).replace(/^.*GMT/, '');
      for (const at of column('Submitted at')) expect(at.endsWith(chicago), at).toBe(true);
      // The PDF: the cover's totals, then each letter, the late ones marked, times in Chicago's zone.
      const cover = words(pages[0]!);
      expect(cover).toContain('Protect Riverside Park');
      expect(cover).toMatch(/\b5 letters\b/);
      expect(cover).toMatch(/\d:\d\d [AP]M C[SD]T\b/);
      const entries = packetLetters(pdf);
      for (const [i, l] of letters.entries()) {
        const entry = words(entries.get(i + 1)!);
        expect(entry, `letter ${i + 1}`).toContain(`Letter ${i + 1} of 5: ${l.supporter_name}`);
        expect(entry.includes('LATE: submitted after the written-comment deadline'), `letter ${i + 1} late`).toBe(i >= 3);
      }

      await expect.poll(async () => (await listed(c))[0]?.status, { timeout: 10_000 }).toBe('sent');
      expect((await listed(c))[0]!.smtp_response).toMatch(/^250 /);

      // The next packet, of the letters since: only the new one.
      await addLetters(t, c, 1, () => ({ supporter_name: 'Mary Jackson', created_at: new Date() }));
      const next = await t.api('POST', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: await admin(), body: { since: res.body.data.until } });
      expect(next.body.data.letter_count).toBe(1);
      const second = await receivedPacket(next.body.data.message_id);
      expect(second.column('Name')).toEqual(['Mary Jackson']);
      expect(second.column('Late')).toEqual(['yes']);
    });

    it('sends the automatic packet when its time comes, once, with the letters submitted in time', async () => {
      const deadline = new Date(Date.now() + 30 * 60_000);
      const c = await t.campaign({
        title: 'Keep the Library Open',
        delivery_mode: 'packet',
        delivery_recipients: RECIPIENTS,
        comment_deadline: deadline,
        delivery_lead_hours: 1,
        time_zone: 'America/Denver',
      });
      await addLetters(t, c, 3, (i) => ({ supporter_name: `Library Writer ${i + 1}`, created_at: new Date(Date.now() - (3 - i) * 60_000) }));
      const quiet = createLogger('silent');
      expect(await queueDuePackets(t.db, quiet)).toBeGreaterThanOrEqual(1);
      expect(await queueDuePackets(t.db, quiet)).toBe(0);
      const deliveries = await t.db.ds.getRepository(t.db.entities.Delivery).findBy({ campaign_id: c.id });
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ trigger: 'schedule', letter_count: 3 });
      const { column } = await receivedPacket(deliveries[0]!.message_id);
      expect(column('Name')).toEqual(['Library Writer 1', 'Library Writer 2', 'Library Writer 3']);
      expect(column('Late')).toEqual(['no', 'no', 'no']);
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

