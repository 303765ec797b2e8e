/**
 * SIGTERM and the mail being sent, on the real server process: a message the SMTP server answers
 * within STOP_GRACE_SECONDS is finished (exit 0); one it does not answer in time is given back to
 * the outbox, the exit code says the stop cut something off, and the next start sends it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPT, startSmtpSink, type SmtpSink } from '../../test/smtp';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from '../../test/reliability/server-process';
import { loadConfig } from '../config';
import type { Database } from '../db/data-source';
import { openDatabase } from '../db/open';
import { prepareOutbox, queueMail } from './outbox';

const MAIL_FROM = 'Dais <dais@example.org>';

describe('stopping the server while it sends mail [a real server process]', () => {
  let scratch: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  let sink: SmtpSink | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await server?.kill9();
    await db?.ds.destroy();
    await sink?.stop();
    await scratch?.drop();
    server = db = sink = scratch = undefined;
  });

  async function setUp(answer: SmtpSink['answer']) {
    scratch = await scratchDatabase('sqlite');
    sink = await startSmtpSink();
    sink.answer = answer;
    const env = { SMTP_URL: sink.url, MAIL_FROM, STOP_GRACE_SECONDS: '2' };
    const port = await freePort();
    server = await startServer(scratch.url, port, env);
    const config = loadConfig({ DATABASE_URL: scratch.url, SMTP_URL: sink.url, MAIL_FROM });
    db = await openDatabase(config.database);
    prepareOutbox(db, config.mail);
    const queued = await db.transaction((m) => queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Sent while stopping', text: 'x' }));
    const row = () => db!.ds.getRepository(db!.entities.MailOutbox).findOneByOrFail({ id: queued.id });
    // The server's worker finds it at its next poll (5 s) and starts sending.
    await expect.poll(() => sink!.offered.length, { timeout: 15_000, interval: 100 }).toBe(1);
    return { queued, row, port, env };
  }

  const sigterm = async () => {
    const child = server!.child;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  };

  it('finishes a message the SMTP server answers within the grace period, and exits 0', async () => {
    const { row } = await setUp(async () => {
      await new Promise((r) => setTimeout(r, 800));
      return ACCEPT;
    });
    expect(await sigterm()).toBe(0);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sink!.received).toHaveLength(1);
  }, 60_000);

  it('gives back a message still unanswered at the end of the grace period, exits 1, and the next start sends it', async () => {
    const { queued, row, port, env } = await setUp((m) => (m.offeredBefore === 0 ? new Promise(() => undefined) : ACCEPT));
    expect(await sigterm()).toBe(1);
    expect(server!.stdout()).toContain('cutting off e-mails still being sent (queued again)');
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0, claimed_by: null });

    server = await startServer(scratch!.url, port, env);
    const [mail] = await sink!.waitFor(1, 15_000);
    expect(mail!.messageId).toBe(queued.message_id);
    await expect.poll(async () => (await row()).status).toBe('sent');
  }, 60_000);
});
