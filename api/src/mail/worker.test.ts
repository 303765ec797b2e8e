import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, TEST_WORKER_OPTIONS, type TestServer } from '../../test/harness';
import { packetStandIn } from '../../test/mail/packet-stand-in';
import { ACCEPT, startSmtpSink, type SmtpSink } from '../../test/smtp';
import { createLogger } from '../http/logger';
import { claimDue } from './claims';
import { NO_SMTP_REASON } from './mail-config';
import { prepareOutbox, queueMail, readOutbox, type MailToQueue } from './outbox';
import { smtpTransport, type MailTransport } from './transports';
import { MailWorker, type MailWorkerOptions } from './worker';

const FROM = 'Dais Test <dais@example.org>';

describeEachDatabase('the mail worker, against a real SMTP server', (t) => {
  let sink: SmtpSink;
  const workers: MailWorker[] = [];

  beforeEach(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(500)));
    await sink.stop();
    // What a test left waiting must not be sent by the next test's worker.
    await t.db.ds.query(`UPDATE "mail_outbox" SET "status" = 'failed' WHERE "status" IN ('queued', 'sending')`);
  });

  const smtp = (url = sink.url) => smtpTransport({ transport: 'smtp', smtpUrl: url, from: FROM, messageIdDomain: 'example.org' });
  const startWorker = async (options: Partial<MailWorkerOptions> = {}, transport: MailTransport = smtp()) => {
    const w = new MailWorker(
      { db: t.db, logger: createLogger('silent'), transport, from: FROM, renderers: packetStandIn },
      { ...TEST_WORKER_OPTIONS, ...options, retry: { ...TEST_WORKER_OPTIONS.retry!, ...options.retry } },
    );
    workers.push(w);
    await w.start();
    return w;
  };
  const queue = (mail: Partial<MailToQueue> = {}) =>
    t.db.transaction((m) => queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Public comment', text: 'Hello clerk.', ...mail }));
  const row = (id: number) => t.db.ds.getRepository(t.db.entities.MailOutbox).findOneByOrFail({ id });

  it('sends a queued message: envelope, headers, the Message-ID fixed at queue time, text and attachments made at send time', async () => {
    const campaign = await t.campaign({ title: 'Save Riverside Park' });
    for (const [name, city] of [
      ['Łukasz Wójcik-Nguyễn', 'Springfield'],
      ['Ada "Quoted", Lovelace', 'Shelbyville'],
    ] as const) {
      await t.db.ds.getRepository(t.db.entities.Letter).insert({
        campaign_id: campaign.id,
        letter_content: `Dear council, keep the park. =SUM(A1) ${name}`,
        supporter_name: name,
        supporter_email: 'someone@example.org',
        street_address: '1 Main St',
        city,
        state: 'CA',
        zip_code: '90210',
        phone_number: null,
        perspective: 'parent',
        campaign_title: campaign.title,
        message_point_ids: [],
      });
    }
    const until = new Date(Date.now() + 1000).toISOString();
    const queued = await queue({
      to: ['clerk@city.example.gov', 'deputy@city.example.gov'],
      subject: 'Public comment packet: Save Riverside Park (2 letters)',
      text: 'Attached are 2 letters.\nSent by Dais.',
      attachments: [
        { kind: 'packet-pdf', campaign_id: campaign.id, since: null, until },
        { kind: 'packet-csv', campaign_id: campaign.id, since: null, until },
      ],
    });
    expect(queued.message_id).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    await startWorker();

    const [mail] = await sink.waitFor(1);
    expect(mail!.envelope).toEqual({ from: 'dais@example.org', to: ['clerk@city.example.gov', 'deputy@city.example.gov'] });
    const p = mail!.parsed;
    expect(p.messageId).toBe(queued.message_id);
    expect(p.from?.text).toBe('"Dais Test" <dais@example.org>');
    expect(p.subject).toBe('Public comment packet: Save Riverside Park (2 letters)');
    expect(p.text).toBe('Attached are 2 letters.\nSent by Dais.');
    expect(p.headers.get('auto-submitted')).toBe('auto-generated');
    const stored = await row(queued.id);
    // Date is when it was queued: every try of a message says the same.
    expect(Math.abs(p.date!.getTime() - stored.created_at.getTime())).toBeLessThan(1000);

    expect(p.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`packet-campaign-${campaign.id}.pdf`, 'application/pdf'],
      [`packet-campaign-${campaign.id}.csv`, 'text/csv'],
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-mail-'));
    fs.writeFileSync(path.join(dir, 'packet.pdf'), p.attachments[0]!.content);
    const pdfText = execFileSync('pdftotext', ['-layout', path.join(dir, 'packet.pdf'), '-'], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(pdfText).toContain('Save Riverside Park');
    expect(pdfText).toContain('2 letters');
    const csv = p.attachments[1]!.content.toString('utf8');
    expect(csv).toContain('"Ada ""Quoted"", Lovelace","Shelbyville"');
    expect(csv).toContain('Łukasz Wójcik-Nguyễn');

    await expect.poll(async () => (await row(queued.id)).status).toBe('sent');
    const sent = await row(queued.id);
    expect(sent).toMatchObject({ attempts: 1, last_error: null, lease_until: null });
    // What the deliveries list shows of it: every field, as stored.
    const state = (await readOutbox(t.db, [queued.id])).get(queued.id);
    expect(state).toEqual({
      id: queued.id,
      message_id: queued.message_id,
      status: 'sent',
      attempts: 1,
      next_attempt_at: sent.next_attempt_at,
      last_error: null,
      smtp_response: sent.smtp_response,
      sent_at: sent.sent_at,
      created_at: sent.created_at,
    });
    expect((await readOutbox(t.db, [])).size).toBe(0);
    expect(sent.smtp_response).toMatch(/^250 .*OK: queued as 1/);
    expect(sent.sent_at).toBeInstanceOf(Date);
  });

  it('is woken by the commit that queued mail, not by its poll; a rolled-back transaction sends nothing', async () => {
    await startWorker({ pollMs: 60_000 });
    await expect(
      t.db.transaction(async (m) => {
        await queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Never decided', text: 'rolled back' });
        throw new Error('the decision failed');
      }),
    ).rejects.toThrow('the decision failed');
    const started = Date.now();
    const queued = await queue({ subject: 'Woken by the commit' });
    const [mail] = await sink.waitFor(1, 5_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(mail!.messageId).toBe(queued.message_id);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.offered.map((o) => o.parsed.subject)).toEqual(['Woken by the commit']);
  });

  it('retries a temporary refusal (451) after a backoff, then sends it with the same Message-ID', async () => {
    sink.answer = (m) => (m.offeredBefore === 0 ? { code: 451, message: 'Greylisted, please try again later' } : ACCEPT);
    const queued = await queue({ subject: 'Greylisted first' });
    await startWorker({ retry: { baseMs: 1_500, maxMs: 10_000, maxAttempts: 5 } });

    await expect.poll(async () => (await row(queued.id)).last_error, { timeout: 5_000 }).toMatch(/^451 Greylisted, please try again later/);
    const waiting = await row(queued.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, claimed_by: null });
    // 1.5 s, give or take the fifth of jitter.
    const wait = waiting.next_attempt_at.getTime() - waiting.updated_at.getTime();
    expect(wait).toBeGreaterThan(1_100);
    expect(wait).toBeLessThan(1_900);
    expect(sink.received).toHaveLength(0);

    const [mail] = await sink.waitFor(1, 10_000);
    expect(mail!.messageId).toBe(queued.message_id);
    expect(sink.offered.map((o) => o.parsed.messageId)).toEqual([queued.message_id, queued.message_id]);
    await expect.poll(async () => (await row(queued.id)).status).toBe('sent');
    expect(await row(queued.id)).toMatchObject({ attempts: 2, last_error: null });
  });

  it('fails a permanent refusal (550) at once and never tries it again', async () => {
    sink.answer = () => ({ code: 550, message: '5.7.1 Message rejected as spam' });
    const queued = await queue({ subject: 'Refused for good' });
    await startWorker({ pollMs: 50 });
    await expect.poll(async () => (await row(queued.id)).status).toBe('failed');
    expect(await row(queued.id)).toMatchObject({ attempts: 1, last_error: '550 5.7.1 Message rejected as spam', smtp_response: null, sent_at: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.offered).toHaveLength(1);
  });

  it('fails a message whose only recipient the server refuses (550 at RCPT TO)', async () => {
    sink.answerRecipient = (address) => (address === 'nobody@city.example.gov' ? { code: 550, message: '5.1.1 No such user here' } : ACCEPT);
    const queued = await queue({ to: ['nobody@city.example.gov'] });
    await startWorker();
    await expect.poll(async () => (await row(queued.id)).status).toBe('failed');
    expect((await row(queued.id)).last_error).toContain('550 5.1.1 No such user here');
    expect(sink.offered).toHaveLength(0);
  });

  it('sends to the recipients the server takes and records the one it refused', async () => {
    sink.answerRecipient = (address) => (address === 'nobody@city.example.gov' ? { code: 550, message: '5.1.1 No such user here' } : ACCEPT);
    const queued = await queue({ to: ['clerk@city.example.gov', 'nobody@city.example.gov'] });
    await startWorker();
    const [mail] = await sink.waitFor(1);
    expect(mail!.envelope.to).toEqual(['clerk@city.example.gov']);
    await expect.poll(async () => (await row(queued.id)).status).toBe('sent');
    expect((await row(queued.id)).last_error).toMatch(/^The server refused nobody@city\.example\.gov \(550 5\.1\.1 No such user here\)/);
  });

  it('retries while the server cannot be reached, recording why, and gives up after the last try', async () => {
    const closed = await startSmtpSink();
    await closed.stop();
    const queued = await queue({ subject: 'Nobody home' });
    await startWorker({ retry: { baseMs: 50, maxMs: 100, maxAttempts: 3 } }, smtp(closed.url));
    await expect.poll(async () => (await row(queued.id)).status, { timeout: 10_000 }).toBe('failed');
    const failed = await row(queued.id);
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/^Gave up after 3 tries: Could not talk to the SMTP server: .*ECONNREFUSED/);
  });

  it("sends a crashed process's message once its lease runs out, not before", async () => {
    const queued = await queue({ subject: 'Claimed by a process that died' });
    // What a process killed in the middle of sending leaves behind: its claim, with a lease.
    const [claimed] = await claimDue(t.db, 'another-machine/4242/deadbeef', 10, 1_500);
    expect(claimed?.id).toBe(queued.id);
    const claimedAt = Date.now();
    await startWorker({ pollMs: 100 });
    const [mail] = await sink.waitFor(1, 10_000);
    expect(Date.now() - claimedAt).toBeGreaterThan(1_200);
    expect(mail!.messageId).toBe(queued.message_id);
    await expect.poll(async () => (await row(queued.id)).status).toBe('sent');
    // The crashed try counts.
    expect((await row(queued.id)).attempts).toBe(2);
  });

  it('lets a message being sent finish when stopped within the grace period', async () => {
    let release: () => void = () => undefined;
    sink.answer = () => new Promise((resolve) => (release = () => resolve(ACCEPT)));
    const queued = await queue({ subject: 'Finished while stopping' });
    const w = await startWorker();
    await expect.poll(() => sink.offered.length).toBe(1);
    const stopping = w.stop(5_000);
    setTimeout(() => release(), 200);
    expect(await stopping).toEqual({ cut: false });
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('gives a message back to the queue when stopped in the middle of sending it, and the next worker sends it', async () => {
    sink.answer = (m) => (m.offeredBefore === 0 ? new Promise(() => undefined) : ACCEPT); // the first DATA never gets an answer
    const queued = await queue({ subject: 'Interrupted by a stop' });
    const first = await startWorker();
    await expect.poll(() => sink.offered.length).toBe(1);
    expect(await first.stop(300)).toEqual({ cut: true });
    expect(await row(queued.id)).toMatchObject({ status: 'queued', attempts: 0, claimed_by: null, lease_until: null });

    await startWorker();
    const [mail] = await sink.waitFor(1);
    expect(mail!.messageId).toBe(queued.message_id);
    await expect.poll(async () => (await row(queued.id)).status).toBe('sent');
  });

  it('logs in with the user name and password in SMTP_URL, and retries with a clear reason when they are wrong', async () => {
    const guarded = await startSmtpSink({ auth: { user: 'dais@example.org', pass: 'p@ss:word/1' } });
    try {
      const ok = await queue({ subject: 'With a login' });
      const w = await startWorker({}, smtp(guarded.url));
      const [mail] = await guarded.waitFor(1);
      expect(mail!.messageId).toBe(ok.message_id);
      await w.stop(500);

      const refused = await queue({ subject: 'Wrong password' });
      await startWorker({ retry: { baseMs: 10_000, maxMs: 10_000, maxAttempts: 5 } }, smtp(guarded.url.replace('p%40ss', 'wrong')));
      await expect.poll(async () => (await row(refused.id)).last_error).toMatch(/^The SMTP server refused to log in \(535 .*\): check the user name and password in SMTP_URL$/);
      expect((await row(refused.id)).status).toBe('queued');
    } finally {
      await guarded.stop();
    }
  });

  it('sends each message exactly once with two workers on two connections to one database', async () => {
    const second = await openSecondConnection(t);
    try {
      sink.answer = async () => {
        await new Promise((r) => setTimeout(r, 20));
        return ACCEPT;
      };
      await startWorker({ concurrency: 4 });
      const other = new MailWorker({ db: second, logger: createLogger('silent'), transport: smtp(), from: FROM, renderers: {} }, { ...TEST_WORKER_OPTIONS, concurrency: 4 });
      workers.push(other);
      await other.start();
      const ids = new Set<string>();
      await t.db.transaction(async (m) => {
        for (let i = 0; i < 60; i++) ids.add((await queueMail(m, { to: ['clerk@city.example.gov'], subject: `Shared ${i}`, text: 'Hello.' })).message_id);
      });
      await sink.waitFor(60);
      await new Promise((r) => setTimeout(r, 300));
      const got = sink.received.map((m) => m.messageId).sort();
      expect(got).toEqual([...ids].sort());
      const byWorker = await t.db.ds.query(`SELECT "claimed_by", COUNT(*) AS "n" FROM "mail_outbox" WHERE "status" = 'sent' AND "subject" LIKE 'Shared %' GROUP BY "claimed_by"`);
      expect(byWorker.length).toBe(2);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop(500)));
      await second.ds.destroy();
    }
  });

  it('keeps a send that outlasts its lease: the heartbeat renews it, so a second worker never sends the message too', async () => {
    let release: () => void = () => undefined;
    sink.answer = (m) => (m.offeredBefore === 0 ? new Promise((resolve) => (release = () => resolve(ACCEPT))) : ACCEPT);
    // 800 ms leases, renewed every 200 ms while the server takes its time (room for a busy machine);
    // the other worker looks every 50 ms. (Both start first: a worker starting on SQLite takes back
    // the claims of its own pid, as those of an earlier process that had it.)
    await startWorker({ leaseMs: 800, pollMs: 50 });
    await startWorker({ leaseMs: 800, pollMs: 50 });
    const queued = await queue({ subject: 'A slow send' });
    await expect.poll(() => sink.offered.length).toBe(1);
    // Two and a half leases: without the heartbeat, the other worker would have claimed it and sent it again.
    await new Promise((r) => setTimeout(r, 2_000));
    release();
    await expect.poll(async () => (await row(queued.id)).status).toBe('sent');
    expect(sink.offered).toHaveLength(1);
    expect((await row(queued.id)).attempts).toBe(1);
  });

  it('fails a message whose last allowed try never reported back, with the reason of the try before, and does not send it', async () => {
    const queued = await queue({ subject: 'Tried too often' });
    await t.db.ds.getRepository(t.db.entities.MailOutbox).update({ id: queued.id }, { attempts: 2, last_error: '451 4.7.1 Greylisted' });
    // The third and last try, by a process that died while sending: its lease is already over.
    await claimDue(t.db, 'another-machine/4242/deadbeef', 10, -1_000);
    await startWorker({ retry: { baseMs: 100, maxMs: 1_000, maxAttempts: 3 } });
    await expect.poll(async () => (await row(queued.id)).status).toBe('failed');
    expect(await row(queued.id)).toMatchObject({ attempts: 4, last_error: 'Gave up after 3 tries: 451 4.7.1 Greylisted', lease_until: null });
    expect(sink.offered).toHaveLength(0);
  });

  it('on PostgreSQL, claims past a message another process holds locked instead of waiting for it (SKIP LOCKED)', async ({ skip }) => {
    if (t.dialect !== 'postgres') return skip('SQLite runs one write at a time: there is no row lock to skip');
    const locked = await queue({ subject: 'Locked by another process' });
    const free = await queue({ subject: 'Free to claim' });
    const holder = t.db.ds.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await holder.rollbackTransaction();
      await holder.release();
    };
    try {
      await holder.query('SELECT "id" FROM "mail_outbox" WHERE "id" = $1 FOR UPDATE', [locked.id]);
      // A claim that waited for the lock would wait forever: the lock is let go after 3 s so that
      // such a claim ends, and then takes the locked message, which fails the test.
      const timer = setTimeout(() => void release(), 3_000);
      const claimed = await claimDue(t.db, 'this-machine/1/aaaaaaaa', 1, 60_000);
      clearTimeout(timer);
      expect(claimed.map((c) => c.id)).toEqual([free.id]);
    } finally {
      await release();
    }
  });

  it('with no way to send, keeps waiting messages queued with the reason, and takes back a dead sender\'s', async () => {
    const crashed = await queue({ subject: 'Its sender died' });
    await claimDue(t.db, 'another-machine/4242/deadbeef', 1, -1_000);
    const waiting = await queue({ subject: 'Waits for SMTP_URL' });
    const sent = await queue({ subject: 'Already sent' });
    await t.db.ds.getRepository(t.db.entities.MailOutbox).update({ id: sent.id }, { status: 'sent' });
    const w = new MailWorker({ db: t.db, logger: createLogger('silent'), transport: null, from: FROM, renderers: packetStandIn }, TEST_WORKER_OPTIONS);
    workers.push(w);
    await w.start();
    await expect.poll(async () => (await row(waiting.id)).last_error).toBe(NO_SMTP_REASON);
    expect(await row(waiting.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await row(crashed.id)).toMatchObject({ status: 'queued', last_error: NO_SMTP_REASON, claimed_by: null, lease_until: null });
    expect(await row(sent.id)).toMatchObject({ status: 'sent', last_error: null });
  });

  it('refuses to queue a subject with a line break, a blank subject or no valid recipient, and queues nothing', async () => {
    const count = () => t.db.ds.getRepository(t.db.entities.MailOutbox).count();
    const before = await count();
    const refused: [Partial<MailToQueue>, RegExp][] = [
      // A line break would start another header (Bcc: ...) in the message sent.
      [{ subject: 'Public comment\r\nBcc: everyone@example.org' }, /a subject is one line/],
      [{ subject: 'Public comment\nBcc: everyone@example.org' }, /a subject is one line/],
      [{ subject: '   ' }, /subject/],
      [{ to: [] }, /to/],
      [{ to: ['not an address'] }, /to/],
    ];
    for (const [mail, error] of refused) await expect(queue(mail), JSON.stringify(mail)).rejects.toThrow(error);
    expect(await count()).toBe(before);
  });

  it('keeps waking the worker when the outbox is prepared again, and gives new messages the new domain', async () => {
    await startWorker({ pollMs: 60_000 });
    // createApp and main.ts both prepare the outbox; a later call must not drop the worker's wake-up.
    prepareOutbox(t.db, { messageIdDomain: 'mail.example.org' });
    try {
      const queued = await queue({ subject: 'After a second prepare' });
      expect(queued.message_id).toMatch(/^<[0-9a-f-]{36}@mail\.example\.org>$/);
      const [mail] = await sink.waitFor(1, 5_000);
      expect(mail!.messageId).toBe(queued.message_id);
    } finally {
      prepareOutbox(t.db, t.config.mail);
    }
  });

  it('on SQLite, takes back at once what a dead process on this machine was sending', async ({ skip }) => {
    if (t.dialect !== 'sqlite') return skip('PostgreSQL waits for the lease: another machine may share the host name');
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    const queued = await queue({ subject: 'Claimed by a dead local process' });
    await claimDue(t.db, `${os.hostname()}/${dead}/00000000`, 10, 600_000);
    const started = Date.now();
    // No poll: only the look at start-up can send it, so its lease must be over by then.
    await startWorker({ pollMs: 60_000 });
    const [mail] = await sink.waitFor(1, 5_000);
    expect(mail!.messageId).toBe(queued.message_id);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

async function openSecondConnection(t: TestServer) {
  const { openDatabase } = await import('../db/open');
  const { prepareOutbox } = await import('./outbox');
  const db = await openDatabase(t.config.database);
  prepareOutbox(db, t.config.mail);
  return db;
}
