import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, TEST_WORKER_OPTIONS } from '../../test/harness';
import { addLetters } from '../../test/admin-fixtures';
import { packetColumns } from '../../test/csv';
import { packetLetters, pdfPages } from '../../test/pdf';
import { startSmtpSink, type SmtpSink } from '../../test/smtp';
import { createLogger } from '../http/logger';
import { queueMail } from '../mail/outbox';
import { smtpTransport } from '../mail/transports';
import { MailWorker } from '../mail/worker';
import { packetAttachmentRenderers } from './attachments';

const FROM = 'Dais Test <dais@example.org>';
const T0 = Date.UTC(2025, 0, 6, 17, 0);

/** RFC 4180 records (quoted cells with line breaks and doubled quotes). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') record.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') record.push(field), records.push(record), (record = []), (field = ''), i++;
    else field += c;
  }
  return records;
}

describeEachDatabase('the hearing packet as e-mail attachments, through the mail worker and a real SMTP server', (t) => {
  let sink: SmtpSink;
  let worker: MailWorker | undefined;
  beforeEach(async () => {
    sink = await startSmtpSink();
    worker = new MailWorker(
      {
        db: t.db,
        logger: createLogger('silent'),
        transport: smtpTransport({ transport: 'smtp', smtpUrl: sink.url, from: FROM, messageIdDomain: 'example.org' }),
        from: FROM,
        renderers: packetAttachmentRenderers,
      },
      TEST_WORKER_OPTIONS,
    );
    await worker.start();
  });
  afterEach(async () => {
    await worker?.stop(500);
    await sink.stop();
  });

  it('delivers the PDF and the CSV of the letters in the window, matching the database', async () => {
    const campaign = await t.campaign({ title: 'Save Riverside Park', agenda_item_number: '7B' });
    const letters = await addLetters(t, campaign, 4, (i) => ({
      supporter_name: ['Ada Lovelace', 'Дмитрий Иванов', '王小明', 'محمد علي'][i],
      created_at: new Date(T0 + i * 60_000),
    }));
    // The window leaves out the first letter (before since) and none after until.
    const attachment = { campaign_id: campaign.id, since: new Date(T0).toISOString(), until: new Date(T0 + 10 * 60_000).toISOString() };
    await t.db.transaction((m) =>
      queueMail(m, {
        to: ['clerk@city.example.gov'],
        subject: 'Public comment packet: Save Riverside Park (3 letters)',
        text: 'Attached.',
        attachments: [
          { kind: 'packet-pdf', ...attachment },
          { kind: 'packet-csv', ...attachment },
        ],
      }),
    );
    const [mail] = await sink.waitFor(1);
    const [pdf, csv] = mail!.parsed.attachments;
    expect([pdf!.filename, pdf!.contentType, csv!.filename, csv!.contentType]).toEqual([
      'hearing-packet-save-riverside-park.pdf',
      'application/pdf',
      'hearing-packet-save-riverside-park.csv',
      'text/csv',
    ]);

    const pages = pdfPages(pdf!.content);
    // The cover: 3 letters, no signature in the window, none personal.
    expect(pdfPages(pdf!.content, true)[0]).toMatch(/^\s*3\s+0\s+0\s*$/m);
    const later = letters.slice(1);
    const entries = packetLetters(pdf!.content);
    expect(entries.size).toBe(3);
    later.forEach((l, i) => expect(entries.get(i + 1)).toContain(`Letter ${i + 1} of 3: ${l.supporter_name}`));
    pages.forEach((page, i) => expect(page).toContain(`Save Riverside Park - page ${i + 1}`));

    const [notice, header, ...rows] = csvRecords(csv!.content.toString('utf8').replace(/^\ufeff/, ''));
    expect(notice![0]).toMatch(/^Not for publication/);
    expect(header![1]).toBe('Name');
    expect(packetColumns([notice!, header!, ...rows], 'Agenda item', 'Name', 'Email', 'Packet letter no.', 'Letter')).toEqual(
      later.map((l, i) => ['7B', l.supporter_name, l.supporter_email, String(i + 1), l.letter_content]),
    );
  });

  it('fails a packet for a campaign that does not exist, with a reason, and sends nothing', async () => {
    const until = new Date().toISOString();
    const { id } = await t.db.transaction((m) =>
      queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Nothing', text: 'x', attachments: [{ kind: 'packet-pdf', campaign_id: 999_999, since: null, until }] }),
    );
    const outbox = t.db.ds.getRepository(t.db.entities.MailOutbox);
    await expect.poll(async () => (await outbox.findOneByOrFail({ id })).status, { timeout: 10_000 }).toBe('failed');
    expect((await outbox.findOneByOrFail({ id })).last_error).toContain('Campaign 999999 no longer exists');
    expect(sink.received).toHaveLength(0);
  });
});
