import { describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../../test/harness';
import type { OutboxStatus } from '../../db/types';
import { queueMail } from '../../mail/outbox';

describeEachDatabase('GET /api/admin/mail', (t) => {
  it('tells an admin that mail goes to the development mailbox, and what waits in the outbox', async () => {
    const empty = await t.api('GET', '/api/admin/mail', { cookie: await t.adminCookie() });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      transport: 'dev-mailbox',
      from: 'Dais <dais@localhost>',
      dev_mailbox_url: '/dev-mailbox',
      problem: null,
      outbox: { waiting: 0, oldest_waiting_at: null },
    });
    // No worker runs in this test server: queued mail stays queued.
    await t.db.transaction((m) => queueMail(m, { to: ['clerk@city.example.gov'], subject: 'Waiting', text: 'x' }));
    const waiting = await t.api('GET', '/api/admin/mail', { cookie: await t.adminCookie() });
    expect(waiting.body.data.outbox.waiting).toBe(1);
    expect(Date.now() - Date.parse(waiting.body.data.outbox.oldest_waiting_at)).toBeLessThan(60_000);
  });

  it('counts only the messages still to go out (queued or being sent), and dates the oldest of those', async () => {
    const repo = t.db.ds.getRepository(t.db.entities.MailOutbox);
    const queue = (subject: string) => t.db.transaction((m) => queueMail(m, { to: ['clerk@city.example.gov'], subject, text: 'x' }));
    // Start from an outbox where everything earlier has gone out.
    await t.db.ds.query(`UPDATE "mail_outbox" SET "status" = 'sent'`);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const rows: { subject: string; status: OutboxStatus; created_at: Date }[] = [
      { subject: 'Sent long ago', status: 'sent', created_at: daysAgo(3) },
      { subject: 'Failed long ago', status: 'failed', created_at: daysAgo(2) },
      { subject: 'Being sent', status: 'sending', created_at: daysAgo(1) },
      { subject: 'Just queued', status: 'queued', created_at: new Date() },
    ];
    for (const r of rows) {
      const { id } = await queue(r.subject);
      await repo.update({ id }, { status: r.status, created_at: r.created_at });
    }
    const res = await t.api('GET', '/api/admin/mail', { cookie: await t.adminCookie() });
    expect(res.status).toBe(200);
    expect(res.body.data.outbox).toEqual({ waiting: 2, oldest_waiting_at: rows[2]!.created_at.toISOString() });
  });

  it('is for admins only', async () => {
    expect((await t.api('GET', '/api/admin/mail')).status).toBe(401);
    expect((await t.api('GET', '/api/admin/mail', { cookie: await t.userCookie() })).status).toBe(403);
  });
});

describe('GET /api/admin/mail with SMTP_URL', () => {
  const t = useTestServer('sqlite', { env: { SMTP_URL: 'smtp://dais:s3cret-password@smtp.example.org:587', MAIL_FROM: 'Riverside Coalition <comments@riverside.example.org>' } });
  it('names the sender and never the SMTP password', async () => {
    const res = await t.api('GET', '/api/admin/mail', { cookie: await t.adminCookie() });
    expect(res.body.data).toMatchObject({ transport: 'smtp', from: 'Riverside Coalition <comments@riverside.example.org>', dev_mailbox_url: null, problem: null });
    expect(res.text).not.toContain('s3cret');
  });
});

describe('GET /api/admin/mail on a public PUBLIC_URL without SMTP_URL', () => {
  const t = useTestServer('sqlite', {
    env: { PUBLIC_URL: 'https://dais.example.org', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', SESSION_SECRET: 'x'.repeat(40) },
  });
  it('says mail is not being sent and what to set', async () => {
    const res = await t.api('GET', '/api/admin/mail', { cookie: await t.adminCookie(), headers: { origin: 'https://dais.example.org' } });
    expect(res.body.data).toMatchObject({
      transport: 'unconfigured',
      dev_mailbox_url: null,
      problem: 'No SMTP server is configured: set SMTP_URL (and MAIL_FROM) and restart Dais',
    });
  });
});
