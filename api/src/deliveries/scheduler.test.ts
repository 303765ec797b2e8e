/**
 * The automatic packets: due a lead time before the deadline, a second one at the deadline for
 * letters that came in between, each made exactly once, however many checks and processes run.
 */
import type { DestinationStream } from 'pino';
import { expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import type { CampaignRow } from '../db/types';
import { createLogger } from '../http/logger';
import { prepareOutbox, queueMail } from '../mail/outbox';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { addLetters } from '../../test/admin-fixtures';
import { queuedMail } from '../../test/queued-mail';
import { CATCH_UP_MS, queueDuePackets, startDeliveryScheduler } from './scheduler';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const quiet = createLogger('silent');

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}
/** A logger at info level whose lines the test reads, as an operator's log collector would. */
function recordingLogger() {
  const lines: LogLine[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  const errors = () => lines.filter((l) => l.level >= 50);
  return { logger: createLogger('info', stream), lines, errors };
}

async function packetCampaign(t: TestServer, deadline: Date, leadHours: number, over: Partial<CampaignRow> = {}) {
  return t.campaign({
    delivery_mode: 'packet',
    delivery_recipients: ['clerk@springfield.gov'],
    comment_deadline: deadline,
    delivery_lead_hours: leadHours,
    time_zone: 'America/Denver',
    ...over,
  });
}

describeEachDatabase('the automatic packet', (t) => {
  const deliveriesOf = (c: CampaignRow) =>
    t.db.ds.getRepository(t.db.entities.Delivery).find({ where: { campaign_id: c.id }, order: { id: 'ASC' } });

  it('is not sent before its time, then once when the lead time before the deadline has come', async () => {
    const c = await packetCampaign(t, at(3 * HOUR), 2);
    await addLetters(t, c, 2, () => ({ created_at: at(-10 * MINUTE) }));
    await queueDuePackets(t.db, quiet);
    expect(await deliveriesOf(c)).toEqual([]);

    // Two hours before a deadline now 90 minutes away: due.
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { comment_deadline: at(90 * MINUTE) });
    await queueDuePackets(t.db, quiet);
    const [packet, ...more] = await deliveriesOf(c);
    expect(more).toEqual([]);
    expect(packet).toMatchObject({ kind: 'packet', trigger: 'schedule', letter_count: 2, since: null, recipients: ['clerk@springfield.gov'] });
    expect(packet!.schedule_key).toMatch(/^before:/);
    const mail = (await queuedMail(t)).find((m) => m.message_id === packet!.message_id)!;
    expect(mail.to).toEqual(['clerk@springfield.gov']);
    expect(mail.attachments!.map((a) => [a.kind, a.since, a.until])).toEqual([
      ['packet-pdf', null, packet!.until!.toISOString()],
      ['packet-csv', null, packet!.until!.toISOString()],
    ]);

    // Checked again, after a restart, by a scheduler loop: nothing more.
    await queueDuePackets(t.db, quiet);
    const loop = startDeliveryScheduler(t.db, quiet, 10, 180);
    await new Promise((r) => setTimeout(r, 60));
    await loop.stop();
    expect(await deliveriesOf(c)).toHaveLength(1);
  });

  it('follows at the deadline with the letters that came after the first packet, and never with late ones', async () => {
    const deadline = at(-5 * MINUTE);
    const c = await packetCampaign(t, deadline, 1);
    await addLetters(t, c, 3, () => ({ created_at: at(-2 * HOUR) }));
    // The first packet went out an hour before the deadline (made here as the scheduler made it then).
    const firstMail = await t.db.transaction((m) =>
      queueMail(m, { to: ['clerk@springfield.gov'], subject: 'The first packet', text: 'Attached.' }),
    );
    await t.db.ds.getRepository(t.db.entities.Delivery).save({
      campaign_id: c.id,
      kind: 'packet',
      trigger: 'schedule',
      recipients: ['clerk@springfield.gov'],
      letter_count: 3,
      letter_id: null,
      since: null,
      until: at(-65 * MINUTE),
      outbox_id: firstMail.id,
      message_id: firstMail.message_id,
      schedule_key: `before:${deadline.toISOString()}`,
    });
    await addLetters(t, c, 2, (i) => ({ created_at: at([-30, -10][i]! * MINUTE) }));
    await addLetters(t, c, 1, () => ({ created_at: at(-1 * MINUTE) })); // after the deadline: late

    await queueDuePackets(t.db, quiet);
    await queueDuePackets(t.db, quiet);
    const [, closing, ...more] = await deliveriesOf(c);
    expect(more).toEqual([]);
    expect(closing).toMatchObject({ trigger: 'schedule', letter_count: 2, schedule_key: `deadline:${deadline.toISOString()}` });
    expect(closing!.since!.toISOString()).toBe((await deliveriesOf(c))[0]!.until!.toISOString());
    expect(closing!.until!.toISOString()).toBe(deadline.toISOString());
  });

  it('sends nothing when no letter was submitted in time, nor for manual and each campaigns, nor long after the deadline', async () => {
    const empty = await packetCampaign(t, at(30 * MINUTE), 1);
    const lateOnly = await packetCampaign(t, at(-30 * MINUTE), 1);
    await addLetters(t, lateOnly, 2, () => ({ created_at: at(-10 * MINUTE) }));
    const manual = await packetCampaign(t, at(30 * MINUTE), 1, { delivery_mode: 'manual' });
    const each = await packetCampaign(t, at(30 * MINUTE), 1, { delivery_mode: 'each' });
    const longAgo = await packetCampaign(t, new Date(Date.now() - CATCH_UP_MS - HOUR), 1);
    const noRecipients = await packetCampaign(t, at(30 * MINUTE), 1, { delivery_recipients: [] });
    for (const c of [manual, each, longAgo, noRecipients]) await addLetters(t, c, 1, () => ({ created_at: at(-CATCH_UP_MS - 2 * HOUR) }));

    await queueDuePackets(t.db, quiet);
    for (const c of [empty, lateOnly, manual, each, longAgo, noRecipients]) expect(await deliveriesOf(c), c.title).toEqual([]);

    // The first letter in time makes the packet due at once.
    await addLetters(t, empty, 1, () => ({ created_at: at(-1 * MINUTE) }));
    await queueDuePackets(t.db, quiet);
    expect(await deliveriesOf(empty)).toMatchObject([{ letter_count: 1, trigger: 'schedule' }]);
  });

  it('sends a new packet when the deadline moves, starting where the last automatic one ended', async () => {
    const c = await packetCampaign(t, at(30 * MINUTE), 1);
    await addLetters(t, c, 2, () => ({ created_at: at(-20 * MINUTE) }));
    await queueDuePackets(t.db, quiet);
    const [first] = await deliveriesOf(c);
    expect(first!.letter_count).toBe(2);

    // The meeting moved: a new deadline, already within its lead time; one more letter came in.
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: c.id }, { comment_deadline: at(40 * MINUTE) });
    await addLetters(t, c, 1, () => ({ created_at: new Date(first!.until!.getTime() + 1) }));
    await queueDuePackets(t.db, quiet);
    const [, second, ...more] = await deliveriesOf(c);
    expect(more).toEqual([]);
    expect(second).toMatchObject({ letter_count: 1 });
    expect(second!.since!.toISOString()).toBe(first!.until!.toISOString());
  });

  it('is made exactly once while two database handles (two processes) check over and over at the same time', async () => {
    const campaigns: CampaignRow[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await packetCampaign(t, at(-(i + 1) * MINUTE), 1);
      await addLetters(t, c, 2, () => ({ created_at: at(-2 * HOUR) }));
      await addLetters(t, c, 1, () => ({ created_at: at(-(i + 1) * MINUTE - 30_000) }));
      campaigns.push(c);
    }
    const other = await openDatabase(t.config.database);
    prepareOutbox(other, t.config.mail);
    try {
      await Promise.all(
        [t.db, other].flatMap((db) => Array.from({ length: 6 }, () => queueDuePackets(db, quiet).catch(() => 0))),
      );
    } finally {
      await other.ds.destroy();
    }
    for (const c of campaigns) {
      const made = await deliveriesOf(c);
      expect(made.length, c.title).toBeGreaterThan(0);
      // One packet per slot, whichever handle made it, and together they hold every letter once.
      expect(made.map((d) => d.schedule_key?.split(':')[0]).sort(), c.title).toEqual(['before', 'deadline'].slice(0, made.length));
      expect(new Set(made.map((d) => d.schedule_key)).size).toBe(made.length);
      expect(made.reduce((n, d) => n + d.letter_count, 0), c.title).toBe(3);
    }
  });
  it('is sent at the very moment it is due, and a packet missed while the server was down is still sent within a week; the log says what was queued', async () => {
    const { logger, lines, errors } = recordingLogger();
    const deadline = at(2 * HOUR + 10 * MINUTE);
    const onTime = await packetCampaign(t, deadline, 2);
    await addLetters(t, onTime, 2, () => ({ created_at: at(-5 * MINUTE) }));
    // Down for almost a week: its deadline passed 6 days and 23 hours ago, nothing was sent.
    const missed = await packetCampaign(t, at(-(6 * 24 + 23) * HOUR), 1);
    await addLetters(t, missed, 1, () => ({ created_at: at(-(6 * 24 + 25) * HOUR) }));
    // Late letters only: nothing to send, and nothing wrong either.
    const lateOnly = await packetCampaign(t, at(-HOUR), 1);
    await addLetters(t, lateOnly, 1, () => ({ created_at: at(-30 * MINUTE) }));

    const dueAt = deadline.getTime() - 2 * HOUR;
    await queueDuePackets(t.db, logger, new Date(dueAt - 1));
    expect(await deliveriesOf(onTime)).toEqual([]);
    const before = lines.length;
    const queued = await queueDuePackets(t.db, logger, new Date(dueAt));
    const [packet, ...more] = await deliveriesOf(onTime);
    expect(more).toEqual([]);
    expect(packet).toMatchObject({ letter_count: 2, schedule_key: `before:${deadline.toISOString()}` });
    expect(await deliveriesOf(missed)).toMatchObject([{ letter_count: 1, trigger: 'schedule' }]);
    expect(await deliveriesOf(lateOnly)).toEqual([]);

    // One info line per packet queued, which the return value counts; no error.
    const info = lines.filter((l) => l.msg === 'queued an automatic packet');
    expect(queued).toBe(lines.slice(before).filter((l) => l.msg === 'queued an automatic packet').length);
    expect(queued).toBeGreaterThan(0);
    expect(info.find((l) => l.campaign_id === onTime.id)).toMatchObject({ level: 30, delivery_id: packet!.id, letters: 2, slot: packet!.schedule_key });
    expect(info.filter((l) => l.campaign_id === missed.id)).toHaveLength(1);
    expect(errors()).toEqual([]);

    // The campaign's page now says the closing packet is due at the deadline.
    const meta = (await t.api('GET', `/api/admin/campaigns/${onTime.id}/deliveries`, { cookie: await t.adminCookie() })).body.meta;
    expect(meta.next_automatic_at).toBe(deadline.toISOString());
  });

  it('checks at once when started and then every interval; stop waits for the check under way, and no check follows it', async () => {
    const { logger, errors } = recordingLogger();
    const first = await packetCampaign(t, at(30 * MINUTE), 1);
    await addLetters(t, first, 1, () => ({ created_at: at(-MINUTE) }));
    // A long interval: only the check made at start can send it, and stop() returns once it has.
    await startDeliveryScheduler(t.db, logger, HOUR, 180).stop();
    expect(await deliveriesOf(first)).toHaveLength(1);

    const later = await packetCampaign(t, at(3 * HOUR), 1);
    await addLetters(t, later, 1, () => ({ created_at: at(-MINUTE) }));
    const loop = startDeliveryScheduler(t.db, logger, 20, 180);
    try {
      // The deadline moves closer while the loop runs: a later check sends it.
      await new Promise((r) => setTimeout(r, 50));
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: later.id }, { comment_deadline: at(30 * MINUTE) });
      await expect.poll(async () => (await deliveriesOf(later)).length, { timeout: 5_000, interval: 20 }).toBe(1);
    } finally {
      await loop.stop();
    }
    const afterStop = await packetCampaign(t, at(30 * MINUTE), 1);
    await addLetters(t, afterStop, 1, () => ({ created_at: at(-MINUTE) }));
    await new Promise((r) => setTimeout(r, 100));
    expect(await deliveriesOf(afterStop)).toEqual([]);
    expect(errors()).toEqual([]);
    // Not due for anyone else in this suite.
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: afterStop.id }, { delivery_mode: 'manual' });

    // The database gone (a closed handle): the check fails, says so, and the loop still stops cleanly.
    const gone = await openDatabase(t.config.database);
    await gone.ds.destroy();
    await startDeliveryScheduler(gone, logger, HOUR, 180).stop();
    expect(errors()).toMatchObject([
      { msg: 'checking for due packets failed; the next check tries again', error: { message: expect.any(String) } },
      { msg: 'the confirmation upkeep failed; the next check tries again', error: { message: expect.any(String) } },
      { msg: 'anonymising campaigns failed; the next check tries again', error: { message: expect.any(String) } },
    ]);
  });

  it("does not let one campaign whose packet cannot be queued hold up the others' packets, and logs it for the operator", async () => {
    const { logger, errors } = recordingLogger();
    // A recipient stored before addresses were checked: the mail outbox refuses it.
    const broken = await packetCampaign(t, at(30 * MINUTE), 1, { delivery_recipients: ['the clerk'] });
    const fine = await packetCampaign(t, at(30 * MINUTE), 1);
    for (const c of [broken, fine]) await addLetters(t, c, 1, () => ({ created_at: at(-MINUTE) }));
    await queueDuePackets(t.db, logger);
    expect(await deliveriesOf(broken)).toEqual([]);
    expect(await deliveriesOf(fine)).toHaveLength(1);
    expect(errors()).toMatchObject([
      { msg: 'an automatic packet could not be queued; the next check tries again', campaign_id: broken.id, slot: `before:${broken.comment_deadline!.toISOString()}`, error: { message: expect.stringContaining('queueMail') } },
    ]);
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: broken.id }, { delivery_mode: 'manual' });
  });
});
