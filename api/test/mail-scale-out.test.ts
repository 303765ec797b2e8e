/**
 * Two API processes (api/src/main.ts, as an operator runs them) on one PostgreSQL database, both
 * sending the outbox to one real SMTP server: every message arrives exactly once, and both
 * processes share the work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/data-source';
import { openDatabase } from '../src/db/open';
import { prepareOutbox, queueMail } from '../src/mail/outbox';
import { availableDialects } from './harness';
import { freePort, scratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from './reliability/server-process';
import { ACCEPT, startSmtpSink, type SmtpSink } from './smtp';

const MESSAGES = 300;
const postgres = (await availableDialects()).includes('postgres');

describe.skipIf(!postgres)('two API processes sending one outbox on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let sink: SmtpSink;
  let db: Database;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    sink = await startSmtpSink();
    // A mail server that takes 0.1 s per message: one process alone (four at a time) would need
    // 7.5 s for them all, longer than the other's 5 s poll, so both are claiming at once.
    sink.answer = async () => {
      await new Promise((r) => setTimeout(r, 100));
      return ACCEPT;
    };
    const env = { SMTP_URL: sink.url, MAIL_FROM: 'Dais <dais@example.org>' };
    servers.push(await startServer(scratch.url, await freePort(), env));
    servers.push(await startServer(scratch.url, await freePort(), env));
    const config = loadConfig({ DATABASE_URL: scratch.url, SMTP_URL: sink.url, MAIL_FROM: 'Dais <dais@example.org>' });
    db = await openDatabase(config.database);
    prepareOutbox(db, config.mail);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill9()));
    await db?.ds.destroy();
    await sink?.stop();
    await scratch?.drop();
  });

  it(`sends each of ${MESSAGES} messages exactly once, shared between the processes`, async () => {
    const queued: string[] = [];
    for (let batch = 0; batch < MESSAGES / 50; batch++) {
      await db.transaction(async (m) => {
        for (let i = 0; i < 50; i++) {
          const n = batch * 50 + i;
          queued.push((await queueMail(m, { to: [`clerk${n % 7}@city.example.gov`], subject: `Message ${n}`, text: `Body ${n}` })).message_id);
        }
      });
    }
    await sink.waitFor(MESSAGES, 60_000);
    // Anything sent twice would arrive a moment later.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sink.received.map((m) => m.messageId).sort()).toEqual([...queued].sort());
    expect(sink.offered).toHaveLength(MESSAGES);

    const rows = (await db.ds.query(`SELECT "status", "attempts", "claimed_by" FROM "mail_outbox"`)) as { status: string; attempts: number; claimed_by: string }[];
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    const perProcess = new Map<string, number>();
    for (const r of rows) perProcess.set(r.claimed_by, (perProcess.get(r.claimed_by) ?? 0) + 1);
    console.log(`[mail scale-out] ${MESSAGES} messages, sent per process: ${[...perProcess.values()].join(' and ')}`);
    expect(perProcess.size).toBe(2);
  }, 90_000);
});
