import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestServer, type TestServer } from '../../../test/harness';
import { packetStandIn } from '../../../test/mail/packet-stand-in';
import { createApp } from '../../app';
import { createLogger } from '../../http/logger';
import { queueMail, type MailToQueue } from '../outbox';

const HOSTILE = `<script>alert("subject")</script> & 'quotes'`;

async function queueAndWait(t: TestServer, mail: MailToQueue) {
  const queued = await t.db.transaction((m) => queueMail(m, mail));
  const repo = t.db.ds.getRepository(t.db.entities.MailOutbox);
  await expect.poll(async () => (await repo.findOneByOrFail({ id: queued.id })).status, { timeout: 10_000 }).not.toMatch(/queued|sending/);
  return queued;
}

const mailboxId = async (t: TestServer, messageId: string) =>
  (await t.db.ds.getRepository(t.db.entities.DevMail).findOneByOrFail({ message_id: messageId })).id;

describeEachDatabase(
  'the development mailbox (no SMTP_URL, a loopback PUBLIC_URL)',
  (t) => {
    it('keeps what Dais sends and shows it as text: the list, one message with its headers, text and attachments, the raw message', async () => {
      const campaign = await t.campaign({ title: 'Parks <b>for</b> all' });
      const queued = await queueAndWait(t, {
        to: ['clerk@city.example.gov'],
        subject: HOSTILE,
        text: 'A letter with <img src=x onerror="alert(1)"> in it.\nSecond line.',
        attachments: [
          { kind: 'packet-pdf', campaign_id: campaign.id, since: null, until: new Date().toISOString() },
          { kind: 'packet-csv', campaign_id: campaign.id, since: null, until: new Date().toISOString() },
        ],
      });
      const id = await mailboxId(t, queued.message_id);

      const list = await t.api('GET', '/dev-mailbox');
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(list.headers.get('cache-control')).toBe('no-store');
      const csp = list.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+';/);
      expect(csp).not.toContain('unsafe');
      expect(list.text).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
      expect(list.text).not.toContain('<script');
      expect(list.text).toContain(`<a href="/dev-mailbox/${id}">`);
      expect(list.text).toContain('clerk@city.example.gov');

      const page = await t.api('GET', `/dev-mailbox/${id}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'nonce-/);
      expect(page.text).not.toContain('<script');
      expect(page.text).not.toContain('<img');
      expect(page.text).toContain('A letter with &lt;img src=x onerror=&quot;alert(1)&quot;&gt; in it.\nSecond line.');
      expect(page.text).toContain(queued.message_id.replace('<', '&lt;').replace('>', '&gt;'));
      expect(page.text).toContain('Auto-Submitted: auto-generated');
      expect(page.text).toContain(`<a href="/dev-mailbox/${id}/attachments/0">packet-campaign-${campaign.id}.pdf</a>`);
      expect(page.text).toContain(`<a href="/dev-mailbox/${id}/attachments/1">packet-campaign-${campaign.id}.csv</a>`);

      const pdf = await fetch(`${t.url}/dev-mailbox/${id}/attachments/0`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="packet-campaign-${campaign.id}.pdf"`);
      expect(pdf.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      const csv = await fetch(`${t.url}/dev-mailbox/${id}/attachments/1`);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(await csv.text()).toMatch(/^"name","city","letter"\r\n/);

      const raw = await fetch(`${t.url}/dev-mailbox/${id}/raw`);
      expect(raw.headers.get('content-type')).toBe('message/rfc822');
      expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="message-${id}.eml"`);
      const parsed = await simpleParser(Buffer.from(await raw.arrayBuffer()));
      expect(parsed.messageId).toBe(queued.message_id);
      expect(parsed.subject).toBe(HOSTILE);
      expect(parsed.attachments).toHaveLength(2);
    });

    it("makes this installation's links in a message clickable, and only those, still as escaped text", async () => {
      const own = `${t.url}/confirm/AbC-123_xyz`;
      const queued = await queueAndWait(t, {
        to: ['supporter@example.org'],
        subject: 'Please confirm',
        text:
          `Confirm: ${own}.\n` +
          `Remove: ${t.url}/remove/Tok?a=1&b="2"<i>x</i>\n` +
          `Console: (${t.url}/admin)\n` +
          'Elsewhere: https://evil.example/confirm/AbC and javascript:alert(1) and http://127.0.0.1.evil.example/x\n' +
          `Look-alike: ${t.url}.evil.example/y and ${t.url.replace('http:', 'https:')}/secure\n`,
      });
      const page = await t.api('GET', `/dev-mailbox/${await mailboxId(t, queued.message_id)}`);
      const anchors = [...page.text.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]).filter(([href]) => !href!.startsWith('/dev-mailbox'));
      expect(anchors).toEqual([
        // The full stop ends the sentence, not the link.
        [own, own],
        // A quote or a tag ends a link; the ampersand is escaped in the attribute and the text.
        [`${t.url}/remove/Tok?a=1&amp;b=`, `${t.url}/remove/Tok?a=1&amp;b=`],
        [`${t.url}/admin`, `${t.url}/admin`],
      ]);
      expect(page.text).toContain('&quot;2&quot;&lt;i&gt;x&lt;/i&gt;');
      expect(page.text).toContain('Elsewhere: https://evil.example/confirm/AbC and javascript:alert(1)');
      expect(page.text).not.toContain('href="https://evil.example');
      expect(page.text).not.toContain('href="javascript:');
      expect(page.text).not.toMatch(/href="[^"]*evil\.example/);
      expect(page.text).not.toContain('<script');
      expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    });

    it('lists what has not been delivered and why', async () => {
      await queueAndWait(t, {
        to: ['clerk@city.example.gov'],
        subject: 'A packet of a campaign that is gone',
        text: 'x',
        attachments: [{ kind: 'packet-pdf', campaign_id: 999_999, since: null, until: new Date().toISOString() }],
      });
      const list = await t.api('GET', '/dev-mailbox');
      expect(list.text).toContain('Not delivered yet');
      expect(list.text).toMatch(/A packet of a campaign that is gone[\s\S]*failed[\s\S]*Campaign 999999 no longer exists/);
    });

    it('answers no request a proxy passed on: a loopback PUBLIC_URL behind a public proxy is not this machine', async () => {
      const queued = await queueAndWait(t, { to: ['clerk@city.example.gov'], subject: 'Private to this machine', text: 'secret letter text' });
      const id = await mailboxId(t, queued.message_id);
      for (const header of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via']) {
        const headers = { [header]: header === 'forwarded' ? 'for=198.51.100.7' : '198.51.100.7' };
        for (const path of ['/dev-mailbox', `/dev-mailbox/${id}`, `/dev-mailbox/${id}/raw`, `/dev-mailbox/${id}/attachments/0`]) {
          const res = await t.api('GET', path, { headers });
          expect(res.status, `${header} ${path}`).toBe(403);
          expect(res.text).toContain('only answers browsers on this machine');
          expect(res.text).not.toContain('Private to this machine');
          expect(res.text).not.toContain('secret letter text');
        }
      }
    });

    it('answers 404 for messages that do not exist and malformed addresses', async () => {
      for (const path of ['/dev-mailbox/999999', '/dev-mailbox/0', '/dev-mailbox/abc', '/dev-mailbox/1e3', '/dev-mailbox/999999/raw', '/dev-mailbox/999999/attachments/0']) {
        const res = await t.api('GET', path);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      }
    });
  },
  { mailWorker: { renderers: packetStandIn } },
);

describe('where there is no development mailbox', () => {
  describe('with SMTP_URL set', () => {
    const t = useTestServer('sqlite', { env: { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'dais@example.org' } });
    it('does not exist', async () => {
      expect((await t.api('GET', '/dev-mailbox')).status).toBe(404);
    });
  });
  describe('on a public PUBLIC_URL', () => {
    const t = useTestServer('sqlite', {
      env: { PUBLIC_URL: 'https://dais.example.org', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', SESSION_SECRET: 'x'.repeat(40) },
    });
    it('does not exist', async () => {
      expect((await t.api('GET', '/dev-mailbox')).status).toBe(404);
    });
  });
});

/** An address other machines reach this one by, if it has one. */
const externalAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe('the development mailbox, asked from another machine', () => {
  const t = useTestServer('sqlite');
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    // The same app listening on every interface, as an explicit HOST=0.0.0.0 would have it.
    server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
    port = (server.address() as AddressInfo).port;
    server.on('request', createApp({ config: { ...t.config, publicUrl: `http://127.0.0.1:${port}` }, db: t.db, logger: createLogger('silent') }));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a peer that is not this machine', async ({ skip }) => {
    const external = externalAddress();
    if (!external) return skip('this machine has no external IPv4 address');
    expect((await fetch(`http://127.0.0.1:${port}/dev-mailbox`)).status).toBe(200);
    const remote = await fetch(`http://${external}:${port}/dev-mailbox`);
    expect(remote.status).toBe(403);
    expect(await remote.text()).toContain('only answers browsers on this machine');
  });
});
