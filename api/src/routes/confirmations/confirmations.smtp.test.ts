/**
 * Confirmed supporters, over real SMTP: a signature or letter on a campaign that confirms counts
 * only once its writer follows the e-mail's link and the page POSTs it; fetching the link (what a
 * mail scanner does) changes nothing; the e-mail's other link takes it all back.
 *
 * An e-mail is queued right after the COMMIT that stored what it names (confirmations/mail-soon.ts):
 * before a test moves a daily slot or runs the upkeep, it lets those e-mails be queued
 * (`mailSoon(t.db).settled()`), as a day's wait would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailSoon } from '../../confirmations/mail-soon';
import { mailAddresses } from '../../confirmations/send';
import { confirmationSettings } from '../../confirmations/setup';
import { linkToken } from '../../confirmations/tokens';
import { confirmationUpkeep } from '../../confirmations/upkeep';
import type { CampaignRow } from '../../db/types';
import { createLogger } from '../../http/logger';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { pdfPages, words } from '../../../test/pdf';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

let people = 0;
const signer = (email: string) => ({
  name: 'Octavia Butler',
  email,
  is_public: true,
  street_address: '12 Elm Street',
  city: 'Pasadena',
  state: 'CA',
  zip_code: '91101',
});
const letter = (email: string) => ({
  supporter_name: 'Octavia Butler',
  supporter_email: email,
  perspective: 'homeowner',
  street_address: '12 Elm Street',
  city: 'Pasadena',
  state: 'CA',
  zip_code: '91101',
  letter_content: 'Dear Members of the Council,\n\nPlease keep the library open in the evenings.\n\nOctavia Butler',
});
const newAddress = () => `octavia.${++people}.${Date.now()}@example.org`;

/** The two links of the mail sent to `to`, the last one received. */
function linksIn(mail: ReceivedMail): { confirm: string; remove: string } {
  const text = mail.parsed.text ?? '';
  const confirm = /https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  const remove = /https?:\/\/\S+\/remove\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  if (!confirm || !remove) throw new Error(`no links in:\n${text}`);
  return { confirm, remove };
}

