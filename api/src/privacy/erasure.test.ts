/**
 * Erasure and the removal link under every form of an address that reaches one mailbox: capitals,
 * a +tag, Gmail's dots and its second domain fold to one key (floods/sources.ts), which signatures
 * and letters both store. What was already delivered is said to be so, and the development
 * mailbox's copies of the packets that carried a letter go with it.
 */
import { expect, it } from 'vitest';
import { mailSoon } from '../confirmations/mail-soon';
import type { CampaignRow } from '../db/types';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { packetStandIn } from '../../test/mail/packet-stand-in';
import { linksOfLastMailTo } from '../../test/queued-mail';
import { textsFor } from '../contract';
import { escapeHtml } from '../mail/dev-mailbox/pages';

let people = 0;
function person(email: string) {
  const n = `${Date.now().toString(36)}${++people}`;
  return {
    name: `Philippa Vanterpool${n}`,
    email,
    street_address: `88 Juniper Crescent ${n}`,
    city: 'Pasadena',
    state: 'CA',
    zip_code: '91101',
    phone_number: `626-555-${String(people).padStart(4, '0')}`,
  };
}
type Person = ReturnType<typeof person>;

async function sign(t: TestServer, c: CampaignRow, p: Person) {
  const res = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: { ...p, is_public: true } });
  expect(res.status, res.text).toBe(200);
}

async function write(t: TestServer, c: CampaignRow, p: Person) {
  const res = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, {
    body: {
      supporter_name: p.name,
      supporter_email: p.email,
      perspective: 'homeowner',
      street_address: p.street_address,
      city: p.city,
      state: p.state,
      zip_code: p.zip_code,
      phone_number: p.phone_number,
      letter_content: `Dear Members of the Council,\n\nPlease keep the branch library open on Sundays.\n\nSincerely,\n${p.name}\n${p.street_address}`,
    },
  });
  expect(res.status, res.text).toBe(201);
}

/** Sends a packet of the campaign's letters to its recipients and waits until the development mailbox holds it. */
async function sendPacket(t: TestServer, c: CampaignRow, admin: string, since: string | null): Promise<{ outbox_id: number; until: string }> {
  const res = await t.api('POST', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: admin, body: since ? { since } : {} });
  expect(res.status, res.text).toBe(201);
  const delivery = await t.db.ds.getRepository(t.db.entities.Delivery).findOneByOrFail({ id: res.body.data.id });
  await expect.poll(() => t.db.ds.getRepository(t.db.entities.DevMail).countBy({ outbox_id: delivery.outbox_id }), { timeout: 15_000 }).toBe(1);
  return { outbox_id: delivery.outbox_id, until: delivery.until!.toISOString() };
}

/** The rows that hold any of these strings, by table: what an erasure must leave empty. */
async function holding(t: TestServer, values: string[]) {
  const { Supporter, Letter } = t.db.entities;
  const s = await t.db.ds.getRepository(Supporter).find();
  const l = await t.db.ds.getRepository(Letter).find();
  const has = (row: object) => values.some((v) => JSON.stringify(row).toLowerCase().includes(v.toLowerCase()));
  return { signatures: s.filter(has).length, letters: l.filter(has).length };
}

const counts = async (t: TestServer, id: number) => {
  const c = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id });
  return { signatures: c.supporter_count, letters: c.letter_count };
};

