import { describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from '../../../test/harness';
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
