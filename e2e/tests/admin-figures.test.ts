import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminBrowser, identity, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';

/**
 * Issue 22, point 14: every figure on every console screen follows one rule, confirmed and outside
 * any quarantine, with what waits for confirmation (and letters withdrawn) said apart. A campaign
 * gets rows of every kind in the database; then each screen that shows a number is read and held
 * to the database's own count of the rule. The browser reads times in UTC, so the chart's days are
 * the database's.
 */
const chromium = useChromium({ timezoneId: 'UTC' });
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('figures-admin', 'Ida B. Wells'));
const TITLE = 'Figures: one rule on every screen';
const HOUR = 3_600_000;

/** A timestamp as TypeORM stores it in SQLite: UTC text without the T and the Z. */
const stamp = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');

let campaignId = 0;

/** Rows of every kind: counted, pending, withdrawn, and a quarantined burst (confirmed and pending). */
function seed() {
  const db = server.db;
  campaignId = db.insertCampaign({ title: TITLE, require_confirmation: true });
  db.sql("UPDATE campaigns SET time_zone = 'America/Chicago' WHERE id = ?", campaignId);
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
  const people = (prefix: string, n: number, hoursAgo: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, email: `${prefix.toLowerCase()}.${i + 1}@example.org`, network: '192.0.2.0/24', at: at(hoursAgo + i) }));
  // Counted: the counters go up with them.
  db.insertSignatures(campaignId, people('Counted', 5, 30));
  db.insertLetters(campaignId, people('Counted', 4, 30));
  // Uncounted rows, written as the commands write them: the counters stay.
  const uncounted = (table: 'supporters' | 'letters', prefix: string, n: number, status: string, hoursAgo: number, quarantine: number | null) => {
    for (const p of people(prefix, n, hoursAgo)) {
      if (table === 'supporters') {
        db.sql(
          "INSERT INTO supporters (campaign_id, name, email, email_key, street_address, city, state, zip_code, status, quarantine_id, network, created_at, updated_at) VALUES (?, ?, ?, ?, '1 Elm St', 'Springfield', 'IL', '62704', ?, ?, ?, ?, ?)",
          campaignId, p.name, p.email, p.email, status, quarantine, p.network, stamp(p.at), stamp(p.at),
        );
      } else {
        db.sql(
          "INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, street_address, city, state, zip_code, perspective, campaign_title, message_point_ids, status, quarantine_id, network, created_at, updated_at) VALUES (?, 'Dear Council,\nPlease listen.\n', ?, ?, '1 Elm St', 'Springfield', 'IL', '62704', 'homeowner', ?, '[]', ?, ?, ?, ?, ?)",
          campaignId, p.name, p.email, TITLE, status, quarantine, p.network, stamp(p.at), stamp(p.at),
        );
      }
    }
  };
  uncounted('supporters', 'Waiting', 3, 'pending', 2, null);
  uncounted('letters', 'Waiting', 2, 'pending', 2, null);
  uncounted('letters', 'Withdrawn', 1, 'withdrawn', 40, null);
  // A burst already quarantined: its confirmed rows left the counters when it was taken.
  db.sql(
    "INSERT INTO quarantines (campaign_id, starts_at, ends_at, network, reason, signatures, letters, created_by) VALUES (?, ?, ?, '203.0.113.0/24', 'A burst from one network', 6, 3, 'figures-admin@example.org')",
    campaignId, stamp(at(12)), stamp(at(10)),
  );
  const quarantine = Number(db.sql('SELECT max(id) AS id FROM quarantines')[0]!.id);
  uncounted('supporters', 'Held', 4, 'confirmed', 10, quarantine);
  uncounted('supporters', 'HeldWaiting', 2, 'pending', 10, quarantine);
  uncounted('letters', 'Held', 2, 'confirmed', 10, quarantine);
  uncounted('letters', 'HeldWaiting', 1, 'pending', 10, quarantine);
}

