/**
 * The SMTP conversation happens on a thread of its own (./smtp-lane.ts): while the thread that
 * answers requests is busy, messages it handed over still go out. The SMTP server runs in another
 * process (bench/smtp-sink.ts, which stamps each message's arrival), so nothing of it runs on the
 * thread the test keeps busy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, TEST_WORKER_OPTIONS } from '../../test/harness';
import { createLogger } from '../http/logger';
import { queueMails } from './outbox';
import { SmtpLane } from './smtp-lane';
import { smtpTransport } from './transports';
import { MailWorker } from './worker';

const MESSAGES = 2_000;
let sink: ChildProcess;
let sinkUrl = '';
const arrivals: number[] = [];

beforeAll(async () => {
  sink = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../bench/smtp-sink.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: sink.stdout! });
  const port = await new Promise<string>((resolve) => lines.once('line', resolve));
  lines.on('line', (line) => arrivals.push(Number(line.split(' ')[0])));
  sinkUrl = `smtp://127.0.0.1:${port}`;
}, 30_000);
afterAll(() => {
  sink.kill();
});

it('sends nothing of a message whose sending was called off in the turn it was handed over', async () => {
  const lane = new SmtpLane(sinkUrl);
  try {
    const mail = (subject: string) => ({ from: 'Dais <dais@example.org>', to: ['reader@example.org'], cc: [], subject, text: subject, messageId: `<${subject.replace(/ /g, '.')}@example.org>`, date: new Date() });
    const before = arrivals.length;
    const calledOff = new AbortController();
    const offered = lane.send(mail('Called off'), calledOff.signal);
    calledOff.abort(new Error('The mail worker is stopping'));
    await expect(offered).rejects.toThrow();
    // A message sent after it arrives: had the first gone too, it would have arrived before it.
    await lane.send(mail('Sent after'), new AbortController().signal);
    await expect.poll(() => arrivals.length - before, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(arrivals.length - before).toBe(1);
  } finally {
    lane.close();
  }
}, 30_000);

describeEachDatabase('the SMTP thread', (t) => {
  it('sends the messages handed to it while the thread that answers requests is busy', async () => {
    const transport = smtpTransport({ transport: 'smtp', smtpUrl: sinkUrl, from: 'Dais <dais@example.org>', messageIdDomain: 'example.org' });
    // All of them in hand at once: more than the pool sends in the second and a half.
    const worker = new MailWorker({ db: t.db, logger: createLogger('silent'), transport, from: 'Dais <dais@example.org>', renderers: {} }, { ...TEST_WORKER_OPTIONS, concurrency: MESSAGES });
    const before = arrivals.length;
    await t.db.transaction((m) =>
      queueMails(
        m,
        Array.from({ length: MESSAGES }, (_, i) => ({ to: [`reader${i}@example.org`], subject: `Busy ${i}`, text: `Message ${i}` })),
      ),
    );
    try {
      await worker.start();
      // Handed over and going out.
      await expect.poll(() => arrivals.length - before, { timeout: 20_000 }).toBeGreaterThan(0);
      const busyFrom = Date.now();
      while (Date.now() - busyFrom < 1_500) {
        // This thread answers nothing for a second and a half.
      }
      const busyUntil = Date.now();
      await expect.poll(() => arrivals.length - before, { timeout: 60_000 }).toBe(MESSAGES);
      const duringBusy = arrivals.slice(before).filter((at) => at > busyFrom && at < busyUntil).length;
      console.log(`[smtp thread ${t.dialect}] ${duringBusy} of ${MESSAGES} messages arrived while the request thread was busy for 1.5 s`);
      expect(duringBusy).toBeGreaterThanOrEqual(10);
    } finally {
      await worker.stop(1_000);
    }
  }, 120_000);
});
