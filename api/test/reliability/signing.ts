/** Signing traffic and the exact-count check shared by the load and crash suites. */
import http from 'node:http';
import { expect } from 'vitest';
import type { Database } from '../../src/db/data-source';
import { rawRequest } from './raw-http';

export interface Signature {
  campaignId: number;
  email: string;
}

export interface SigningOutcome {
  /** Every signature that got a 2xx: each must be stored. */
  acknowledged: Signature[];
  statuses: Record<string, number>;
  /** Requests that got no answer (the server was killed): stored or not, both are correct. */
  unanswered: number;
  latenciesMs: number[];
}

export const newOutcome = (): SigningOutcome => ({ acknowledged: [], statuses: {}, unanswered: 0, latenciesMs: [] });

function signatureBody(email: string) {
  return JSON.stringify({ name: 'Load Tester', email, street_address: '1 Load Street', city: 'Springfield', state: 'IL', zip_code: '62701' });
}

/**
 * `clients` concurrent clients send the signatures `next()` hands out until it returns null or
 * `stopped()` is true; each client stops at its first network error (the server is gone).
 */
export async function signConcurrently(
  url: string,
  clients: number,
  next: () => Signature | null,
  outcome: SigningOutcome,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const client = async () => {
    for (let s = next(); s; s = next()) {
      const start = performance.now();
      try {
        const reply = await rawRequest(
          url,
          { method: 'POST', path: `/api/campaigns/${s.campaignId}/support`, headers: { 'content-type': 'application/json' }, body: signatureBody(s.email) },
          agent,
          20_000,
        );
        outcome.latenciesMs.push(performance.now() - start);
        outcome.statuses[reply.status] = (outcome.statuses[reply.status] ?? 0) + 1;
        if (reply.status >= 200 && reply.status < 300) outcome.acknowledged.push(s);
      } catch {
        outcome.unanswered++;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
}

/** Every acknowledged signature is a stored row, and every campaign's counter equals its rows. */
export async function expectExactCounts(db: Database, acknowledged: Signature[]) {
  const rows: { campaign_id: number; email: string }[] = await db.ds
    .getRepository(db.entities.Supporter)
    .createQueryBuilder('s')
    .select(['s.campaign_id AS campaign_id', 's.email AS email'])
    .getRawMany();
  const stored = new Set(rows.map((r) => `${Number(r.campaign_id)}:${r.email}`));
  const missing = acknowledged.filter((s) => !stored.has(`${s.campaignId}:${s.email.trim().toLowerCase()}`));
  expect(missing.slice(0, 10), `${missing.length} acknowledged signatures are not stored`).toEqual([]);

  const perCampaign = new Map<number, number>();
  for (const r of rows) perCampaign.set(Number(r.campaign_id), (perCampaign.get(Number(r.campaign_id)) ?? 0) + 1);
  const campaigns = await db.ds.getRepository(db.entities.Campaign).find({ select: { id: true, supporter_count: true } });
  for (const c of campaigns) {
    expect(c.supporter_count, `campaign ${c.id}: supporter_count against its rows`).toBe(perCampaign.get(c.id) ?? 0);
  }
  return { rows: rows.length };
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