/** The database's own figures by the rule, every campaign or one. */
function truth(table: 'supporters' | 'letters', where = '1 = 1', ...params: unknown[]) {
  const count = (condition: string) => Number(server.db.sql(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where} AND ${condition}`, ...params)[0]!.n);
  return {
    counted: count("status = 'confirmed' AND quarantine_id IS NULL"),
    pending: count("status = 'pending' AND quarantine_id IS NULL"),
    // The chart's 30 days: from the first day's midnight (UTC, the browser's zone here).
    lastMonth: count("status = 'confirmed' AND quarantine_id IS NULL AND created_at >= date('now', '-29 days')"),
  };
}

const statCard = (page: Page, label: string) => page.locator('.stat-card').filter({ has: page.getByText(label, { exact: true }) });
const number = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

describe('every figure in the console, by one rule', () => {
  it('on the dashboard: the totals, what waits apart, and the 30-day chart', async () => {
    seed();
    const supporters = truth('supporters');
    const letters = truth('letters');
    const opened = await openAsAdmin('/admin');
    const { page } = opened;
    await page.getByRole('table', { name: 'All Campaigns' }).waitFor();

    expect(number(await statCard(page, 'Total Supporters').locator('.stat-value').textContent())).toBe(supporters.counted);
    expect(await statCard(page, 'Total Supporters').locator('.stat-note').textContent()).toBe(`${supporters.pending} more pending confirmation`);
    expect(number(await statCard(page, 'Total Letters').locator('.stat-value').textContent())).toBe(letters.counted);
    // The demo's personal letters (counted ones with their writers' own words) are said beside the letters, then those waiting.
    const personal = Number(server.db.sql("SELECT COUNT(*) AS n FROM letters WHERE personal AND status = 'confirmed' AND quarantine_id IS NULL")[0]!.n);
    expect(personal).toBeGreaterThan(1);
    expect(await statCard(page, 'Total Letters').locator('.stat-note').textContent()).toBe(
      `${personal} personal letters; ${letters.pending} more pending confirmation`,
    );

    // The chart says its figures in words and in a table: the same counted rows, per day.
    const chart = page.getByRole('region', { name: /^Activity, last 30 days/ });
    const summary = await chart.locator('.chart-summary').textContent();
    expect(summary).toMatch(new RegExp(`^${supporters.lastMonth} signatures and ${letters.lastMonth} letters from `));
    await chart.getByText('Show the numbers per day').click();
    const days = await chart.getByRole('table').getByRole('row').evaluateAll((rows) =>
      rows.slice(1).map((r) => [...r.querySelectorAll('td')].map((c) => Number((c.textContent ?? '').replace(/,/g, '')))),
    );
    expect(days).toHaveLength(30);
    expect(days.reduce((n, [s]) => n + s!, 0)).toBe(supporters.lastMonth);
    expect(days.reduce((n, [, l]) => n + l!, 0)).toBe(letters.lastMonth);

    // Recent Supporters: counted rows only; the newest pending ones are not among them.
    const recent = await page.getByRole('region', { name: 'Recent Supporters' }).locator('.recent-name').allTextContents();
    expect(recent).toHaveLength(5);
    expect(recent.filter((name) => /^(Waiting|Held)/.test(name))).toEqual([]);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it("on the campaign list and the campaign's page, its delivery card and its quarantine screen", async () => {
    const supporters = truth('supporters', 'campaign_id = ?', campaignId);
    const letters = truth('letters', 'campaign_id = ?', campaignId);
    expect([supporters.counted, supporters.pending, letters.counted, letters.pending]).toEqual([5, 3, 4, 2]);

    const { page } = await openAsAdmin('/admin/causes');
    const row = page.getByRole('table', { name: 'All Campaigns' }).getByRole('row').filter({ hasText: TITLE });
    expect(await row.locator('td[data-label="Supporters"]').textContent()).toBe('5');
    expect(await row.locator('td[data-label="Letters"]').textContent()).toBe('4');

    await page.goto(`${server.url}/admin/campaigns/${campaignId}`);
    const stats = page.getByRole('list', { name: 'Campaign statistics' });
    await stats.waitFor();
    expect(await statCard(page, 'Supporters').locator('.stat-value').textContent()).toBe('5');
    expect(await statCard(page, 'Supporters').locator('.stat-note').textContent()).toBe('3 more pending confirmation');
    expect(await statCard(page, 'Letters').locator('.stat-value').textContent()).toBe('4');
    expect(await statCard(page, 'Letters').locator('.stat-note').textContent()).toBe('2 more pending confirmation');
    const card = page.getByRole('region', { name: 'Delivery to the decision body' });
    await card.getByText('Since the last packet: 4 letters, none sent in a packet yet').waitFor();

    await page.goto(`${server.url}/admin/campaigns/${campaignId}/quarantines`);
    await page.getByText('Counted now: 5 signatures and 4 letters').waitFor();
    const held = page.getByRole('table', { name: 'Quarantines' }).getByRole('row').nth(1);
    expect(await held.locator('td[data-label="Took"]').innerText()).toBe('6 signatures\n3 letters');
  });

  it('on the supporters and letters lists: the counted rows, the rest apart, nothing quarantined listed', async () => {
    const { page } = await openAsAdmin(`/admin/supporters?campaign=${campaignId}`);
    await page.getByText(`${TITLE}: 5 supporters counted; 3 more pending confirmation.`, { exact: true }).waitFor();
    const rows = page.getByRole('table', { name: 'Supporters' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(1 + 8);
    const names = await page.getByRole('table', { name: 'Supporters' }).locator('td[data-label="Supporter"] p.strong').allTextContents();
    expect(names.filter((n) => n.startsWith('Held'))).toEqual([]);
    expect(await page.getByRole('table', { name: 'Supporters' }).getByText('Pending', { exact: true }).count()).toBe(3);

    await page.goto(`${server.url}/admin/letters?campaign=${campaignId}`);
    await page.getByText(`${TITLE}: 4 letters counted; 2 more pending confirmation, 1 withdrawn after delivery.`, { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Letters' }).getByRole('row').count()).toBe(1 + 7);

    // Every campaign: the dashboard's totals, and the same apart.
    const all = truth('supporters');
    await page.goto(`${server.url}/admin/supporters`);
    await page.getByText(`${all.counted} supporters counted; ${all.pending} more pending confirmation.`, { exact: true }).waitFor();
  });
});
