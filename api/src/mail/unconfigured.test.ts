/**
 * A public installation started without SMTP_URL: mail is never dropped. The real server process
 * warns at start-up, keeps every message queued with the reason on its row, and sends it once it
 * is restarted with SMTP_URL, with the Message-ID it was given when queued.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test/smtp';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from '../../test/reliability/server-process';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { NO_SMTP_REASON } from './mail-config';
import { prepareOutbox, queueMail } from './outbox';

const PUBLIC = {
  PUBLIC_URL: 'https://dais.example.org',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
};

describe('no SMTP_URL on a public PUBLIC_URL [a real server process]', () => {
  let scratch: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  let sink: SmtpSink | undefined;
  afterAll(async () => {
    await server?.kill9();
    await sink?.stop();
    await scratch?.drop();
  });

  it('warns at start-up, holds every message with the reason, and sends it once SMTP_URL is set', async () => {
    scratch = await scratchDatabase('sqlite');
    const port = await freePort();
    server = await startServer(scratch.url, port, PUBLIC);
    const warning = server
      .stdout()
      .split('\n')
      .find((l) => l.includes('E-mail is NOT being sent'));
    expect(warning, server.stdout()).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({
      level: 40,
      msg: `E-mail is NOT being sent. ${NO_SMTP_REASON}. Until then every message (packet deliveries, letters to decision bodies) waits in the outbox; none is lost.`,
    });

    const config = loadConfig({ ...PUBLIC, DATABASE_URL: scratch.url });
    const db = await openDatabase(config.database);
    try {
      prepareOutbox(db, config.mail);
      const queued = await db.transaction((m) => queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Held until configured', text: 'Dear clerk.' }));
      expect(queued.message_id).toMatch(/@dais\.example\.org>$/);
      const row = () => db.ds.getRepository(db.entities.MailOutbox).findOneByOrFail({ id: queued.id });
      // Marked by the server's worker at its next look (it polls every 5 s; this process's commit does not wake it).
      await expect.poll(async () => (await row()).last_error, { timeout: 15_000, interval: 200 }).toBe(NO_SMTP_REASON);
      expect(await row()).toMatchObject({ status: 'queued', attempts: 0 });
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data: { mail: { waiting: number } } };
      expect(health.data.mail.waiting).toBe(1);

      await server.stop();
      sink = await startSmtpSink();
      server = await startServer(scratch.url, port, { ...PUBLIC, SMTP_URL: sink.url, MAIL_FROM: 'Dais <dais@dais.example.org>' });
      const [mail] = await sink.waitFor(1, 15_000);
      expect(mail!.messageId).toBe(queued.message_id);
      expect(mail!.parsed.subject).toBe('Held until configured');
      await expect.poll(async () => (await row()).status).toBe('sent');
      expect(await row()).toMatchObject({ attempts: 1, last_error: null });
    } finally {
      await db.ds.destroy();
    }
  }, 120_000);
});
