import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminBrowser, identity, notice, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { DEMO, fillPerson, newPerson, openTab, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Letters to the decision body: the organiser sets the campaign's Delivery tab, sends the hearing
 * packet and sees it listed; a supporter's success screen says to whom and by when their letter
 * goes. The tests run in order on the demo's first campaign (it has letters).
 */
const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('delivery-admin', 'Fannie Lou Hamer'));

const YEAR = new Date().getUTCFullYear() + 1;
/** 5 PM in Denver on March 10 next year: mountain standard time, UTC-7. */
const DEADLINE = { wall: `${YEAR}-03-10T17:00`, zone: 'America/Denver', utc: `${YEAR}-03-11T00:00:00.000Z` };
const RECIPIENTS = ['clerk@springfield.example.org', 'planning@springfield.example.org'];
const DECISION_BODY = 'Springfield Planning Commission';

async function openFormTab(page: Page, name: 'Delivery'): Promise<Locator> {
  await page.getByRole('tablist', { name: 'Campaign settings' }).getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

/** The deadline as Chromium writes it for people, with the options the widget and console use. */
const readable = (page: Page, weekday: boolean) =>
  page.evaluate(
    ([iso, zone, withWeekday]) =>
      new Intl.DateTimeFormat('en-US', {
        ...(withWeekday ? { weekday: 'long' } : {}),
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: zone,
      } as Intl.DateTimeFormatOptions).format(new Date(iso)),
    [DEADLINE.utc, DEADLINE.zone, weekday] as const,
  );

describe('delivery to the decision body', () => {
  it('is set on the Delivery tab: recipients, the deadline in the campaign\'s time zone, the mode and the lead time', async () => {
    const opened = await openAsAdmin(`/admin/campaigns/${DEMO.park.id}`);
    const { page } = opened;
    await page.getByRole('heading', { name: 'Edit Campaign', level: 1 }).waitFor();
    const tab = await openFormTab(page, 'Delivery');

    // A malformed address is refused before anything is sent, on its field.
    await tab.getByRole('radio', { name: /One packet before the deadline/ }).check();
    await tab.getByLabel('Recipients').fill('clerk@@springfield');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await tab.getByText('Recipient "clerk@@springfield" is not an e-mail address: write each one like clerk@springfield.gov').waitFor();
    expect(await tab.getByLabel('Recipients').getAttribute('aria-invalid')).toBe('true');

    await tab.getByLabel('Recipients').fill(RECIPIENTS.join('\n'));
    await tab.getByLabel('Time zone').fill(DEADLINE.zone);
    await tab.getByLabel(/Written-comment deadline/).fill(DEADLINE.wall);
    // The moment it names, in words, in that zone.
    await tab.getByText(`That is ${await readable(page, true)}.`).waitFor();
    await tab.getByLabel('Send the packet this many hours before the deadline').fill('12');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Campaign updated successfully');

    const saved = server.db.campaignByTitle(DEMO.park.title)!;
    expect({
      mode: saved.delivery_mode,
      recipients: JSON.parse(String(saved.delivery_recipients)),
      zone: saved.time_zone,
      lead: saved.delivery_lead_hours,
      deadline: new Date(`${String(saved.comment_deadline).replace(' ', 'T')}Z`).toISOString(),
    }).toEqual({ mode: 'packet', recipients: RECIPIENTS, zone: DEADLINE.zone, lead: 12, deadline: DEADLINE.utc });

    // Read back after a reload: the same wall-clock time in the same zone.
    await page.reload();
    const again = await openFormTab(page, 'Delivery');
    expect(await again.getByLabel(/Written-comment deadline/).inputValue()).toBe(DEADLINE.wall);
    expect(await again.getByLabel('Time zone').inputValue()).toBe(DEADLINE.zone);
    expect(await again.getByRole('radio', { name: /One packet before the deadline/ }).isChecked()).toBe(true);
    // The card says when the automatic packet will go: 12 hours before, 5 AM in Denver.
    const card = page.getByRole('region', { name: 'Delivery to the decision body' });
    await card.getByText(new RegExp(`Next automatic packet: March 10, ${YEAR} at 5:00 AM MST`)).waitFor();
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('sends the packet now, and lists it with its recipients, letters, status and Message-ID', async () => {
    const opened = await openAsAdmin(`/admin/campaigns/${DEMO.park.id}`);
    const { page } = opened;
    const card = page.getByRole('region', { name: 'Delivery to the decision body' });
    await card.getByText('Last delivery: none yet').waitFor();
    const letters = Number(server.db.campaign(DEMO.park.id)!.letter_count);
    expect(letters).toBeGreaterThan(0);

    await card.getByRole('button', { name: 'Send packet now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send the packet now?' });
    await confirm.getByText(`E-mail the hearing packet (PDF and CSV) with all ${letters} letters to ${RECIPIENTS.join(', ')}?`).waitFor();
    await confirm.getByRole('button', { name: 'Send packet' }).click();
    await notice(page, `Packet of ${letters} letters queued for ${RECIPIENTS.join(', ')}`);

    const table = card.getByRole('table');
    const row = table.getByRole('row').nth(1);
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    const [delivery, ...more] = server.db.deliveries(DEMO.park.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ kind: 'packet', trigger: 'admin', letter_count: letters });
    expect(cells[1]).toMatch(/^Packet sent by an admin: every letter up to /);
    expect(cells[2]).toBe(RECIPIENTS.join(', '));
    expect(cells[3]).toBe(String(letters));
    expect(cells[5]).toBe(String(delivery!.message_id));
    // Queued until the mail worker has sent it (here, with no SMTP_URL on this machine, into the
    // development mailbox); the card looks again while mail is on its way.
    expect(cells[4]).toMatch(/^(Queued|Sending|Sent)/);
    await expect.poll(() => row.getByRole('cell').nth(4).textContent(), { timeout: 30_000 }).toMatch(/^Sent/);

    // The newcomer opens it in the development mailbox: the packet's PDF and CSV are attached.
    const mailbox = (await chromium.openPage(`${server.url}/dev-mailbox`)).page;
    await mailbox.getByRole('link', { name: `Public comment packet: Riverside Park Rezoning (RZ-2026-014), agenda item 7B (${letters} letters)` }).click();
    await mailbox.getByRole('link', { name: /^hearing-packet-.+\.pdf$/ }).waitFor();
    await mailbox.getByRole('link', { name: /^hearing-packet-.+\.csv$/ }).waitFor();
    await card.getByText(/^Last delivery: Packet of \d+ letters, queued /).waitFor();
    await card.getByText(/^Since the last packet: 0 letters submitted after /).waitFor();
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it("tells a supporter on the success screen to whom and by when their letter is delivered, never the clerk's address", async () => {
    const widgetPage = (await chromium.openPage(`${server.url}/widget/${DEMO.park.id}`)).page;
    const widget = await waitForCampaign(widgetOf(widgetPage), DEMO.park.title);
    const form = await openTab(widget, 'Write Letter');
    await fillPerson(form, newPerson());
    await form.getByLabel('Your Perspective').selectOption({ label: 'Homeowner' });
    await form.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    const sentence = `It will be delivered to ${DECISION_BODY}, with the other letters, before the written-comment deadline: ${await readable(widgetPage, true)}.`;
    await widget.getByText(sentence, { exact: true }).waitFor();
    const shown = await widget.locator('[part="success"]').innerText();
    for (const address of RECIPIENTS) expect(shown).not.toContain(address);

    // The organiser sees it waiting for the next packet.
    const { page } = await openAsAdmin(`/admin/campaigns/${DEMO.park.id}`);
    await page.getByRole('region', { name: 'Delivery to the decision body' }).getByText(/^Since the last packet: 1 letter submitted after /).waitFor();
  });
});
