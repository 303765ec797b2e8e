/**
 * The check after a sign load: the counter equals the rows, every e-mail wrk saw acknowledged with
 * a 2xx is stored, and the only rows nobody was told about are those whose request was still
 * unanswered when the load stopped (the server may commit them after wrk has gone).
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { SignBookkeeping } from './wrk';

export interface StoredSignatures {
  rows: number;
  counter: number;
  emails: Set<string>;
}

/** Rows stored for a campaign, its supporter_count, and their e-mails. */
export async function storedSignatures(databaseUrl: string, campaignId: number): Promise<StoredSignatures> {
  if (databaseUrl.startsWith('sqlite:')) {
    const conn = new BetterSqlite3(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      const emails = conn.prepare('SELECT email FROM supporters WHERE campaign_id = ?').pluck().all(campaignId) as string[];
      const counter = conn.prepare('SELECT supporter_count FROM campaigns WHERE id = ?').pluck().get(campaignId) as number;
      return { rows: emails.length, counter, emails: new Set(emails) };
    } finally {
      conn.close();
    }
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const emails = (await c.query<{ email: string }>('SELECT email FROM supporters WHERE campaign_id = $1', [campaignId])).rows.map((r) => r.email);
    const counter = (await c.query<{ supporter_count: number }>('SELECT supporter_count FROM campaigns WHERE id = $1', [campaignId])).rows[0]!.supporter_count;
    return { rows: emails.length, counter, emails: new Set(emails) };
  } finally {
    await c.end();
  }
}

export interface Exactness {
  pass: boolean;
  /** One line for the bench's table. */
  summary: string;
}

/**
 * `connections`: each had at most one request in flight when the load stopped; more unanswered
 * requests than that were dropped with their connection, which wrk does not count as an error.
 */
export function signExactness(sign: SignBookkeeping, stored: StoredSignatures, connections: number): Exactness {
  const acknowledged = new Set(sign.acknowledgedEmails);
  const lost = [...acknowledged].filter((e) => !stored.emails.has(e)).length;
  const unacknowledgedRows = stored.rows - (acknowledged.size - lost);
  const n = (x: number) => x.toLocaleString('en-US');
  return {
    pass: lost === 0 && stored.counter === stored.rows && unacknowledgedRows <= sign.unanswered && sign.unanswered <= connections,
    summary:
      `${n(sign.generated)} requests sent, ${n(acknowledged.size)} distinct e-mails acknowledged, ${n(stored.rows)} rows, ` +
      `supporter_count ${n(stored.counter)}, ${lost} acknowledged and missing, ` +
      `${n(unacknowledgedRows)} rows never acknowledged (at most the ${n(sign.unanswered)} requests left unanswered, ` +
      `at most one a connection: ${n(connections)})`,
  };
}
