/**
 * Privacy for life, read off the database itself: anonymisation after a campaign ends and erasure on
 * request leave no personal field of the supporter anywhere in the database (the SQLite file and its
 * write-ahead log byte for byte; everything pg_dump can read on PostgreSQL), and keep what the
 * record needs: counts, perspectives, cities and the letters' arguments.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { CampaignRow } from '../db/types';
import { createLogger } from '../http/logger';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { anonymiseDueCampaigns } from './anonymise';
import { stripPersonal } from './strip-personal';
import { TWO_WARDS } from '../../test/boundaries';

const DAY = 24 * 3_600_000;
let people = 0;

/** A supporter no other row could be mistaken for: every field is searched for in the database. */
function person() {
  const n = `${Date.now().toString(36)}${++people}`;
  return {
    name: `Zebulon Quartermaine${n}`,
    email: `zq.${n}@example.org`,
    street_address: `4471 Xylophone Way ${n}`,
    city: 'Pasadena',
    state: 'CA',
    zip_code: `9${String(people).padStart(4, '7')}`,
    phone_number: `555-01${String(people).padStart(2, '0')}-7731`,
  };
}
type Person = ReturnType<typeof person>;
const personalFields = (p: Person) => [p.name, p.email, p.street_address, p.phone_number];

/** Everything the database holds, as bytes: the SQLite file and its log, or a dump of the PostgreSQL database. */
function databaseBytes(t: TestServer): Buffer {
  const db = t.config.database;
  if (db.dialect === 'sqlite') {
    const wal = `${db.path}-wal`;
    return Buffer.concat([fs.readFileSync(db.path), fs.existsSync(wal) ? fs.readFileSync(wal) : Buffer.alloc(0)]);
  }
  return execFileSync('pg_dump', ['--data-only', '--no-owner', db.url], { maxBuffer: 256 * 1024 * 1024 });
}
const found = (t: TestServer, values: string[]) => {
  const bytes = databaseBytes(t);
  return values.filter((v) => bytes.includes(Buffer.from(v, 'utf8')));
};

async function signAndWrite(t: TestServer, c: CampaignRow, p: Person) {
  const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, {
    body: { ...p, is_public: true, comment: `I am ${p.name} and I walk to this library every day.` },
  });
  expect(signed.status, signed.text).toBe(200);
  const letter = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, {
    body: {
      supporter_name: p.name,
      supporter_email: p.email,
      perspective: 'homeowner',
      street_address: p.street_address,
      city: p.city,
      state: p.state,
      zip_code: p.zip_code,
      phone_number: p.phone_number,
      letter_content:
        `Dear Members of the Council,\n\nMy family has lived at ${p.street_address} for twenty years. The library is the only quiet place to study after school. ` +
        `Call me at ${p.phone_number.replace(/-/g, ' ')} if you have questions.\n\nSincerely,\n${p.name}\n${p.street_address}\n${p.city}, ${p.state} ${p.zip_code}\n${p.email}\n${p.phone_number}`,
    },
  });
  expect(letter.status, letter.text).toBe(201);
}

const counts = async (t: TestServer, id: number) => {
  const c = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id });
  return { signatures: c.supporter_count, letters: c.letter_count };
};

