import { afterAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/browser';
import { openDaisDatabase } from '../support/database';
import { DEMO, generateLetter, newPerson, openTab, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const db = openDaisDatabase();
afterAll(() => db.close());

describe('the share tab', () => {
  it("offers Facebook, Twitter, LinkedIn and e-mail with the spec's texts, for the page the widget is on", async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const panel = await openTab(widget, 'Share');
    await panel.getByRole('heading', { name: 'Share This Campaign' }).waitFor();
    await panel.getByText('Help amplify this message by sharing it with your network.').waitFor();
    const hostUrl = page.url();
    const href = async (name: string) => new URL((await panel.getByRole('link', { name }).getAttribute('href'))!);

    const facebook = await href('Facebook');
    expect(facebook.origin + facebook.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(facebook.searchParams.get('u')).toBe(hostUrl);

    const twitter = await href('Twitter');
    expect(twitter.origin + twitter.pathname).toBe('https://twitter.com/intent/tweet');
    expect(twitter.searchParams.get('text')).toBe(`Join me in supporting this campaign: ${DEMO.park.title}`);
    expect(twitter.searchParams.get('url')).toBe(hostUrl);

    const linkedin = await href('LinkedIn');
    expect(linkedin.origin + linkedin.pathname).toBe('https://www.linkedin.com/sharing/share-offsite/');
    expect(linkedin.searchParams.get('url')).toBe(hostUrl);

    const mail = await href('Email');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe(`Support: ${DEMO.park.title}`);
    expect(mail.searchParams.get('body')).toContain(hostUrl);

    // The social channels open in a new window; the host page stays where it is.
    const [popup] = await Promise.all([page.waitForEvent('popup'), panel.getByRole('link', { name: 'Facebook' }).click()]);
    expect(popup.url()).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
    expect(page.url()).toBe(hostUrl);
  });
});

describe("the widget's states", () => {
  it("shows 'Campaign Not Found' for a campaign that does not exist or is not active", async () => {
    const inactive = db.insertCampaign({ title: 'A campaign that has ended', is_active: false });
    for (const id of [999_999, inactive]) {
      const { page } = await chromium.openHostPage(`element.html?campaign=${id}`);
      const widget = widgetOf(page, id);
      await widget.getByRole('heading', { name: 'Campaign Not Found' }).waitFor();
      await widget.getByText('This campaign may have been removed or is no longer active.').waitFor();
      expect(await widget.getByRole('heading', { name: 'A campaign that has ended' }).count()).toBe(0);
    }
  });

  it('hides the tab bar when the campaign has one tab, and shows that tab', async () => {
    const id = db.insertCampaign({ title: 'Only a petition here', enable_letter_tab: false, enable_share_tab: false });
    const { page } = await chromium.openHostPage(`element.html?campaign=${id}`);
    const widget = await waitForCampaign(widgetOf(page, id), 'Only a petition here');
    await widget.getByRole('button', { name: 'Sign Petition' }).waitFor();
    expect(await widget.getByRole('tablist').count()).toBe(0);
    expect(await widget.getByRole('tab').count()).toBe(0);
    expect(await widget.getByRole('button', { name: 'Generate Letter' }).count()).toBe(0);
  });

  it('opens on the first enabled tab when the sign tab is off', async () => {
    const { page } = await chromium.openHostPage(`element.html?campaign=${DEMO.library.id}`);
    const library = await waitForCampaign(widgetOf(page, DEMO.library.id), DEMO.library.title);
    // The library campaign has no letter tab: Sign Petition and Share.
    expect(await library.getByRole('tab').allTextContents()).toEqual(['Sign Petition', 'Share']);

    const id = db.insertCampaign({ title: 'Letters and sharing', enable_sign_tab: false });
    const page2 = (await chromium.openHostPage(`element.html?campaign=${id}`)).page;
    const widget = await waitForCampaign(widgetOf(page2, id), 'Letters and sharing');
    expect(await widget.getByRole('tab').allTextContents()).toEqual(['Write Letter', 'Share']);
    expect(await widget.getByRole('tab', { name: 'Write Letter' }).getAttribute('aria-selected')).toBe('true');
  });

  it("shows 'Actions Unavailable' when no tab is enabled", async () => {
    const id = db.insertCampaign({ title: 'Nothing to do yet', enable_sign_tab: false, enable_letter_tab: false, enable_share_tab: false });
    const { page } = await chromium.openHostPage(`element.html?campaign=${id}`);
    const widget = await waitForCampaign(widgetOf(page, id), 'Nothing to do yet');
    await widget.getByRole('heading', { name: 'Actions Unavailable' }).waitFor();
    await widget.getByText('No actions are currently available for this campaign.').waitFor();
    expect(await widget.getByRole('tab').count()).toBe(0);
    expect(await widget.getByRole('button').count()).toBe(0);
  });

  it('follows the keyboard through the tabs (WAI-ARIA tabs pattern)', async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    await widget.getByRole('tab', { name: 'Sign Petition' }).focus();
    const selected = () => widget.getByRole('tab', { selected: true }).textContent();
    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Write Letter');
    await page.keyboard.press('End');
    expect(await selected()).toBe('Share');
    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Sign Petition');
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent)).toBe('Sign Petition');
  });
});

describe("the widget page on Dais's own site", () => {
  it('opens the review at /letter/review, whose Back to Campaigns goes to /', async () => {
    const { page } = await chromium.openDaisPage(`/widget/${DEMO.park.id}`);
    const widget = await waitForCampaign(widgetOf(page), DEMO.park.title);
    await generateLetter(widget, newPerson());
    expect(page.url()).toBe(`${inject('dais').url}/letter/review`);
    expect(await widget.getByRole('link', { name: 'Back to Campaigns' }).getAttribute('href')).toBe('/');
    // The browser's back button returns to the campaign.
    await page.goBack();
    await widget.getByRole('tab', { name: 'Write Letter', selected: true }).waitFor();
    expect(page.url()).toBe(`${inject('dais').url}/widget/${DEMO.park.id}`);
  });

  it("keeps the campaign's colours when the review is reloaded", async () => {
    const { page } = await chromium.openDaisPage(`/widget/${DEMO.school.id}`);
    const widget = await waitForCampaign(widgetOf(page), DEMO.school.title);
    const primary = () => page.evaluate(() => document.querySelector('petition-widget')?.shadowRoot?.querySelector<HTMLElement>('.dais')?.style.getPropertyValue('--p'));
    // The demo's school campaign is blue, not the default green.
    expect(await primary()).toBe('#1d4ed8');
    await generateLetter(widget, newPerson());
    await widget.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();
    await page.reload();
    await widget.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();
    await expect.poll(primary).toBe('#1d4ed8');
  });

  it('sends a visitor who opens /letter/review without a letter to /', async () => {
    const { page } = await chromium.openDaisPage('/letter/review');
    await page.waitForURL(`${inject('dais').url}/`);
  });
});
