/**
 * Floods, seen and contained: the dashboard names a network or e-mail domain behind more than a
 * fifth of a campaign's last hour (with at least 50 signatures), an admin quarantines the burst
 * after a preview, and the rows leave the counts, the lists, the exports and the packet until
 * restored. Read off the database on both. Signatures arrive over HTTP from addresses a proxy
 * names (TRUST_PROXY=1), as they would behind a load balancer.
 */
import { expect, it } from 'vitest';
import { mailSoon } from '../confirmations/mail-soon';
import { confirmationUpkeep } from '../confirmations/upkeep';
import type { CampaignRow } from '../db/types';
import { createLogger } from '../http/logger';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { linksOfLastMailTo } from '../../test/queued-mail';

const address = { street_address: '12 Elm Street', city: 'Pasadena', state: 'CA', zip_code: '91101' };
let seq = 0;

async function sign(t: TestServer, c: CampaignRow, email: string, ip: string) {
  const res = await t.api('POST', `/api/campaigns/${c.id}/support`, {
    body: { name: 'Flood Signer', email, is_public: false, ...address },
    headers: { 'X-Forwarded-For': ip },
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

async function submit(t: TestServer, c: CampaignRow, email: string, ip: string) {
  const res = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, {
    body: { supporter_name: 'Flood Writer', supporter_email: email, perspective: 'homeowner', ...address, letter_content: 'Dear Council,\n\nYes.\n\nFlood Writer' },
    headers: { 'X-Forwarded-For': ip },
  });
  expect(res.status, res.text).toBe(201);
}

const stored = async (t: TestServer, c: CampaignRow) => {
  const row = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id });
  return { signatures: row.supporter_count, letters: row.letter_count };
};

