import Database from 'better-sqlite3';
import type { Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startOAuthServer, type MockIdentity, type OAuthServer } from '../../api/test/oauth';
import type { HostPage, Viewport } from './browser';
import { startDaisServer, type DaisServer } from './dais-server';
import { openDaisDatabase } from './database';

/**
 * The admin console's tests run against their own Dais server (fresh SQLite file, demo data) whose
 * Google sign-in points at api/test/oauth-server.ts, a real OAuth 2.0 server process on loopback.
 * One pair per test file: the admin tests change global settings (success message, progress bar)
 * that the widget tests read from the run's shared server, and each file begins with a database
 * where nobody has signed in yet, so its first user becomes the admin.
 */
export function useAdminServer() {
  let dais: DaisServer | undefined;
  let oauth: OAuthServer | undefined;
  let db: AdminDatabase | undefined;

  beforeAll(async () => {
    oauth = await startOAuthServer();
    dais = await startDaisServer({ env: oauth.env });
    db = openAdminDatabase(dais.dbPath);
  });
  afterAll(async () => {
    db?.close();
    await dais?.stop();
    await oauth?.stop();
  });

  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useAdminServer(): the servers are not started yet; use them inside tests');
    return value;
  };
  return {
    /** http://127.0.0.1:PORT of this file's Dais server. */
    get url() {
      return need(dais).url;
    },
    get oauth() {
      return need(oauth);
    },
    get db() {
      return need(db);
    },
  };
}
export type AdminServer = ReturnType<typeof useAdminServer>;

/** Someone with a Google account, as the OAuth server will describe them. */
export function identity(sub: string, name: string): MockIdentity {
  return { sub, name, email: `${sub}@example.org`, email_verified: true };
}

/**
 * Signs in the way a person does: 'Admin Login' on /, then the browser follows grant's
 * /connect/google to the provider's /authorize, back to /connect/google/callback, on to
 * /auth/callback (which trades the one-time code for a session) and, 1.5 s later, /admin.
 * Resolves on /admin, before the access check has answered.
 */
export async function signIn(page: Page, server: AdminServer, who: MockIdentity) {
  await server.oauth.setIdentity(who);
  if (page.url() !== `${server.url}/`) await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await page.getByText('Login successful! Redirecting...').waitFor();
  await page.waitForURL(`${server.url}/admin`);
}

/**
 * Waits for one of the console's notices (success: role status; error: role alert) and dismisses
 * it, so that a second identical notice is a new one and not this one still showing.
 */
export async function notice(page: Page, text: string | RegExp, kind: 'success' | 'error' = 'success') {
  const shown = typeof text === 'string' ? page.getByText(text, { exact: true }) : page.getByText(text);
  const toast = page.getByRole(kind === 'success' ? 'status' : 'alert').filter({ has: shown });
  await toast.waitFor();
  const dismiss = toast.getByRole('button', { name: 'Dismiss notification' });
  // Notices leave by themselves too; one that already has is fine.
  if ((await dismiss.count()) > 0) await dismiss.click({ timeout: 2_000 }).catch(() => undefined);
}

type OpenPage = (url: string, viewport?: Viewport) => Promise<HostPage>;

/**
 * A signed-in person's browser (an admin's, or a refused visitor's). The first call signs in
 * through the provider; later calls (a new context, e.g. another viewport) reuse that session's
 * cookies, so only one test pays for the round trip. Opens `path`; the first call waits until the
 * admin shell has decided (the console or Access Denied).
 */
export function adminBrowser(server: AdminServer, openPage: OpenPage, who: MockIdentity) {
  let cookies: Cookie[] | null = null;
  return async function openAsAdmin(path: string, viewport: Viewport = 'desktop'): Promise<HostPage> {
    if (!cookies) {
      const opened = await openPage(`${server.url}/`, viewport);
      await signIn(opened.page, server, who);
      const { page } = opened;
      // The console's navigation (on a phone, inert in the closed drawer: its Open menu button instead) or Access Denied.
      const shell = page.getByRole('navigation', { name: 'Admin' }).or(page.getByRole('button', { name: 'Open menu' }));
      await shell.or(page.getByRole('heading', { name: 'Access Denied' })).waitFor({ state: 'attached' });
      cookies = await opened.context.cookies();
      if (path !== '/admin') await opened.page.goto(`${server.url}${path}`);
      return opened;
    }
    const opened = await openPage('about:blank', viewport);
    await opened.context.addCookies(cookies);
    await opened.page.goto(`${server.url}${path}`);
    return opened;
  };
}

/**
 * Console errors a test did not expect. A signed-out visit to an admin page gets a 401 from the
 * shell's access check (SPEC.md: it then sends the visitor to /), which Chromium logs; that is the
 * spec's behaviour, not a failure. (The user fetch no longer fails for a signed-out visitor: it
 * answers null since issue 22, so its 'Failed to fetch user: ... 401' is no longer excused.)
 */
export function unexpectedConsoleErrors(hostPage: HostPage): string[] {
  return hostPage.consoleErrors.filter((line) => !/^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/.test(line));
}

/** A signature or letter to seed: who, from which network (a /24 like '203.0.113.0/24'), when. */
export interface SeededRecord {
  name: string;
  email: string;
  network: string;
  at: Date;
}

