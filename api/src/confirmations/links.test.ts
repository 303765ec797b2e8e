/**
 * The development mailbox (no SMTP_URL, a loopback PUBLIC_URL) keeps a copy of every e-mail: like
 * the outbox, its copy of a supporter e-mail holds no usable link; the page shows the links to a
 * browser on this machine, made when it is shown.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase(
  'supporter e-mail links in the development mailbox',
  (t) => {
    it("keeps no usable link in the development mailbox's copy, and shows working ones on its page", async () => {
      const c = await t.campaign({ require_confirmation: true, title: 'Keep the Ferry Running' });
      const address = `ferry.${Date.now()}@example.org`;
      const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, {
        body: { name: 'Grace Darling', email: address, street_address: '1 Longstone Rock', city: 'Bamburgh', state: 'ME', zip_code: '04101' },
      });
      expect(signed.status).toBe(200);
      const copies = t.db.ds.getRepository(t.db.entities.DevMail);
      await expect.poll(async () => (await copies.find()).some((m) => m.recipients.includes(address)), { timeout: 15_000 }).toBe(true);
      const copy = (await copies.find()).find((m) => m.recipients.includes(address))!;
      expect(copy.raw).not.toMatch(/(confirm|remove)\/[A-Za-z0-9_-]{40,}/);
      expect(copy.raw.replace(/=\r\n/g, '')).not.toMatch(/(confirm|remove)\/[A-Za-z0-9_=-]{40,}/);

      const page = await fetch(`${t.url}/dev-mailbox/${copy.id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const token = /\/confirm\/([A-Za-z0-9_-]{43})/.exec(html)?.[1];
      expect(token, html).toBeDefined();
      expect(html).toMatch(/\/remove\/[A-Za-z0-9_-]{43}/);
      const confirmed = await t.api('POST', `/api/confirmations/${token}`);
      expect(confirmed.body.data).toEqual({ state: 'done', campaign_title: 'Keep the Ferry Running', signatures: 1, letters: 0 });
    });
  },
  { mailWorker: {} },
);