describeEachDatabase(
  'erasure and removal under every form of an address',
  (t) => {
    it('erases the letters written under a +tag, Gmail dots or capitals on every campaign, says which were delivered, and drops the packets that carried them from the development mailbox', async () => {
      const admin = await t.adminCookie();
      const packeted = await t.campaign({ delivery_mode: 'packet', delivery_recipients: ['clerk@springfield.example.gov'] });
      const elsewhere = await t.campaign({});
      // One person: signed as typed here, wrote under two other forms of the same Gmail mailbox.
      const signed = person('Jane.Doe.Vanterpool@gmail.com');
      const wrote = { ...signed, email: 'j.a.n.e.d.o.e.v.a.n.t.e.r.p.o.o.l+council@googlemail.com' };
      const wroteAgain = { ...signed, email: 'JaneDoeVanterpool+Library@Gmail.com' };
      const other = person('neighbour.vanterpool@example.org');
      await sign(t, packeted, signed);
      await write(t, packeted, wrote);
      await write(t, packeted, other);
      await write(t, elsewhere, wroteAgain);
      const first = await sendPacket(t, packeted, admin, null);
      // A later packet holds only the neighbour's second letter: its copy stays.
      await write(t, packeted, { ...other, name: `${other.name} Jr` });
      const second = await sendPacket(t, packeted, admin, first.until);

      const preview = await t.api('POST', '/api/admin/erasure/preview', { cookie: admin, body: { email: 'janedoevanterpool@gmail.com' } });
      expect(preview.status, preview.text).toBe(200);
      const seen = preview.body.data.records.map((r: { kind: string; campaign_id: number; delivered: boolean }) => `${r.kind} ${r.campaign_id} ${r.delivered}`);
      expect(seen.sort()).toEqual([`signature ${packeted.id} false`, `letter ${packeted.id} true`, `letter ${elsewhere.id} false`].sort());
      expect([...preview.body.data.addresses].sort()).toEqual(
        ['janedoevanterpool@gmail.com', signed.email.toLowerCase(), wrote.email, wroteAgain.email.toLowerCase()].sort(),
      );

      const erased = await t.api('POST', '/api/admin/erasure', { cookie: admin, body: { email: 'janedoevanterpool@gmail.com' } });
      expect(erased.status, erased.text).toBe(200);
      expect(erased.body.data).toMatchObject({ signatures: 1, letters: 2 });
      expect(await holding(t, [signed.name, signed.street_address, signed.phone_number, 'janedoe', 'j.a.n.e'])).toEqual({ signatures: 0, letters: 0 });
      expect(await counts(t, packeted.id)).toEqual({ signatures: 0, letters: 2 });
      expect(await counts(t, elsewhere.id)).toEqual({ signatures: 0, letters: 0 });
      const mailbox = t.db.ds.getRepository(t.db.entities.DevMail);
      expect(await mailbox.countBy({ outbox_id: first.outbox_id })).toBe(0);
      expect(await mailbox.countBy({ outbox_id: second.outbox_id })).toBe(1);
      const again = await t.api('POST', '/api/admin/erasure/preview', { cookie: admin, body: { email: wrote.email } });
      expect(again.body.data.records).toEqual([]);
    });

    it('erases the e-mails sent to a form of the address that no record holds any more, with their daily slots', async () => {
      const admin = await t.adminCookie();
      const c = await t.campaign({ require_confirmation: true });
      const p = person('Lee.Vanterpool+petitions@gmail.com');
      await sign(t, c, p);
      await mailSoon(t.db).settled();
      const typed = p.email.toLowerCase();
      const mails = t.db.ds.getRepository(t.db.entities.SupporterMail);
      const slots = t.db.ds.getRepository(t.db.entities.SupporterMailSlot);
      expect(await mails.countBy({ email: typed })).toBe(1);
      // The pending signature went (as the upkeep deletes one never confirmed); its e-mail stays.
      await t.db.ds.getRepository(t.db.entities.Supporter).delete({ campaign_id: c.id });

      const preview = await t.api('POST', '/api/admin/erasure/preview', { cookie: admin, body: { email: 'leevanterpool@gmail.com' } });
      expect(preview.body.data).toMatchObject({ records: [], mails: 1 });
      expect(preview.body.data.addresses).toContain(typed);
      const erased = await t.api('POST', '/api/admin/erasure', { cookie: admin, body: { email: 'leevanterpool@gmail.com' } });
      expect(erased.body.data).toMatchObject({ signatures: 0, letters: 0, mails: 1 });
      expect(await mails.countBy({ email: typed })).toBe(0);
      expect(await slots.countBy({ email: typed })).toBe(0);
    });

    it("a removal link takes back what was sent under every form of its address on its campaign, and says a delivered letter's copy cannot be recalled", async () => {
      const c = await t.campaign({ require_confirmation: true, delivery_mode: 'each', delivery_recipients: ['clerk@springfield.example.gov'] });
      const letterWriter = person('sam.vanterpool+letters@example.org');
      const signer = { ...letterWriter, email: 'SAM.VANTERPOOL@example.org' };
      await write(t, c, letterWriter);
      const confirmed = await t.api('POST', `/api/confirmations/${(await linksOfLastMailTo(t, letterWriter.email)).confirm}`);
      expect(confirmed.body.data).toMatchObject({ state: 'done', letters: 1 });
      // Confirmed in `each` mode: on its way to the clerk.
      expect(await t.db.ds.getRepository(t.db.entities.Delivery).countBy({ campaign_id: c.id, kind: 'letter' })).toBe(1);
      await sign(t, c, signer);

      const token = (await linksOfLastMailTo(t, signer.email.toLowerCase())).remove;
      const page = await t.api('GET', `/remove/${token}`);
      const removed = await t.api('POST', `/api/removals/${token}`);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.data).toMatchObject({ state: 'done', signatures: 1, letters: 1, delivered: 1 });
      const letter = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ campaign_id: c.id });
      expect(letter).toMatchObject({ status: 'withdrawn', supporter_email: '', supporter_name: '', email_key: null });
      expect(await counts(t, c.id)).toEqual({ signatures: 0, letters: 0 });
      // The page said, before anything was removed, that the decision body keeps what it was sent,
      // and its script has the words for which of what it removed had already gone to them.
      const texts = textsFor('en').confirm;
      expect(page.text).toContain(escapeHtml(texts.removeExplained));
      expect(texts.removeExplained).toContain('they keep the copy they were sent');
      expect(page.text).toContain(escapeHtml(JSON.stringify(texts.script.deliveredOne)));
    });
  },
  { mailWorker: { renderers: packetStandIn } },
);