async function mailTo(address: string, nth = 1): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mine = sink.received.filter((m) => m.envelope.to.includes(address));
    if (mine.length >= nth) return mine[nth - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const counts = async (t: TestServer, c: CampaignRow) => {
  const res = await t.api('GET', `/api/campaigns/${c.id}`);
  return { signatures: res.body.data.supporter_count as number, letters: res.body.data.letter_count as number };
};
const post = (t: TestServer, link: string) => t.api('POST', `/api/${link.includes('/confirm/') ? 'confirmations' : 'removals'}/${link.split('/').pop()}`);

describeEachDatabase(
  'confirmed supporters',
  (t) => {
    it('counts a signature only when its writer confirms from the e-mail, never when the link is merely fetched', async () => {
      const c = await t.campaign({ require_confirmation: true, title: 'Keep the Eastside Library Open Evenings' });
      expect((await t.api('GET', `/api/campaigns/${c.id}`)).body.data.require_confirmation).toBe(true);
      const address = newAddress();
      const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address.toUpperCase()) });
      expect(signed.status, signed.text).toBe(200);
      expect(await counts(t, c)).toEqual({ signatures: 0, letters: 0 });

      const mail = await mailTo(address);
      expect(mail.parsed.subject).toBe('Please confirm your signature for "Keep the Eastside Library Open Evenings"');
      const { confirm, remove } = linksIn(mail);
      expect(confirm.startsWith(`${t.url}/confirm/`)).toBe(true);

      // A scanner fetches both links, with and without following them: nothing moves.
      for (const link of [confirm, remove]) {
        const page = await fetch(link);
        expect(page.status).toBe(200);
        expect(page.headers.get('referrer-policy')).toBe('no-referrer');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(await page.text()).toContain('Keep the Eastside Library Open Evenings');
      }
      expect(await counts(t, c)).toEqual({ signatures: 0, letters: 0 });
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ email: address })).toMatchObject({ status: 'pending' });

      const confirmed = await post(t, confirm);
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(confirmed.body.data).toEqual({ state: 'done', campaign_title: 'Keep the Eastside Library Open Evenings', signatures: 1, letters: 0 });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });
      const row = await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ email: address });
      expect(row.status).toBe('confirmed');
      expect(row.submitted_at).not.toBeNull();

      // Replayed: thanked again, counted once.
      const again = await post(t, confirm);
      expect(again.status).toBe(200);
      expect(again.body.data.state).toBe('already');
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });
    });

    it("writes the e-mail and its pages in the campaign's language", async () => {
      const c = await t.campaign({ require_confirmation: true, title: 'Proteger el parque Las Palmas', language: 'es' });
      const address = newAddress();
      expect((await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) })).status).toBe(200);
      const mail = await mailTo(address);
      expect(mail.parsed.subject).toBe('Confirme su firma para «Proteger el parque Las Palmas»');
      const text = mail.parsed.text ?? '';
      expect(text).toMatch(
        /^Hola:\n\nAlguien, esperamos que usted, usó esta dirección \(octavia\.[^)]+\) para apoyar «Proteger el parque Las Palmas»:\n\n- Su firma, como Octavia Butler, 12 Elm Street, Pasadena\n\nPara que su firma cuente, confirme que fue usted:/,
      );
      expect(text).toMatch(/Funciona hasta el \d{1,2} de [a-z]+ de \d{4};/);
      expect(text).not.toMatch(/\b(Please|Hello|link|signature)\b/);
      const { confirm, remove } = linksIn(mail);

      const confirmPage = await (await fetch(confirm)).text();
      expect(confirmPage).toContain('<html lang="es">');
      expect(confirmPage).toContain('<h1>Confirmando su apoyo a «Proteger el parque Las Palmas»</h1>');
      expect(confirmPage).toContain('Esta página necesita JavaScript para confirmar.');
      // The script's words: Spanish, handed over as JSON in an attribute.
      const words = /data-words="([^"]+)"/.exec(confirmPage)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
      expect(JSON.parse(words)).toMatchObject({ confirming: 'Confirmando…', confirmedOne: '¡Gracias! {What} para «{title}» ya cuenta.', yourSignature: 'su firma' });
      const removePage = await (await fetch(remove)).text();
      expect(removePage).toContain('<h1>¿Retirar lo que envió a «Proteger el parque Las Palmas»?</h1>');
      expect(removePage).toContain('>Retirar mi firma y mis cartas</button>');

      // A link that leads nowhere has no campaign to speak for: the browser's language decides.
      const nowhere = `${t.url}/confirm/${'A'.repeat(43)}`;
      expect(await (await fetch(nowhere, { headers: { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' } })).text()).toContain('<h1>Este enlace no es válido</h1>');
      expect(await (await fetch(nowhere, { headers: { 'Accept-Language': 'fr, en;q=0.5' } })).text()).toContain('<h1>This link is not valid</h1>');
      expect(await (await fetch(nowhere)).text()).toContain('<h1>This link is not valid</h1>');
    });

    it("confirms exactly what its e-mail named: a letter sent later under the address waits for an e-mail of its own", async () => {
      // The red team's case: a supporter signs; before they open their mailbox, anyone can submit a
      // letter under their address, with another name, street and text.
      const c = await t.campaign({ require_confirmation: true, delivery_mode: 'each', delivery_recipients: ['clerk@springfield.example.gov'] });
      const address = newAddress();
      expect((await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) })).status).toBe(200);
      const first = await mailTo(address);
      const forged = {
        ...letter(address),
        supporter_name: 'Mallory Quince',
        street_address: '99 Impostor Row',
        letter_content: 'Dear Council,\n\nPlease pave the wetlands for a car park.\n\nMallory Quince',
      };
      expect((await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: forged })).status).toBe(201);

      // The click confirms the signature the e-mail was about, and nothing else.
      const clicked = await post(t, linksIn(first).confirm);
      expect(clicked.body.data).toEqual({ state: 'done', campaign_title: c.title, signatures: 1, letters: 0 });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });
      const letters = t.db.ds.getRepository(t.db.entities.Letter);
      expect(await letters.findOneByOrFail({ campaign_id: c.id, supporter_email: address })).toMatchObject({ status: 'pending' });
      expect(await t.db.ds.getRepository(t.db.entities.Delivery).countBy({ campaign_id: c.id })).toBe(0);
      // Followed again, or from a reminder of it, it still confirms nothing more.
      expect((await post(t, linksIn(first).confirm)).body.data).toMatchObject({ state: 'already', signatures: 0, letters: 0 });

      // The next day the upkeep mails the letter, naming it: who signed it, where, how it begins.
      await mailSoon(t.db).settled();
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(0);
      await mailSoon(t.db).settled();
      await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${t.dialect === 'postgres' ? "now() - interval '25 hours'" : "datetime('now', '-25 hours')"}`);
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(1);
      const second = await mailTo(address, 2);
      expect(second.parsed.subject).toBe(`Please confirm your letter for "${c.title}"`);
      expect(second.parsed.text).toContain('Mallory Quince');
      expect(second.parsed.text).toContain('99 Impostor Row');
      expect(second.parsed.text).toContain('Please pave the wetlands');
      expect(second.parsed.text).not.toContain('Octavia Butler');
      // Only this e-mail's link confirms the letter (its owner would rather use the other link).
      expect((await post(t, linksIn(second).confirm)).body.data).toEqual({ state: 'done', campaign_title: c.title, signatures: 0, letters: 1 });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 1 });
      expect(await t.db.ds.getRepository(t.db.entities.Delivery).countBy({ campaign_id: c.id })).toBe(1);
    });

    it('on PostgreSQL, names no letter its writer confirmed while the e-mail naming it was being queued', async ({ skip }) => {
      if (t.dialect !== 'postgres') return skip('SQLite runs one write at a time: nothing is confirmed while an e-mail is queued');
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      expect((await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) })).status).toBe(201);
      await mailSoon(t.db).settled();
      const letters = t.db.ds.getRepository(t.db.entities.Letter);
      const written = await letters.findOneByOrFail({ campaign_id: c.id, supporter_email: address });
      await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = now() - interval '25 hours' WHERE "email" = $1`, [address]);
      // Its writer's click, committed while the reminder's UPDATE waits for the row.
      const click = t.db.ds.createQueryRunner();
      await click.connect();
      await click.startTransaction();
      try {
        await click.query(`UPDATE "letters" SET "status" = 'confirmed' WHERE "id" = $1`, [written.id]);
        const reminder = t.db.transaction((m) => mailAddresses(m, t.db, [{ campaignId: c.id, email: address }], 'reminder'));
        await new Promise((r) => setTimeout(r, 300));
        await click.commitTransaction();
        expect(await reminder).toBe(0);
      } finally {
        if (click.isTransactionActive) await click.rollbackTransaction();
        await click.release();
      }
      expect(await letters.findOneByOrFail({ id: written.id })).toMatchObject({ status: 'confirmed', confirm_mails: 1 });
      expect(await t.db.ds.getRepository(t.db.entities.SupporterMailRecord).countBy({ record_type: 'letter', record_id: written.id })).toBe(1);
    });

    it('mails a signature whose e-mail could not be queued after its COMMIT at the next upkeep', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      // The e-mail's transaction fails (the database refuses it for a moment); the signature is stored.
      await t.db.ds.query('ALTER TABLE "supporter_mail_slots" RENAME TO "supporter_mail_slots_offline"');
      try {
        expect((await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) })).status).toBe(200);
        await mailSoon(t.db).settled();
      } finally {
        await t.db.ds.query('ALTER TABLE "supporter_mail_slots_offline" RENAME TO "supporter_mail_slots"');
      }
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ email: address })).toMatchObject({ status: 'pending', confirm_mails: 0 });
      expect(await t.db.ds.getRepository(t.db.entities.SupporterMail).countBy({ email: address })).toBe(0);
      // Acknowledged, so never left unmailed: the upkeep's next tick sends it.
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(1);
      const mail = await mailTo(address);
      expect((await post(t, linksIn(mail).confirm)).body.data).toMatchObject({ state: 'done', signatures: 1, letters: 0 });
    });

    it('answers a repeat signature exactly as a first one, and mails an address at most once a day', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      const first = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      const mail = await mailTo(address);
      const repeat = await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      // Written before the mailbox was opened: today's e-mail never named it, so it waits for tomorrow's.
      const letterToo = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      expect(letterToo.status, letterToo.text).toBe(201);
      expect(repeat.status).toBe(first.status);
      expect(repeat.body).toEqual(first.body);
      await mailSoon(t.db).settled();
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.received.filter((m) => m.envelope.to.includes(address))).toHaveLength(1);
      expect((await post(t, linksIn(mail).confirm)).body.data).toMatchObject({ state: 'done', signatures: 1, letters: 0 });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });

      // Another letter after the link was followed: nothing more today; a day later, one e-mail naming both.
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      await mailSoon(t.db).settled();
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(0);
      await mailSoon(t.db).settled();
      await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${t.dialect === 'postgres' ? "now() - interval '25 hours'" : "datetime('now', '-25 hours')"} WHERE "email" = '${address}'`);
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(1);
      const second = await mailTo(address, 2);
      expect(second.parsed.subject).toMatch(/^Please confirm your letters for /);
      expect((await post(t, linksIn(second).confirm)).body.data).toMatchObject({ state: 'done', signatures: 0, letters: 2 });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 2 });
    });

    it('mails each of a burst of signers their own e-mail, naming what each of them sent', async () => {
      const c = await t.campaign({ require_confirmation: true, title: 'Light the Riverside Path' });
      const burst = Array.from({ length: 40 }, () => newAddress());
      // Five wrote a letter first: today's e-mail named it, and their signature waits for tomorrow's.
      const wroteFirst = burst.slice(0, 5);
      for (const address of wroteFirst) expect((await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) })).status).toBe(201);
      // Five more wrote one whose e-mail is a day old: the signature's e-mail names both.
      const dayOld = burst.slice(5, 10);
      for (const address of dayOld) expect((await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) })).status).toBe(201);
      await Promise.all([...wroteFirst, ...dayOld].map((address) => mailTo(address)));
      const older = t.dialect === 'postgres' ? "now() - interval '25 hours'" : "datetime('now', '-25 hours')";
      for (const address of dayOld) {
        await mailSoon(t.db).settled();
        await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${older} WHERE "email" = ${t.dialect === 'postgres' ? '$1' : '?'}`, [address]);
      }

      // All at once: the signatures share transactions, and their e-mails are queued batch by batch.
      const replies = await Promise.all(burst.map((address) => t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) })));
      expect(replies.map((r) => r.status)).toEqual(burst.map(() => 200));

      for (const address of burst) {
        const nth = dayOld.includes(address) ? 2 : 1;
        const mail = await mailTo(address, nth);
        const subject = wroteFirst.includes(address)
          ? 'Please confirm your letter for "Light the Riverside Path"'
          : dayOld.includes(address)
            ? 'Please confirm your signature and your letter for "Light the Riverside Path"'
            : 'Please confirm your signature for "Light the Riverside Path"';
        expect(mail.parsed.subject, address).toBe(subject);
        expect(mail.parsed.text, address).toContain(`(${address})`);
        expect((await post(t, linksIn(mail).confirm)).body.data, address).toMatchObject({
          state: 'done',
          signatures: wroteFirst.includes(address) ? 0 : 1,
          letters: wroteFirst.includes(address) || dayOld.includes(address) ? 1 : 0,
        });
        // The link confirmed what it named of this address, not another's of the same batch.
        expect((await t.db.ds.getRepository(t.db.entities.Supporter).findOneByOrFail({ email: address })).status, address).toBe(
          wroteFirst.includes(address) ? 'pending' : 'confirmed',
        );
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const address of burst) {
        expect(sink.received.filter((m) => m.envelope.to.includes(address)), address).toHaveLength(dayOld.includes(address) ? 2 : 1);
      }
      expect(await counts(t, c)).toEqual({ signatures: 35, letters: 10 });
    });

    it('takes everything back through the other link, confirmed or not, and the counts with it', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      const { confirm, remove } = linksIn(await mailTo(address));
      await post(t, confirm);
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });
      const removed = await post(t, remove);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.data).toMatchObject({ state: 'done', signatures: 1 });
      expect(await counts(t, c)).toEqual({ signatures: 0, letters: 0 });
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ email: address })).toBe(0);
      expect((await post(t, remove)).body.data.state).toBe('already');
    });

    it('leaves the counts alone when what it takes back was never confirmed', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const counted = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(counted) });
      await post(t, linksIn(await mailTo(counted)).confirm);
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });

      // The e-mail named the signature only; its removal link takes back everything under the address.
      const removed = await post(t, linksIn(await mailTo(address)).remove);
      expect(removed.body.data).toEqual({ state: 'done', campaign_title: c.title, signatures: 1, letters: 1, delivered: 0 });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });
      expect(await t.db.ds.getRepository(t.db.entities.Letter).countBy({ campaign_id: c.id, supporter_email: address })).toBe(0);
    });

    it('takes back letters too: a delivered one stays withdrawn and blanked, a pending one goes, and only what counted leaves the counts', async () => {
      const c = await t.campaign({ require_confirmation: true, delivery_mode: 'each', delivery_recipients: ['clerk@springfield.example.gov'] });
      const address = newAddress();
      const other = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      const { confirm, remove } = linksIn(await mailTo(address));
      expect((await post(t, confirm)).body.data).toMatchObject({ signatures: 0, letters: 1 });
      // Sent after the e-mail: pending, waiting for tomorrow's e-mail.
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: { ...letter(address), letter_content: 'Dear Council,\n\nA second thought.\n\nOctavia Butler' } });
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(other) });
      await post(t, linksIn(await mailTo(other)).confirm);
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(other) });
      expect(await counts(t, c)).toEqual({ signatures: 0, letters: 2 });

      const removed = await post(t, remove);
      expect(removed.body.data).toEqual({ state: 'done', campaign_title: c.title, signatures: 1, letters: 2, delivered: 1 });
      // The other supporter's signature and letter stay; the delivered letter leaves the count, the pending ones never counted.
      expect(await counts(t, c)).toEqual({ signatures: 0, letters: 1 });
      expect(await t.db.ds.getRepository(t.db.entities.Letter).countBy({ campaign_id: c.id, supporter_email: other, status: 'confirmed' })).toBe(1);
      const letters = await t.db.ds.getRepository(t.db.entities.Letter).find({ where: { campaign_id: c.id, status: 'withdrawn' } });
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({
        status: 'withdrawn',
        supporter_name: '',
        supporter_email: '',
        street_address: '',
        city: '',
        zip_code: '',
        phone_number: null,
        letter_content: '',
      });
      expect(await t.db.ds.getRepository(t.db.entities.Delivery).countBy({ campaign_id: c.id, letter_id: letters[0]!.id })).toBe(1);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id, email: other })).toBe(1);
      // The admin's list still shows the withdrawn letter, counted in its total.
      const admin = await t.adminCookie();
      const list = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}`, { cookie: admin });
      expect(list.body.data.map((l: { status: string }) => l.status).sort()).toEqual(['confirmed', 'withdrawn']);
      expect(list.body.meta.total).toBe(2);
    });

    it("calls back a confirmed letter's e-mail to the clerk that has not gone yet, saying why on the organiser's record", async () => {
      const c = await t.campaign({ require_confirmation: true, delivery_mode: 'each', delivery_recipients: ['clerk@springfield.example.gov'] });
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      const { confirm, remove } = linksIn(await mailTo(address));
      await post(t, confirm);
      const delivery = await t.db.ds.getRepository(t.db.entities.Delivery).findOneByOrFail({ campaign_id: c.id, kind: 'letter' });
      const outbox = t.db.ds.getRepository(t.db.entities.MailOutbox);
      // As if it had not gone yet: once the worker is done with it, back in the queue, due tomorrow.
      await expect.poll(async () => (await outbox.findOneByOrFail({ id: delivery.outbox_id })).status).toBe('sent');
      await outbox.update({ id: delivery.outbox_id }, { status: 'queued', claimed_by: null, lease_until: null, next_attempt_at: new Date(Date.now() + 86_400_000) });
      expect((await post(t, remove)).body.data).toMatchObject({ state: 'done', letters: 1 });
      expect(await outbox.findOneByOrFail({ id: delivery.outbox_id })).toMatchObject({
        status: 'failed',
        last_error: 'Taken back by its writer before it was sent',
        recipients: [],
        subject: '[removed]',
        text: '',
      });
    });

    it('delivers a letter in each mode only once its writer confirms it', async () => {
      const c = await t.campaign({ require_confirmation: true, delivery_mode: 'each', delivery_recipients: ['clerk@springfield.example.gov'] });
      const address = newAddress();
      const res = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      expect(res.status, res.text).toBe(201);
      const deliveries = () => t.db.ds.getRepository(t.db.entities.Delivery).countBy({ campaign_id: c.id });
      expect(await deliveries()).toBe(0);
      const mail = await mailTo(address);
      expect(mail.parsed.subject).toMatch(/^Please confirm your letter for /);
      await post(t, linksIn(mail).confirm);
      expect(await deliveries()).toBe(1);
      expect(await counts(t, c)).toEqual({ signatures: 0, letters: 1 });
    });

    it("answers a reminder's link followed after the first e-mail's with 'already', counting once", async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      const first = await mailTo(address);
      const ago = (hours: number) => (t.dialect === 'postgres' ? `now() - interval '${hours} hours'` : `strftime('%Y-%m-%d %H:%M:%f', 'now', '-${hours} hours')`);
      await mailSoon(t.db).settled();
      await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${ago(25)} WHERE "email" = '${address}'`);
      await t.db.ds.query(`UPDATE "supporters" SET "confirm_mailed_at" = ${ago(25)} WHERE "email" = '${address}'`);
      await mailSoon(t.db).settled();
      await confirmationUpkeep(t.db, createLogger('silent'));
      const reminder = await mailTo(address, 2);
      expect((await post(t, linksIn(first).confirm)).body.data).toMatchObject({ state: 'done', signatures: 1 });
      const late = await post(t, linksIn(reminder).confirm);
      expect(late.status, late.text).toBe(200);
      expect(late.body.data).toEqual({ state: 'already', campaign_title: c.title, signatures: 0, letters: 0 });
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });
    });

    it("mails an address again once a full day has passed since its last e-mail, not an hour sooner", async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      await post(t, linksIn(await mailTo(address)).confirm);
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      const lastMailed = (hours: number) =>
        t.db.ds.query(
          `UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${t.dialect === 'postgres' ? `now() - interval '${hours} hours'` : `strftime('%Y-%m-%d %H:%M:%f', 'now', '-${hours} hours')`} WHERE "email" = '${address}'`,
        );
      await lastMailed(23);
      await mailSoon(t.db).settled();
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(0);
      await lastMailed(24);
      await mailSoon(t.db).settled();
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).mailed).toBe(1);
      expect((await mailTo(address, 2)).parsed.subject).toMatch(/^Please confirm your letter for /);
    });

    it('sends one reminder a day later, and deletes what is still pending once the link has expired', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      const first = await mailTo(address);
      const ago = (hours: number) => (t.dialect === 'postgres' ? `now() - interval '${hours} hours'` : `strftime('%Y-%m-%d %H:%M:%f', 'now', '-${hours} hours')`);
      await mailSoon(t.db).settled();
      await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${ago(25)} WHERE "email" = '${address}'`);
      await t.db.ds.query(`UPDATE "supporters" SET "confirm_mailed_at" = ${ago(25)} WHERE "email" = '${address}'`);
      const logged: { msg: string; reminded?: number }[] = [];
      await mailSoon(t.db).settled();
      const upkeep = await confirmationUpkeep(t.db, createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) }));
      expect(upkeep.reminded).toBeGreaterThanOrEqual(1);
      // The operator reads what a tick did; a tick that did nothing says nothing.
      expect(logged).toEqual([expect.objectContaining({ msg: 'confirmation upkeep', mailed: 0, reminded: upkeep.reminded, deleted: 0 })]);
      logged.length = 0;
      await mailSoon(t.db).settled();
      await confirmationUpkeep(t.db, createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) }));
      expect(logged).toEqual([]);
      const reminder = await mailTo(address, 2);
      expect(reminder.parsed.subject).toMatch(/^Reminder: please confirm your signature for /);
      expect(reminder.parsed.text).toContain('We have not heard back yet');
      // No third mail, however long it waits.
      await mailSoon(t.db).settled();
      await t.db.ds.query(`UPDATE "supporter_mail_slots" SET "last_mailed_at" = ${ago(50)} WHERE "email" = '${address}'`);
      await t.db.ds.query(`UPDATE "supporters" SET "confirm_mailed_at" = ${ago(50)} WHERE "email" = '${address}'`);
      await mailSoon(t.db).settled();
      await confirmationUpkeep(t.db, createLogger('silent'));
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.received.filter((m) => m.envelope.to.includes(address))).toHaveLength(2);

      // Past the link's life (7 days): the pending signature is gone, and the link says it expired.
      await t.db.ds.query(`UPDATE "supporters" SET "created_at" = ${ago(8 * 24)} WHERE "email" = '${address}'`);
      await t.db.ds.query(`UPDATE "supporter_mails" SET "expires_at" = ${ago(1)} WHERE "email" = '${address}'`);
      await mailSoon(t.db).settled();
      expect((await confirmationUpkeep(t.db, createLogger('silent'))).deleted).toBeGreaterThanOrEqual(1);
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ email: address })).toBe(0);
      const late = await post(t, linksIn(first).confirm);
      expect(late.status).toBe(410);
      expect(late.body.error).toBe('This confirmation link has expired. Sign or submit your letter again to get a new one.');
      expect(await counts(t, c)).toEqual({ signatures: 0, letters: 0 });
    });

    it('shows the organiser pending and confirmed side by side, and keeps pending letters out of the packet', async () => {
      const c = await t.campaign({ require_confirmation: true, delivery_recipients: ['clerk@springfield.example.gov'] });
      const admin = await t.adminCookie();
      const before = (await t.api('GET', '/api/admin/dashboard', { cookie: admin })).body.data.stats;
      const address = newAddress();
      // The letter first: its e-mail names it (the signature, sent after, waits for tomorrow's).
      await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: letter(address) });
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      const stats = (await t.api('GET', '/api/admin/dashboard', { cookie: admin })).body.data.stats;
      expect(stats).toEqual({ ...before, pending_supporters: before.pending_supporters + 1, pending_letters: before.pending_letters + 1 });
      const page = await t.api('GET', `/api/admin/campaigns/${c.id}`, { cookie: admin });
      expect(page.body.data).toMatchObject({ supporter_count: 0, letter_count: 0, pending_supporters: 1, pending_letters: 1 });
      const letters = await t.api('GET', `/api/admin/letters?campaign_id=${c.id}`, { cookie: admin });
      expect(letters.body.data.map((l: { status: string }) => l.status)).toEqual(['pending']);
      expect(letters.body.meta.total).toBe(1);
      const csv = await fetch(`${t.url}/api/admin/supporters.csv?campaign_id=${c.id}`, { headers: { cookie: admin } });
      expect((await csv.text()).split('\r\n')[1]).toMatch(/^[^,]+,pending,/);

      const packet = await t.api('POST', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: admin, body: {} });
      expect(packet.status).toBe(409);
      await post(t, linksIn(await mailTo(address)).confirm);
      const sent = await t.api('POST', `/api/admin/campaigns/${c.id}/deliveries`, { cookie: admin, body: {} });
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body.data.letter_count).toBe(1);
      // The packet marks the letter as confirmed by its writer, when it was sent and when confirmed.
      const pdf = await fetch(`${t.url}/api/admin/campaigns/${c.id}/packet.pdf`, { headers: { cookie: admin } });
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(words(pdfPages(bytes).join(' '))).toMatch(/Letter 1 of 1: .+ Submitted .+ · Confirmed by its writer by e-mail .+ · Letter ID \d+/);
      // The cover says how its figures were counted.
      expect(words(pdfPages(bytes, true)[0]!)).toContain('Confirmed: every letter was confirmed by its writer, who followed a link sent to their own e-mail address before it was counted.');
    });

    it('keeps no usable link in the e-mail it stores, queued or sent', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      await mailSoon(t.db).settled();
      const stored = async () => (await t.db.ds.getRepository(t.db.entities.MailOutbox).find()).filter((m) => m.recipients.includes(address));
      const link = /\/(confirm|remove)\/[A-Za-z0-9_-]{43}/;
      // As queued: the text with a mark where each link goes.
      const queued = await stored();
      expect(queued).toHaveLength(1);
      expect(queued[0]!.text).not.toMatch(link);
      // As sent: the supporter got the links; our copy still has none of them.
      const { confirm, remove } = linksIn(await mailTo(address));
      await expect.poll(async () => (await stored())[0]!.status).toBe('sent');
      const sent = (await stored())[0]!;
      expect(sent.text).toBe(queued[0]!.text);
      for (const token of [confirm, remove].map((l) => l.split('/').pop()!)) {
        expect(sent.text).not.toContain(token);
        // Nor anything in the database a token could be read back from.
        expect(JSON.stringify(await t.db.ds.getRepository(t.db.entities.SupporterMail).findBy({ email: address }))).not.toContain(token);
      }
      expect((await post(t, confirm)).body.data).toMatchObject({ state: 'done', signatures: 1 });
    });

    it('refuses a removal link once its day has passed, as the e-mail says, and takes nothing back', async () => {
      const c = await t.campaign({ require_confirmation: true });
      const address = newAddress();
      await t.api('POST', `/api/campaigns/${c.id}/support`, { body: signer(address) });
      const mail = await mailTo(address);
      expect(mail.parsed.text).toMatch(/It works until [^;]+; .*\n\nNot you, or changed your mind\? Until the same day, this link removes everything sent under this address/s);
      const { confirm, remove } = linksIn(mail);
      expect((await post(t, confirm)).body.data).toMatchObject({ state: 'done', signatures: 1 });
      const ago = t.dialect === 'postgres' ? "now() - interval '1 minute'" : "strftime('%Y-%m-%d %H:%M:%f', 'now', '-1 minutes')";
      await t.db.ds.query(`UPDATE "supporter_mails" SET "expires_at" = ${ago} WHERE "email" = '${address}'`);
      const late = await post(t, remove);
      expect(late.status, late.text).toBe(410);
      expect(late.body.error).toBe('This removal link has expired. To have what you sent taken back, write to the organisers of the campaign.');
      expect(await counts(t, c)).toEqual({ signatures: 1, letters: 0 });
      expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ email: address })).toBe(1);
      // Its page says so in the campaign's language, without a button that cannot work.
      const page = await (await fetch(remove)).text();
      const words = JSON.parse(/data-words="([^"]+)"/.exec(page)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Record<string, string>;
      expect(words.expired).toBe('This removal link has expired. To have what you sent taken back, write to the organisers of the campaign.');
    });

    it('refuses a link that is not one of ours with a clear reply and page', async () => {
      const forged = 'A'.repeat(43);
      const res = await t.api('POST', `/api/confirmations/${forged}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'This link is not valid. Check that you opened the whole link from the e-mail.' });
      const short = await t.api('POST', '/api/confirmations/abc');
      expect(short.status).toBe(400);
      const page = await fetch(`${t.url}/confirm/${forged}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('This link is not valid');
    });

    it('refuses a forged link that names an e-mail beyond any there can be, as it refuses any other', async () => {
      // A token is the e-mail's number, masked, and a MAC: a forged one decodes to a number of up to
      // 64 bits, which PostgreSQL's integer column refused with an error of its own (a 500).
      const key = confirmationSettings(t.db.ds).linkKey;
      for (const id of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
        for (const kind of ['confirm', 'remove'] as const) {
          const forged = linkToken(key, kind, id, '<forged@example.org>');
          const res = await t.api('POST', `/api/${kind === 'confirm' ? 'confirmations' : 'removals'}/${forged}`);
          expect(res.status, `${kind} ${id}: ${res.text}`).toBe(404);
          expect((await fetch(`${t.url}/${kind}/${forged}`)).status).toBe(404);
        }
      }
    });
  },
  { env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'Eastside Library Friends <friends@library.example.org>' }), mailWorker: {} },
);