/** A timestamp as TypeORM stores it in SQLite: UTC text without the T and the Z. */
const stamp = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** The file's SQLite database: the widget tests' helpers plus what the admin screens store. */
export function openAdminDatabase(dbPath: string) {
  const base = openDaisDatabase(dbPath);
  const db = new Database(dbPath, { timeout: 10_000 });
  return {
    ...base,
    admins() {
      return db.prepare('SELECT email, is_active FROM admin_users ORDER BY id').all() as { email: string; is_active: number }[];
    },
    deliveries(campaignId: number) {
      return db.prepare('SELECT * FROM deliveries WHERE campaign_id = ? ORDER BY id').all(campaignId) as Record<string, unknown>[];
    },
    /** No letters at all (the demo data has some), as on an install nobody has written to yet. */
    removeAllLetters() {
      db.transaction(() => {
        db.prepare('DELETE FROM deliveries WHERE letter_id IS NOT NULL').run();
        db.prepare('DELETE FROM letters').run();
        db.prepare('UPDATE campaigns SET letter_count = 0').run();
      })();
    },
    /** As on a fresh install: nobody is an admin (users and sessions stay). */
    removeAllAdmins() {
      db.prepare('DELETE FROM admin_users').run();
    },
    setting(key: string) {
      const row = db.prepare('SELECT setting_value FROM settings WHERE setting_key = ?').get(key) as { setting_value: string } | undefined;
      return row?.setting_value;
    },
    campaignByTitle(title: string) {
      return db.prepare('SELECT * FROM campaigns WHERE title = ?').get(title) as Record<string, unknown> | undefined;
    },
    messagePointsByCategory(category: string) {
      return db.prepare('SELECT * FROM message_points WHERE category = ?').all(category) as Record<string, unknown>[];
    },
    letterById(id: number) {
      return db.prepare('SELECT * FROM letters WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    },
    /**
     * `count` letters to a campaign, written `daysAgo` days back (older than anything a test
     * submits now), so lists have more than one page. The campaign's letter counter goes up with
     * them, as a submission does: the admin list takes its total from the counters.
     */
    insertOldLetters(campaignId: number, count: number, daysAgo = 30) {
      const title = (db.prepare('SELECT title FROM campaigns WHERE id = ?').get(campaignId) as { title: string }).title;
      const insert = db.prepare(
        'INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, email_key, street_address, city, state, ' +
          'zip_code, perspective, campaign_title, message_point_ids, created_at, updated_at) ' +
          "VALUES (?, ?, ?, ?, ?, '1 Elm St', 'Springfield', 'IL', '62704', 'homeowner', ?, '[]', ?, ?)",
      );
      const at = (i: number) => new Date(Date.now() - daysAgo * 86_400_000 - i * 60_000).toISOString().replace('T', ' ').replace('Z', '');
      db.transaction(() => {
        for (let i = 0; i < count; i += 1) {
          const email = `older.${i + 1}@example.org`;
          // email_key as the API folds it (no +tag, no Gmail dots here): erasure and removal find letters by it.
          insert.run(campaignId, `Dear Council,\nOlder letter ${i + 1}.\n`, `Older Writer ${i + 1}`, email, email, title, at(i), at(i));
        }
        db.prepare('UPDATE campaigns SET letter_count = letter_count + ? WHERE id = ?').run(count, campaignId);
      })();
    },
    /**
     * Confirmed signatures as the sign route stores them, each with the network and e-mail domain
     * the flood checks group by (api floods/sources.ts), signed at `at`; the campaign's counter goes
     * up with them, as signing moves it.
     */
    insertSignatures(campaignId: number, rows: SeededRecord[]) {
      const insert = db.prepare(
        'INSERT INTO supporters (campaign_id, name, email, email_key, street_address, city, state, zip_code, network, email_domain, created_at, updated_at) ' +
          "VALUES (?, ?, ?, ?, '1 Elm St', 'Springfield', 'IL', '62704', ?, ?, ?, ?)",
      );
      db.transaction(() => {
        for (const r of rows) {
          const email = r.email.toLowerCase();
          insert.run(campaignId, r.name, email, email, r.network, domainOf(email), stamp(r.at), stamp(r.at));
        }
        db.prepare('UPDATE campaigns SET supporter_count = supporter_count + ? WHERE id = ?').run(rows.length, campaignId);
      })();
    },
    /** Confirmed letters the same way, the campaign's letter counter raised with them. */
    insertLetters(campaignId: number, rows: SeededRecord[]) {
      const title = (db.prepare('SELECT title FROM campaigns WHERE id = ?').get(campaignId) as { title: string }).title;
      const insert = db.prepare(
        'INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, email_key, street_address, city, state, ' +
          'zip_code, perspective, campaign_title, message_point_ids, network, email_domain, created_at, updated_at) ' +
          "VALUES (?, 'Dear Council,\nPlease listen.\n', ?, ?, ?, '1 Elm St', 'Springfield', 'IL', '62704', 'homeowner', ?, '[]', ?, ?, ?, ?)",
      );
      db.transaction(() => {
        for (const r of rows) {
          const email = r.email.toLowerCase();
          insert.run(campaignId, r.name, email, email, title, r.network, domainOf(email), stamp(r.at), stamp(r.at));
        }
        db.prepare('UPDATE campaigns SET letter_count = letter_count + ? WHERE id = ?').run(rows.length, campaignId);
      })();
    },
    /** Any statement, for a state the helpers above do not make (pending, quarantined, withdrawn rows). */
    sql(statement: string, ...params: unknown[]) {
      const prepared = db.prepare(statement);
      return prepared.reader ? (prepared.all(...params) as Record<string, unknown>[]) : (prepared.run(...params), []);
    },
    close() {
      db.close();
      base.close();
    },
  };
}
export type AdminDatabase = ReturnType<typeof openAdminDatabase>;
