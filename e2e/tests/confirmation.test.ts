import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { en, es, shareLinks } from '../../api/src/contract';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../api/test/smtp';
import { expectNoAxeViolations } from '../support/axe';
import { useChromium } from '../support/browser';
import { startDaisServer, type DaisServer } from '../support/dais-server';
import { openDaisDatabase, type DaisDatabase } from '../support/database';
import { DEMO, fillPerson, newPerson, openTab, shownSupporterCount, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Confirmed supporters end to end: a Dais server of its own that sends real mail to a real SMTP
 * server; the demo's confirming campaign is signed in the widget, the e-mail is read off the SMTP
 * server, and its link opened in Chromium. The count moves only then: fetching the link, as a mail
 * scanner does, confirms nothing.
 */
const chromium = useChromium();
let sink: SmtpSink;
let dais: DaisServer;
let db: DaisDatabase;

beforeAll(async () => {
  sink = await startSmtpSink();
  dais = await startDaisServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Elm Avenue Trees <trees@example.org>' } });
  db = openDaisDatabase(dais.dbPath);
});
afterAll(async () => {
  db?.close();
  await dais?.stop();
  await sink?.stop();
});

async function mailTo(address: string): Promise<ReceivedMail> {
  await expect.poll(() => sink.received.some((m) => m.envelope.to.includes(address)), { timeout: 15_000 }).toBe(true);
  return sink.received.find((m) => m.envelope.to.includes(address))!;
}

const linkIn = (mail: ReceivedMail, kind: 'confirm' | 'remove') =>
  new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]{43}`).exec(mail.parsed.text ?? '')?.[0] ?? '';

/** Signs campaign `id` on its widget page (in English, whatever the campaign's language) and opens the e-mailed confirmation link. */
async function signAndConfirm(id: number, title: string): Promise<Page> {
  const { page } = await chromium.openPage(`${dais.url}/widget/${id}?lang=en`);
  const widget = await waitForCampaign(widgetOf(page), title);
  const person = newPerson();
  const form = await openTab(widget, 'Sign Petition');
  await fillPerson(form, person);
  await form.getByRole('button', { name: 'Sign Petition' }).click();
  await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
  const opened = await chromium.openPage(linkIn(await mailTo(person.email), 'confirm'));
  return opened.page;
}

/**
 * Issue 22, point 17: the page still read 'Confirming your support for ...' once it had confirmed.
 * Its heading now says what happened, as its title does, and nothing on it reads 'Confirming'.
 */
async function saysWhatHappened(page: Page, said: string, title: string) {
  await page.getByRole('heading', { level: 1, name: said }).waitFor();
  expect(await page.locator('body').innerText()).not.toMatch(/Confirming|Confirmando/);
  expect(await page.getByRole('button').count()).toBe(0);
  expect(await page.title()).toBe(title);
}

/** Then it offers the campaign's share links, as the widget's Share tab makes them, for its page on Dais. */
async function offersToShare(page: Page, id: number, title: string, language: 'en' | 'es') {
  const texts = language === 'es' ? es : en;
  const share = page.getByRole('region', { name: texts.shareTitle });
  await share.getByRole('heading', { level: 2, name: texts.shareTitle }).waitFor();
  await share.getByText(texts.shareText).waitFor();
  const links = await share.getByRole('link').evaluateAll((as) => as.map((a) => ({ text: a.textContent, href: a.getAttribute('href'), target: a.getAttribute('target') })));
  const expected = shareLinks(title, `${dais.url}/widget/${id}`, texts);
  expect(links).toEqual(
    expected.map((l) =>
      l.href.startsWith('mailto:') ? { text: l.label, href: l.href, target: null } : { text: `${l.label}${texts.opensInNewWindow}`, href: l.href, target: '_blank' },
    ),
  );
}

describe('confirming a signature from its e-mail', () => {
  it('says to check the inbox, and counts the signature only once the e-mailed link is opened in a browser', async () => {
    const { page } = await chromium.openPage(`${dais.url}/widget/${DEMO.trees.id}`);
    const widget = await waitForCampaign(widgetOf(page), DEMO.trees.title);
    const before = await shownSupporterCount(widget);
    expect(before).toBe(db.campaign(DEMO.trees.id)!.supporter_count);

    const person = newPerson();
    const form = await openTab(widget, 'Sign Petition');
    await fillPerson(form, person);
    // The demo's tree campaign asks where each supporter stands.
    await form.getByRole('group', { name: 'Your position' }).getByRole('radio', { name: 'Plant all 500 trees this year' }).check();
    await form.getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await widget
      .getByText(`One more step: we sent an e-mail to ${person.email}. Open it and follow the link to confirm your signature; it counts once you do.`)
      .waitFor();
    expect(await widget.getByText('Your signature has been added to the petition.').count()).toBe(0);

    const mail = await mailTo(person.email);
    expect(mail.parsed.subject).toBe(`Please confirm your signature for "${DEMO.trees.title}"`);
    const confirm = linkIn(mail, 'confirm');
    expect(confirm.startsWith(`${dais.url}/confirm/`)).toBe(true);

    // A scanner fetches the page (and its links) without running it: nothing is confirmed.
    const scanned = await fetch(confirm);
    expect(scanned.status).toBe(200);
    await fetch(linkIn(mail, 'remove'));
    expect(db.campaign(DEMO.trees.id)!.supporter_count).toBe(before);
    expect(db.supporters(person.email)).toEqual([expect.objectContaining({ status: 'pending' })]);

    // The supporter opens it: the page confirms, says so, and the count moves.
    const opened = await chromium.openPage(confirm);
    await opened.page.getByRole('status').getByText(`Thank you! Your signature for “${DEMO.trees.title}” now counts.`).waitFor();
    await saysWhatHappened(opened.page, `Thank you! Your signature for “${DEMO.trees.title}” now counts.`, 'Thank You! · Dais');
    await offersToShare(opened.page, DEMO.trees.id, DEMO.trees.title, 'en');
    expect(db.campaign(DEMO.trees.id)!.supporter_count).toBe(before + 1);
    expect(db.supporters(person.email)).toEqual([expect.objectContaining({ status: 'confirmed' })]);

    // Opened again: thanked, counted once.
    const again = await chromium.openPage(confirm);
    await again.page.getByRole('status').getByText('Already confirmed: there is nothing more to do. Thank you!').waitFor();
    await saysWhatHappened(again.page, 'Already confirmed: there is nothing more to do. Thank you!', 'Thank You! · Dais');
    await offersToShare(again.page, DEMO.trees.id, DEMO.trees.title, 'en');
    expect(db.campaign(DEMO.trees.id)!.supporter_count).toBe(before + 1);

    await page.reload();
    const reloaded = await waitForCampaign(widgetOf(page), DEMO.trees.title);
    await expect.poll(() => shownSupporterCount(reloaded)).toBe(before + 1);
  });

  it('takes the signature back from the other link, after asking', async () => {
    const { page } = await chromium.openPage(`${dais.url}/widget/${DEMO.trees.id}`);
    const widget = await waitForCampaign(widgetOf(page), DEMO.trees.title);
    const person = newPerson();
    const form = await openTab(widget, 'Sign Petition');
    await fillPerson(form, person);
    // The demo's tree campaign asks where each supporter stands.
    await form.getByRole('group', { name: 'Your position' }).getByRole('radio', { name: 'Plant all 500 trees this year' }).check();
    await form.getByRole('button', { name: 'Sign Petition' }).click();
    const mail = await mailTo(person.email);

    const removal = await chromium.openPage(linkIn(mail, 'remove'));
    await removal.page.getByRole('heading', { name: `Remove what you sent to “${DEMO.trees.title}”?` }).waitFor();
    expect(db.supporters(person.email)).toHaveLength(1);
    await removal.page.getByRole('button', { name: 'Remove my signature and letters' }).click();
    await removal.page.getByRole('status').getByText(`Removed: your signature for “${DEMO.trees.title}” is gone from the campaign and its counts.`).waitFor();
    expect(db.supporters(person.email)).toEqual([]);
  });

  it("says what happened and offers to share in the campaign's language: Spanish", async () => {
    const title = 'Plantar 200 árboles en la calle Olmo';
    const id = db.insertCampaign({ title, require_confirmation: true, language: 'es' });
    const page = await signAndConfirm(id, title);
    await page.getByRole('status').getByText(`¡Gracias! Su firma para «${title}» ya cuenta.`).waitFor();
    await saysWhatHappened(page, `¡Gracias! Su firma para «${title}» ya cuenta.`, '¡Gracias! · Dais');
    await offersToShare(page, id, title, 'es');
    await expectNoAxeViolations(page, 'the confirmation page, confirmed, in Spanish');
  });

  it('offers no sharing for a campaign whose organiser turned its Share tab off', async () => {
    const title = 'A campaign that is not shared';
    const id = db.insertCampaign({ title, require_confirmation: true, enable_share_tab: false });
    const page = await signAndConfirm(id, title);
    await saysWhatHappened(page, `Thank you! Your signature for “${title}” now counts.`, 'Thank You! · Dais');
    expect(await page.getByRole('link').count()).toBe(0);
    expect(await page.getByRole('region').count()).toBe(0);
  });

  it('shows a wrong link as a page that says so', async () => {
    const { page } = await chromium.openPage(`${dais.url}/confirm/${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
  });
});