describeEachDatabase('privacy for life', (t) => {
  it('anonymises a campaign 180 days after its comment deadline: no personal field of its supporters remains in the database, the record stays', async () => {
    const ended = await t.campaign({
      require_confirmation: false,
      comment_deadline: new Date(Date.now() - 181 * DAY),
      time_zone: 'America/Los_Angeles',
      delivery_mode: 'each',
      delivery_recipients: ['clerk@springfield.example.gov'],
    });
    const running = await t.campaign({ require_confirmation: false, comment_deadline: new Date(Date.now() - 100 * DAY) });
    const gone = person();
    const kept = person();
    await signAndWrite(t, ended, gone);
    await signAndWrite(t, running, kept);
    // The e-mail of the letter to the clerk carries it too, and the database really holds it all now.
    expect(found(t, personalFields(gone))).toEqual(personalFields(gone));
    // The letter's own words hold the contact lines its writer typed below Dais's signature.
    const written = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ campaign_id: ended.id });
    expect(written.own_words).toContain(gone.street_address);

    const logs: { msg: string }[] = [];
    const done = await anonymiseDueCampaigns(t.db, 180, createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line)) }));
    expect(done).toBe(1);
    expect(logs).toEqual([expect.objectContaining({ msg: 'campaign anonymised', campaign_id: ended.id, signatures: 1, letters: 1 })]);

    expect(found(t, personalFields(gone))).toEqual([]);
    // The campaign 100 days past its deadline keeps its supporters as they were.
    expect(found(t, personalFields(kept))).toEqual(personalFields(kept));

    expect(await counts(t, ended.id)).toEqual({ signatures: 1, letters: 1 });
    const letter = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ campaign_id: ended.id });
    expect(letter).toMatchObject({ perspective: 'homeowner', city: 'Pasadena', state: 'CA', supporter_name: '', supporter_email: '', phone_number: null });
    expect(letter.letter_content).toContain('The library is the only quiet place to study after school.');
    expect(letter.letter_content).toMatch(/Sincerely,\n\[Name and contact details removed\]$/);
    // Its own words lose what the letter loses, and keep the argument.
    expect(letter.own_words).toContain('The library is the only quiet place to study after school.');
    for (const v of [...personalFields(gone), gone.zip_code]) expect(letter.own_words).not.toContain(v);
    const signature = await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ campaign_id: ended.id });
    expect(signature).toMatchObject({ name: '', city: 'Pasadena', street_address: '', zip_code: '', phone_number: null, comment: 'I am [removed] and I walk to this library every day.' });
    // The admin sees a signature with no name or address, and the audit log says who did it and why.
    const admin = await t.adminCookie();
    const list = await t.api('GET', `/api/admin/supporters?campaign_id=${ended.id}`, { cookie: admin });
    expect(list.body.data[0]).toMatchObject({ name: '', email: '' });
    const log = await t.api('GET', `/api/admin/audit-log?action=privacy.anonymise&campaign_id=${ended.id}`, { cookie: admin });
    expect(log.body.data).toEqual([
      expect.objectContaining({
        actor_email: 'Dais (automatic)',
        summary: `Removed the personal details of 1 signature and 1 letter of "${ended.title}", 180 days after its comment deadline`,
      }),
    ]);

    // Done once: the next run finds nothing to do.
    expect(await anonymiseDueCampaigns(t.db, 180, createLogger('silent'))).toBe(0);
    // Someone signs after that: the next run takes their details too, and only then.
    const late = person();
    const signed = await t.api('POST', `/api/campaigns/${ended.id}/support`, { body: { ...late, is_public: true } });
    expect(signed.status, signed.text).toBe(200);
    // As if the last run was an hour ago (SQLite keeps a signature's time to the second).
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: ended.id }, { anonymised_at: new Date(Date.now() - 3_600_000) });
    expect(await anonymiseDueCampaigns(t.db, 180, createLogger('silent'))).toBe(1);
    expect(found(t, personalFields(late))).toEqual([]);
    expect(await anonymiseDueCampaigns(t.db, 180, createLogger('silent'))).toBe(0);
  });

  it('keeps where the writer lived when it anonymises: district and residency are not personal', async () => {
    const admin = await t.adminCookie();
    const set = await t.api('POST', '/api/admin/boundary-sets', { cookie: admin, body: { name: 'Wards kept', geojson: TWO_WARDS } });
    const ward2 = set.body.data.districts[1];
    const ended = await t.campaign({ require_confirmation: false, comment_deadline: new Date(Date.now() - 181 * DAY), boundary_set_id: set.body.data.id });
    const p = person();
    expect((await t.api('POST', `/api/campaigns/${ended.id}/support`, { body: { ...p, district_id: ward2.id } })).status).toBe(200);
    expect(await anonymiseDueCampaigns(t.db, 180, createLogger('silent'))).toBeGreaterThan(0);
    const signature = await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ campaign_id: ended.id });
    expect(signature).toMatchObject({ name: '', street_address: '', district_id: ward2.id, district_name: 'Ward 2', residency: 'resident', district_source: 'self_reported' });
    const listed = await t.api('GET', `/api/admin/campaigns/${ended.id}`, { cookie: admin });
    expect(listed.body.data.district_counts[1]).toMatchObject({ name: 'Ward 2', supporters: 1 });
  });

  it("anonymises every part of a hyphenated name and a phone number written without its country code, in English and Spanish letters and comments", async () => {
    const ago = new Date(Date.now() - 181 * DAY);
    const english = await t.campaign({ require_confirmation: false, comment_deadline: ago });
    const spanish = await t.campaign({ require_confirmation: false, comment_deadline: ago, language: 'es' });
    const writers = [
      {
        c: english,
        p: { ...person(), name: 'Rosalind Oâkley-Brûx', phone_number: '+1 555 123 4567' },
        comment: 'The Oâkley family walks here; call 555-123-4567.',
        body: 'The Oâkley family has read at this branch since 1961. Ms. Brux runs the book club; call (555) 123-4567 or 5551234567. We park our bikes by the gate.',
      },
      {
        c: spanish,
        p: { ...person(), name: 'Rosa Flores-Paz', phone_number: '+34 612 345 678' },
        comment: 'La señora Flores lleva flores; llamen al 612 34 56 78.',
        body: 'La familia Flores vive en el barrio. Llamen al 612 34 56 78. Llevamos flores al parque y pedimos paz para el barrio.',
      },
    ];
    for (const w of writers) {
      const signed = await t.api('POST', `/api/campaigns/${w.c.id}/support`, { body: { ...w.p, is_public: true, comment: w.comment } });
      expect(signed.status, signed.text).toBe(200);
      const letter = await t.api('POST', `/api/campaigns/${w.c.id}/submit-letter`, {
        body: {
          supporter_name: w.p.name,
          supporter_email: w.p.email,
          perspective: 'homeowner',
          street_address: w.p.street_address,
          city: w.p.city,
          state: w.p.state,
          zip_code: w.p.zip_code,
          phone_number: w.p.phone_number,
          letter_content: `Dear Members of the Council,\n\n${w.body}\n\nSincerely,\n${w.p.name}`,
        },
      });
      expect(letter.status, letter.text).toBe(201);
    }
    const traces = ['Oâkley', 'Brux', '555-123-4567', '(555) 123-4567', '5551234567', 'Flores', '612 34 56 78'];
    expect(found(t, traces)).toEqual(traces);

    await anonymiseDueCampaigns(t.db, 180, createLogger('silent'));
    expect(found(t, traces)).toEqual([]);
    const letters = t.db.ds.getRepository(t.db.entities.Letter);
    expect((await letters.findOneByOrFail({ campaign_id: english.id })).letter_content).toContain('[removed] family has read at this branch since 1961. Ms. [removed] runs the book club; call [removed] or [removed]. We park our bikes');
    expect((await letters.findOneByOrFail({ campaign_id: spanish.id })).letter_content).toContain('La familia [removed] vive en el barrio. Llamen al [removed]. Llevamos flores al parque y pedimos paz para el barrio.');
    const signatures = t.db.ds.getRepository(t.db.entities.Supporter);
    expect((await signatures.findOneByOrFail({ campaign_id: spanish.id })).comment).toBe('La señora [removed] lleva flores; llamen al [removed].');
  });

  it('anonymises a campaign 180 days after an admin switched it off, and one reopened since only once it is off again', async () => {
    const c = await t.campaign({ require_confirmation: false });
    const p = person();
    await signAndWrite(t, c, p);
    const admin = await t.adminCookie();
    const off = await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { is_active: false } });
    expect(off.status, off.text).toBe(200);
    const closedAt = (await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id })).closed_at;
    expect(closedAt).toBeInstanceOf(Date);
    const named = () => t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id, name: p.name });
    // 179 days later: not yet.
    await anonymiseDueCampaigns(t.db, 180, createLogger('silent'), new Date(closedAt!.getTime() + 179 * DAY));
    expect(await named()).toBe(1);
    // Switched on again, then 181 days pass: an active campaign is left alone.
    await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { is_active: true } });
    expect((await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: c.id })).closed_at).toBeNull();
    await anonymiseDueCampaigns(t.db, 180, createLogger('silent'), new Date(Date.now() + 181 * DAY));
    expect(await named()).toBe(1);
    await t.api('PUT', `/api/admin/campaigns/${c.id}`, { cookie: admin, body: { is_active: false } });
    await anonymiseDueCampaigns(t.db, 180, createLogger('silent'), new Date(Date.now() + 181 * DAY));
    expect(await named()).toBe(0);
    expect(found(t, personalFields(p))).toEqual([]);
    const log = await t.api('GET', `/api/admin/audit-log?action=privacy.anonymise&campaign_id=${c.id}`, { cookie: admin });
    expect(log.body.data[0].summary).toMatch(/, 180 days after it was switched off$/);
  });

  it('erases every record of an address on request: the admin sees them first, then nothing of them remains and the counts drop', async () => {
    const first = await t.campaign({ require_confirmation: false, delivery_mode: 'each', delivery_recipients: ['clerk@springfield.example.gov'] });
    const second = await t.campaign({ require_confirmation: true });
    const p = person();
    const other = person();
    await signAndWrite(t, first, p);
    await signAndWrite(t, first, other);
    // Signed there under a plus-tag, in capitals: the same person, found by the address they give.
    const variant = p.email.replace('@', '+petition@').toUpperCase();
    await signAndWrite(t, second, { ...p, email: variant });
    expect(await counts(t, first.id)).toEqual({ signatures: 2, letters: 2 });
    const admin = await t.adminCookie();

    // The letter's e-mail to the clerk went out (as the mail worker, not running here, would have it).
    const own = await t.db.ds.getRepository(t.db.entities.Delivery).findOneByOrFail({ campaign_id: first.id, kind: 'letter' });
    await t.db.ds.getRepository(t.db.entities.MailOutbox).update({ id: own.outbox_id }, { status: 'sent', sent_at: new Date() });

    const preview = await t.api('POST', '/api/admin/erasure/preview', { cookie: admin, body: { email: `  ${p.email.toUpperCase()} ` } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.email).toBe(p.email);
    expect(preview.body.data.mails).toBe(1);
    const seen = preview.body.data.records.map((r: { kind: string; campaign_id: number; status: string; delivered: boolean }) => `${r.kind} ${r.campaign_id} ${r.status} ${r.delivered}`);
    expect(seen.sort()).toEqual(
      [`signature ${first.id} confirmed false`, `letter ${first.id} confirmed true`, `signature ${second.id} pending false`, `letter ${second.id} pending false`].sort(),
    );
    // Looking changes nothing.
    expect(found(t, [p.email])).toEqual([p.email]);

    const erased = await t.api('POST', '/api/admin/erasure', { cookie: admin, body: { email: p.email } });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.data).toEqual({ signatures: 2, letters: 2, mails: 1 });
    expect(found(t, [...personalFields(p), variant.toLowerCase()])).toEqual([]);
    expect(found(t, personalFields(other))).toEqual(personalFields(other));
    expect(await counts(t, first.id)).toEqual({ signatures: 1, letters: 1 });
    expect(await counts(t, second.id)).toEqual({ signatures: 0, letters: 0 });
    // The letter already sent to the clerk stays on the delivery's record, withdrawn and blank.
    const withdrawn = await t.db.ds.getRepository(t.db.entities.Letter).findBy({ campaign_id: first.id, status: 'withdrawn' });
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toMatchObject({ letter_content: '', own_words: '' });
    expect(await t.db.ds.getRepository(t.db.entities.Delivery).countBy({ letter_id: withdrawn[0]!.id })).toBe(1);

    const log = await t.api('GET', '/api/admin/audit-log?action=privacy.erase', { cookie: admin });
    expect(log.body.data[0].summary).toBe("Erased one supporter's records: 2 signatures and 2 letters on 2 campaigns, and 1 e-mail sent to them");
    expect(JSON.stringify(log.body)).not.toContain(p.email);

    const again = await t.api('POST', '/api/admin/erasure/preview', { cookie: admin, body: { email: p.email } });
    expect(again.body.data).toEqual({ email: p.email, addresses: [p.email], records: [], mails: 0 });
  });

  it('refuses erasure to anyone but an admin, and an address that is not one, changing nothing', async () => {
    const c = await t.campaign({ require_confirmation: false });
    const p = person();
    await signAndWrite(t, c, p);
    expect((await t.api('POST', '/api/admin/erasure', { body: { email: p.email } })).status).toBe(401);
    expect((await t.api('POST', '/api/admin/erasure', { cookie: await t.userCookie(), body: { email: p.email } })).status).toBe(403);
    const bad = await t.api('POST', '/api/admin/erasure', { cookie: await t.adminCookie(), body: { email: 'not an address' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: 'Please enter a valid email address' });
    expect(await counts(t, c.id)).toEqual({ signatures: 1, letters: 1 });
    expect(found(t, personalFields(p))).toEqual(personalFields(p));
  });
});

it('strips the signature block and every mention of the writer, keeping the argument', () => {
  const who = { name: 'Ana María Núñez', email: 'ana@example.org', street_address: '9 Oak Lane', zip_code: '91101', phone_number: '(626) 555-0100' };
  const text = 'Dear Council,\n\nI, Ana María Núñez of 9 oak lane, ask you to fund the branch. Núñez is a family name here; call 626.555.0100.\n\nRespectfully,\nAna María Núñez\n9 Oak Lane\nPasadena, CA 91101\nana@example.org';
  expect(stripPersonal(text, who)).toBe(
    'Dear Council,\n\nI, [removed] of [removed], ask you to fund the branch. [removed] is a family name here; call [removed].\n\nRespectfully,\n[Name and contact details removed]',
  );
});
