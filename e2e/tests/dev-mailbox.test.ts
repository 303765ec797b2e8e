import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useChromium } from '../support/browser';
import { startDaisServer, type DaisServer } from '../support/dais-server';
import { missingPageBasics, watchPageHealth } from '../support/page-health';

/**
 * Issue 10, point 9: a newcomer's `npm start` (no SMTP_URL, a loopback PUBLIC_URL, the development
 * sign-in) keeps the mail Dais would send in a development mailbox, which the admin console links
 * to. The message here is queued in the outbox as the server's own code queues it (a row), and the
 * server's worker puts it in the mailbox.
 */
const chromium = useChromium();
let server: DaisServer;

beforeAll(async () => {
  server = await startDaisServer();
});
afterAll(async () => {
  await server?.stop();
});

const SUBJECT = 'Public comment packet: <b>Riverside</b> Park (2 letters)';

function queueMail() {
  const db = new Database(server.dbPath, { timeout: 10_000 });
  try {
    db.prepare(
      `INSERT INTO mail_outbox (message_id, recipients, subject, text, attachments, status, attempts, next_attempt_at)
       VALUES (?, ?, ?, ?, '[]', 'queued', 0, strftime('%Y-%m-%d %H:%M:%f', 'now'))`,
    ).run(`<${randomUUID()}@localhost>`, JSON.stringify(['clerk@city.example.gov']), SUBJECT, 'Dear clerk,\n<script>alert(1)</script> two letters are attached.');
  } finally {
    db.close();
  }
}

describe('the development mailbox', () => {
  it('is linked from the admin console of a newcomer and shows the mail Dais would have sent, as text', async () => {
    const { page, context } = await chromium.openPage(`${server.url}/`);
    await page.getByRole('button', { name: 'Admin Login' }).click();
    await page.getByLabel('E-mail').fill('newcomer@example.org');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/admin`);

    const link = page.getByRole('link', { name: 'Development mailbox (opens in a new tab)' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/dev-mailbox');
    queueMail();
    const [mailbox] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await mailbox.waitForURL(`${server.url}/dev-mailbox`);
    await mailbox.getByRole('heading', { name: 'Development mailbox', level: 1 }).waitFor();

    // The worker polls every 5 s; the page has a Refresh link rather than a script.
    const subject = mailbox.getByRole('link', { name: SUBJECT });
    for (let i = 0; i < 40 && (await subject.count()) === 0; i++) {
      await mailbox.waitForTimeout(500);
      await mailbox.getByRole('link', { name: 'Refresh' }).click();
    }
    await subject.click();
    await mailbox.getByRole('heading', { name: SUBJECT, level: 1 }).waitFor();
    await mailbox.getByText('<script>alert(1)</script> two letters are attached.').waitFor();
    expect(await mailbox.locator('b').count()).toBe(0);
    expect(await mailbox.locator('script').count()).toBe(0);
  });

  it('loads with no CSP violation, error or missing basics', async () => {
    const { page, context } = await chromium.openPage('about:blank');
    const health = await watchPageHealth(context, page, server.url);
    await page.goto(`${server.url}/dev-mailbox`);
    await page.getByRole('link', { name: SUBJECT }).click();
    await page.getByRole('heading', { name: SUBJECT, level: 1 }).waitFor();
    expect(await missingPageBasics(page)).toEqual([]);
    const seen = await health.take();
    expect(seen.cspViolations).toEqual([]);
    expect(seen.pageErrors).toEqual([]);
    expect(seen.unexpectedConsoleErrors).toEqual([]);
  });
});
