/**
 * The check after a sign load: the counter equals the confirmed rows (on a campaign that confirms
 * by e-mail, every row is pending and each has its confirmation e-mail queued: right after its
 * batch's COMMIT, so the check gives the last batches' e-mails a few seconds), every e-mail wrk saw
 * acknowledged with a 2xx is stored, and the only rows nobody was told about are those whose request
 * was still unanswered when the load stopped (the server may commit them after wrk has gone).
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { SignBookkeeping } from './wrk';

export interface StoredSignatures {
  rows: number;
  counter: number;
  /** Rows in the count: confirmed ones. */
  confirmed: number;
  /** Pending rows no confirmation e-mail covers: must be none. */
  unmailed: number;
  /** How long after the load the last of them got its e-mail (ms). */
  mailedWithinMs?: number;
  emails: Set<string>;
  /** The outbox when the load stopped: how much of the mail the signatures queued had gone out. */
  mail: { queued: number; sent: number };
}

const OUTBOX = `SELECT COUNT(*) AS queued, COUNT(*) FILTER (WHERE status = 'sent') AS sent FROM mail_outbox`;

const STANDING = `SELECT COUNT(*) FILTER (WHERE status = 'confirmed') AS confirmed, COUNT(*) FILTER (WHERE status = 'pending' AND confirm_mails = 0) AS unmailed FROM supporters WHERE campaign_id = `;

/** Rows stored for a campaign, its supporter_count, and their e-mails. */
export async function storedSignatures(databaseUrl: string, campaignId: number): Promise<StoredSignatures> {
  if (databaseUrl.startsWith('sqlite:')) {
    const conn = new BetterSqlite3(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      const emails = conn.prepare('SELECT email FROM supporters WHERE campaign_id = ?').pluck().all(campaignId) as string[];
      const counter = conn.prepare('SELECT supporter_count FROM campaigns WHERE id = ?').pluck().get(campaignId) as number;
      const standing = conn.prepare(`${STANDING}?`).get(campaignId) as { confirmed: number; unmailed: number };
      const mail = conn.prepare(OUTBOX).get() as { queued: number; sent: number };
      return { rows: emails.length, counter, confirmed: standing.confirmed, unmailed: standing.unmailed, emails: new Set(emails), mail };
    } finally {
      conn.close();
    }
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const emails = (await c.query<{ email: string }>('SELECT email FROM supporters WHERE campaign_id = $1', [campaignId])).rows.map((r) => r.email);
    const counter = (await c.query<{ supporter_count: number }>('SELECT supporter_count FROM campaigns WHERE id = $1', [campaignId])).rows[0]!.supporter_count;
    const standing = (await c.query<{ confirmed: string; unmailed: string }>(`${STANDING}$1`, [campaignId])).rows[0]!;
    const mail = (await c.query<{ queued: string; sent: string }>(OUTBOX)).rows[0]!;
    return {
      rows: emails.length,
      counter,
      confirmed: Number(standing.confirmed),
      unmailed: Number(standing.unmailed),
      emails: new Set(emails),
      mail: { queued: Number(mail.queued), sent: Number(mail.sent) },
    };
  } finally {
    await c.end();
  }
}

/** storedSignatures once every pending row has its e-mail, or after `waitMs` (then `unmailed` says how many had none). */
export async function storedSignaturesOnceMailed(databaseUrl: string, campaignId: number, waitMs = 10_000): Promise<StoredSignatures> {
  const started = Date.now();
  for (;;) {
    const stored = await storedSignatures(databaseUrl, campaignId);
    if (stored.unmailed === 0 || Date.now() - started > waitMs) return { ...stored, mailedWithinMs: Date.now() - started };
    await new Promise((r) => setTimeout(r, 100));
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
    pass:
      lost === 0 &&
      stored.counter === stored.confirmed &&
      stored.unmailed === 0 &&
      unacknowledgedRows <= sign.unanswered &&
      sign.unanswered <= connections,
    summary:
      `${n(sign.generated)} requests sent, ${n(acknowledged.size)} distinct e-mails acknowledged, ${n(stored.rows)} rows ` +
      `(${n(stored.rows - stored.confirmed)} pending, ${n(stored.unmailed)} of them without their confirmation e-mail` +
      `${stored.mailedWithinMs === undefined ? '' : ` ${(stored.mailedWithinMs / 1000).toFixed(1)} s after the stop`}), ` +
      `supporter_count ${n(stored.counter)} = ${n(stored.confirmed)} confirmed, ${lost} acknowledged and missing, ` +
      `${n(unacknowledgedRows)} rows never acknowledged (at most the ${n(sign.unanswered)} requests left unanswered, ` +
      `at most one a connection: ${n(connections)}); ${n(stored.mail.sent)} of the ${n(stored.mail.queued)} confirmation e-mails sent by then`,
  };
}