/** The statements the app issued while `recording`, with their parameters. */
const issued: { sql: string; parameters: unknown[] }[] = [];
let recording = false;

/** The plan of a statement as its database would run it. */
async function planOf(t: TestServer, s: { sql: string; parameters: unknown[] }): Promise<string> {
  if (t.dialect === 'sqlite') {
    const rows = (await t.db.ds.query(`EXPLAIN QUERY PLAN ${s.sql}`, s.parameters)) as { detail: string }[];
    return rows.map((r) => r.detail).join('\n');
  }
  const rows = (await t.db.ds.query(`EXPLAIN ${s.sql}`, s.parameters)) as { 'QUERY PLAN': string }[];
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * Thirty campaigns of a thousand signatures and a thousand letters each, by other people, with the
 * databases' statistics taken: what a planner weighs a scan against an index by. (A few test rows
 * are cheaper to read whole, so a plan read on them says nothing.)
 */
async function crowd(t: TestServer): Promise<void> {
  const ids: number[] = [];
  for (let i = 0; i < 30; i++) ids.push((await t.campaign({})).id);
  const list = ids.join(', ');
  const n = t.dialect === 'postgres' ? 'g' : 'value';
  const series =
    t.dialect === 'postgres'
      ? `FROM generate_series(1, 1000) AS g CROSS JOIN (SELECT id FROM campaigns WHERE id IN (${list})) AS c`
      : `FROM (WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM s WHERE value < 1000) SELECT value FROM s) CROSS JOIN (SELECT id FROM campaigns WHERE id IN (${list})) AS c`;
  const email = `'crowd' || c.id || '.' || ${n} || '@example.org'`;
  await t.db.ds.query(
    `INSERT INTO supporters (campaign_id, name, email, email_key, street_address, city, state, zip_code) SELECT c.id, 'Crowd', ${email}, ${email}, '1 Main St', 'Springfield', 'IL', '62704' ${series}`,
  );
  await t.db.ds.query(
    `INSERT INTO letters (campaign_id, letter_content, supporter_name, supporter_email, email_key, street_address, city, state, zip_code, perspective, campaign_title, message_point_ids) ` +
      `SELECT c.id, 'Dear Council', 'Crowd', ${email}, ${email}, '1 Main St', 'Springfield', 'IL', '62704', 'homeowner', 'A campaign', '[]' ${series}`,
  );
  await t.db.ds.query('ANALYZE');
}

describeEachDatabase(
  'the lookups of an address',
  (t) => {
    it('finds every record of an address through an index on both databases: no signature or letter is found by a scan', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const other = await t.campaign({});
      const p = person('Lee.Vanterpool+petition@gmail.com');
      await sign(t, c, p);
      await write(t, c, p);
      await write(t, other, { ...p, email: 'leevanterpool@googlemail.com' });
      await crowd(t);
      const admin = await t.adminCookie();
      issued.length = 0;
      recording = true;
      await t.api('POST', '/api/admin/erasure/preview', { cookie: admin, body: { email: 'leevanterpool@gmail.com' } });
      await t.api('POST', '/api/admin/erasure', { cookie: admin, body: { email: 'leevanterpool@gmail.com' } });
      recording = false;
      const tables = /"(supporters|letters)"/;
      const reads = issued.filter((s) => tables.test(s.sql) && /^\s*(SELECT|UPDATE|DELETE)\b/i.test(s.sql));
      expect(reads.length).toBeGreaterThan(4);
      for (const s of reads) {
        const plan = await planOf(t, s);
        // SQLite: "SCAN <table or alias>" reads every row (or every index entry); PostgreSQL: "Seq Scan on"
        // or an index read whole (a bitmap of it, or a full index scan, shows no seek).
        const scanned = t.dialect === 'sqlite' ? /^SCAN (supporters|letters|Supporter|Letter|s|l)\b/m : /Seq Scan on (supporters|letters)\b/;
        if (process.env.SHOW_PLANS) console.log(`${s.sql}\n${plan}\n`);
        expect(plan, `${s.sql}\n${plan}`).not.toMatch(scanned);
      }
    });
  },
  { onQuery: (sql, parameters) => void (recording && issued.push({ sql, parameters: parameters ?? [] })) },
);
