/**
 * Runs the malformed-request generator against a test server and reports what a user would
 * notice: a 5xx, a reply that is not our JSON error, or a change to the stored data.
 */
import { expect } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../../src/contract';
import type { TestServer } from '../harness';
import { rowCounts, storedStateChecksum } from './db-checksum';
import { malformedRequests, requestSchemaFor, validBodies, type Auth, type Probe, type Targets } from './malformed';
import { keepAliveAgent, rawRequest, type RawReply } from './raw-http';

/** RELIABILITY_SEED=n reruns a failing seed; otherwise each suite uses its fixed seed. */
export const seedFrom = (fallback: number) => Number(process.env.RELIABILITY_SEED ?? fallback);

/** Rows the requests point at, made through the API itself (which also proves the valid bodies are valid). */
export async function prepareTargets(t: TestServer, admin: string): Promise<Targets> {
  const campaign = await t.campaign();
  const settingKey = 'widget_show_progress' as const;
  const bodies = validBodies({ campaignId: campaign.id, letterId: 1, messagePointId: 1, settingKey });
  for (const [name, body] of Object.entries(bodies)) {
    expect(requestSchemaFor(name as keyof typeof bodies).safeParse(body).success, `${name} example must be valid`).toBe(true);
  }
  const point = await t.api('POST', '/api/admin/message-points', { cookie: admin, body: bodies.MessagePointCreate });
  expect(point.status).toBe(201);
  const messagePointId = Number(point.body.data.id);
  const letterBody = { ...validBodies({ campaignId: campaign.id, letterId: 0, messagePointId, settingKey }).LetterSubmit, supporter_email: 'setup@example.org' };
  const letter = await t.api('POST', `/api/campaigns/${campaign.id}/submit-letter`, { body: letterBody });
  expect(letter.status).toBe(201);
  const letters = await t.api('GET', '/api/admin/letters', { cookie: admin });
  const letterId = Number(letters.body.data[0].id);
  // A different e-mail from the generator's: a malformed signature that slipped through would add a row.
  const signed = await t.api('POST', `/api/campaigns/${campaign.id}/support`, { body: { ...bodies.SignatureCreate, email: 'setup@example.org' } });
  expect(signed.status).toBe(200);
  return { campaignId: campaign.id, letterId, messagePointId, settingKey };
}

export interface BadInputResult {
  sent: number;
  statuses: Record<number, number>;
  failures: string[];
}

function judge(p: Probe, reply: RawReply): string | null {
  const body = reply.json as { success?: unknown; error?: unknown; code?: unknown } | undefined;
  const where = `${p.label} [${p.auth}] -> ${reply.status}`;
  if (reply.status >= 500) return `${where}: server error ${reply.text.slice(0, 200)}`;
  if (reply.status < 400) return `${where}: accepted, ${reply.text.slice(0, 200)}`;
  if (!String(reply.headers['content-type'] ?? '').includes('application/json')) return `${where}: not JSON (${reply.headers['content-type']}) ${reply.text.slice(0, 120)}`;
  if (!body || body.success !== false) return `${where}: success is not false: ${reply.text.slice(0, 200)}`;
  if (typeof body.error !== 'string' || body.error.trim() === '') return `${where}: no message: ${reply.text.slice(0, 200)}`;
  if (typeof body.code !== 'string' || ERROR_STATUS[body.code as ErrorCode] !== reply.status) return `${where}: code ${String(body.code)} does not match the status`;
  return null;
}

/** Sends `count` generated requests, `concurrency` at a time; the database must not change. */
export async function runBadInput(t: TestServer, o: { seed: number; count: number; concurrency: number }): Promise<BadInputResult> {
  const admin = await t.adminCookie();
  const user = await t.userCookie();
  const targets = await prepareTargets(t, admin);
  const cookies: Record<Auth, string | undefined> = { 'signed-out': undefined, user, admin };
  const before = await storedStateChecksum(t.db, t.config.uploadDir);
  const countsBefore = await rowCounts(t.db);

  const probes = malformedRequests(o.seed, o.count, targets);
  const agent = keepAliveAgent(o.concurrency);
  const result: BadInputResult = { sent: 0, statuses: {}, failures: [] };
  const worker = async () => {
    for (let next = probes.next(); !next.done; next = probes.next()) {
      const p = next.value;
      const cookie = cookies[p.auth];
      const headers = { ...p.request.headers, ...(cookie ? { cookie } : {}) };
      result.sent++;
      let failure: string | null;
      try {
        const reply = await rawRequest(t.url, { ...p.request, headers }, agent);
        result.statuses[reply.status] = (result.statuses[reply.status] ?? 0) + 1;
        failure = judge(p, reply);
      } catch (err) {
        failure = `${p.label} [${p.auth}]: no reply (${(err as Error).message})`;
      }
      if (failure) result.failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  agent.destroy();

  const after = await storedStateChecksum(t.db, t.config.uploadDir);
  if (after !== before) {
    result.failures.push(`the stored data changed: rows before ${JSON.stringify(countsBefore)}, after ${JSON.stringify(await rowCounts(t.db))}`);
  }
  return result;
}