describeEachDatabase(
  'floods',
  (t) => {
    it('alerts on a network or a throwaway domain behind more than a fifth of the last hour, quarantines the burst after a preview, and restores it', async () => {
      const c = await t.campaign({ require_confirmation: false, delivery_recipients: ['clerk@springfield.example.gov'] });
      const run = ++seq;
      // 60 from one /24 (each with its own domain), 55 from a throwaway-mail domain and 45 ordinary, each from its own network.
      for (let i = 0; i < 60; i++) await sign(t, c, `n${i}.${run}@town${i}.example`, `203.0.113.${i + 1}`);
      for (let i = 0; i < 55; i++) await sign(t, c, `m${i}.${run}@mailinator.com`, `10.${i}.${run % 200}.1`);
      for (let i = 0; i < 45; i++) await sign(t, c, `p${i}.${run}@example.net`, `2001:db8:${i.toString(16)}:${run.toString(16)}::7`);
      await submit(t, c, `writer.${run}@town0.example`, '203.0.113.200');
      await submit(t, c, `other.${run}@example.net`, '192.0.2.9');
      expect(await stored(t, c)).toEqual({ signatures: 160, letters: 2 });

      const admin = await t.adminCookie();
      const alerts = async () => (await t.api('GET', '/api/admin/dashboard', { cookie: admin })).body.data.flood_alerts.filter((a: { campaign_id: number }) => a.campaign_id === c.id);
      expect(await alerts()).toEqual([
        expect.objectContaining({ kind: 'network', source: '203.0.113.0/24', signatures: 60, of: 160, disposable: false, campaign_title: c.title }),
        expect.objectContaining({ kind: 'domain', source: 'mailinator.com', signatures: 55, of: 160, disposable: true }),
      ]);
      // Only the network is kept, never the address; the admin sees the throwaway domain flagged.
      const networks = await t.db.ds.query(`SELECT DISTINCT "network" FROM "supporters" WHERE "campaign_id" = ${c.id} AND "email" LIKE 'n%'`);
      expect(networks).toEqual([{ network: '203.0.113.0/24' }]);
      const list = await t.api('GET', `/api/admin/supporters?campaign_id=${c.id}&pageSize=100`, { cookie: admin });
      expect(list.body.data.filter((s: { disposable_email: boolean }) => s.disposable_email)).toHaveLength(55);

      const burst = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), network: '203.0.113.0/24', reason: 'One network, sixty names in minutes' };
      const preview = await t.api('POST', `/api/admin/campaigns/${c.id}/quarantines/preview`, { cookie: admin, body: burst });
      expect(preview.body.data).toEqual({ signatures: 60, letters: 1, counted_signatures: 60, counted_letters: 1 });
      expect(await stored(t, c)).toEqual({ signatures: 160, letters: 2 });

      const made = await t.api('POST', `/api/admin/campaigns/${c.id}/quarantines`, { cookie: admin, body: burst });
      expect(made.status, made.text).toBe(201);
      expect(made.body.data).toMatchObject({ network: '203.0.113.0/24', email_domain: null, signatures: 60, letters: 1, restored_at: null, reason: burst.reason });
      const q = made.body.data.id as number;
      // Out of the counts (the public read too), the lists, the export, the packet and the alerts.
      expect(await stored(t, c)).toEqual({ signatures: 100, letters: 1 });
      expect((await t.api('GET', `/api/campaigns/${c.id}`)).body.data).toMatchObject({ supporter_count: 100, letter_count: 1 });
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id, quarantine_id: q })).toBe(60);
      expect(await t.db.ds.getRepository(t.db.entities.Letter).countBy({ campaign_id: c.id, quarantine_id: q })).toBe(1);
      const after = await t.api('GET', `/api/admin/supporters?campaign_id=${c.id}&pageSize=100`, { cookie: admin });
      expect(after.body.meta.total).toBe(100);
      expect(after.body.data.some((s: { email: string }) => s.email.endsWith('.example'))).toBe(false);
      const csv = await fetch(`${t.url}/api/admin/supporters.csv?campaign_id=${c.id}`, { headers: { cookie: admin } });
      expect((await csv.text()).trim().split('\r\n')).toHaveLength(101);
      const packet = await t.api('POST', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: admin, body: {} });
      expect(packet.body.data.letter_count).toBe(1);
      expect(await alerts()).toEqual([expect.objectContaining({ kind: 'domain', source: 'mailinator.com', signatures: 55, of: 100 })]);
      // The same burst again takes nothing, and says so.
      const twice = await t.api('POST', `/api/admin/campaigns/${c.id}/quarantines`, { cookie: admin, body: burst });
      expect(twice.status).toBe(400);
      expect(twice.body.error).toBe('Nothing to quarantine: no signature or letter from that source in that time range');

      const restored = await t.api('POST', `/api/admin/quarantines/${q}/restore`, { cookie: admin });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.body.data.restored_by).toMatch(/@example\.org$/);
      expect(await stored(t, c)).toEqual({ signatures: 160, letters: 2 });
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id, quarantine_id: q })).toBe(0);
      // Restored, the letter entered the record now: the next packet holds it.
      const next = await t.api('POST', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: admin, body: {} });
      expect(next.status, next.text).toBe(201);
      expect((await t.api('POST', `/api/admin/quarantines/${q}/restore`, { cookie: admin })).status).toBe(409);

      const log = (await t.api('GET', `/api/admin/audit-log?campaign_id=${c.id}`, { cookie: admin })).body.data.map((e: { action: string; summary: string }) => `${e.action}: ${e.summary}`);
      expect(log).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^quarantine\.create: Quarantined 60 signatures and 1 letters of ".+" from network 203\.0\.113\.0\/24, .+: One network, sixty names in minutes$/),
          expect.stringMatching(/^quarantine\.restore: Restored the quarantine of 60 signatures and 1 letters of /),
        ]),
      );
    });

    it('quarantines by e-mail domain: rows confirmed while held count, and go to the clerk, only once restored; taking one back moves no count', async () => {
      const c = await t.campaign({ require_confirmation: true, delivery_mode: 'each', delivery_recipients: ['clerk@springfield.example.gov'] });
      const run = ++seq;
      const held = `held.${run}@mailinator.com`;
      const leaving = `leaving.${run}@mailinator.com`;
      await sign(t, c, held, '198.51.100.7');
      // The signature's e-mail is queued (after its COMMIT) before the letter comes, so never names
      // it: a day later one e-mail names both.
      await mailSoon(t.db).settled();
      await submit(t, c, held, '198.51.100.7');
      await sign(t, c, leaving, '198.51.100.8');
      await mailSoon(t.db).settled();
      await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${t.dialect === 'postgres' ? "now() - interval '25 hours'" : "datetime('now', '-25 hours')"} WHERE "email" = '${held}'`);
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(1);
      const admin = await t.adminCookie();
      const burst = { from: new Date(Date.now() - 60_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), email_domain: 'MAILINATOR.com', reason: 'Throwaway addresses' };
      const made = await t.api('POST', `/api/admin/campaigns/${c.id}/quarantines`, { cookie: admin, body: burst });
      expect(made.body.data).toMatchObject({ email_domain: 'mailinator.com', signatures: 2, letters: 1 });
      const deliveries = () => t.db.ds.getRepository(t.db.entities.Delivery).countBy({ campaign_id: c.id, kind: 'letter' });
      // Its writer confirms: recorded, neither counted nor sent to the clerk.
      const confirmed = await t.api('POST', `/api/confirmations/${(await linksOfLastMailTo(t, held)).confirm}`);
      expect(confirmed.body.data).toMatchObject({ state: 'done', signatures: 1, letters: 1 });
      expect(await stored(t, c)).toEqual({ signatures: 0, letters: 0 });
      expect(await deliveries()).toBe(0);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ campaign_id: c.id, email: held })).toMatchObject({ status: 'confirmed' });
      // Another confirms, then takes it back: it never counted, so no count moves.
      const links = await linksOfLastMailTo(t, leaving);
      await t.api('POST', `/api/confirmations/${links.confirm}`);
      expect((await t.api('POST', `/api/removals/${links.remove}`)).body.data).toMatchObject({ state: 'done', signatures: 1 });
      expect(await stored(t, c)).toEqual({ signatures: 0, letters: 0 });

      await t.api('POST', `/api/admin/quarantines/${made.body.data.id}/restore`, { cookie: admin });
      expect(await stored(t, c)).toEqual({ signatures: 1, letters: 1 });
      expect(await deliveries()).toBe(1);
    });

    it('refuses a quarantine it cannot read, from anyone but an admin, changing nothing', async () => {
      const c = await t.campaign({ require_confirmation: false });
      const admin = await t.adminCookie();
      const good = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', network: '203.0.113.0/24', reason: 'A burst' };
      const cases: [unknown, string][] = [
        [{ ...good, email_domain: 'mailinator.com' }, 'Quarantine one network or one e-mail domain at a time'],
        [{ ...good, network: undefined }, 'Quarantine one network or one e-mail domain at a time'],
        [{ ...good, network: '203.0.113.7' }, 'network must be a /24 like 203.0.113.0/24 or a /64 like 2001:db8:1:2::/64, as the flood alert shows it'],
        [{ ...good, to: '2025-12-31T00:00:00Z' }, 'from must be before to'],
        [{ ...good, reason: '' }, 'Say why, in a few words: the audit log keeps it'],
      ];
      for (const [body, error] of cases) {
        const res = await t.api('POST', `/api/admin/campaigns/${c.id}/quarantines`, { cookie: admin, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toBe(error);
      }
      expect((await t.api('POST', `/api/admin/campaigns/${c.id}/quarantines`, { cookie: await t.userCookie(), body: good })).status).toBe(403);
      expect((await t.api('POST', '/api/admin/quarantines/999999/restore', { cookie: admin })).status).toBe(404);
      expect(await t.db.ds.getRepository(t.db.entities.Quarantine).countBy({ campaign_id: c.id })).toBe(0);
    });

    it('takes plus-tags and Gmail dots as the same address: a repeat counts nothing and is answered alike', async () => {
      const c = await t.campaign({ require_confirmation: false });
      const first = await sign(t, c, `Jane.Doe+council${++seq}@Gmail.com`, '192.0.2.1');
      const again = await sign(t, c, `janedoe@googlemail.com`, '192.0.2.2');
      const third = await sign(t, c, `j.a.n.e.d.o.e+x@gmail.com`, '192.0.2.3');
      expect(first.body).toEqual(again.body);
      expect(third.body).toEqual(first.body);
      expect(await stored(t, c)).toEqual({ signatures: 1, letters: 0 });
      const rows = await t.db.ds.getRepository(t.db.entities.Supporter).findBy({ campaign_id: c.id });
      expect(rows.map((r) => [r.email, r.email_key])).toEqual([[`jane.doe+council${seq}@gmail.com`, 'janedoe@gmail.com']]);
    });
  },
  { env: { TRUST_PROXY: '1' } },
);
