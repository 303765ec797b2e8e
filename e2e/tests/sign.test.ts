import { afterAll, describe, expect, it } from 'vitest';
import { useChromium } from '../support/browser';
import { openDaisDatabase } from '../support/database';
import { activePanel, DEMO, fillPerson, newPerson, openTab, shownSupporterCount, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const db = openDaisDatabase();
afterAll(() => db.close());

describe('signing the petition', () => {
  it('shows the thank-you view, counts the signature once and stores it', async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const before = await shownSupporterCount(widget);
    expect(before).toBe(db.campaign(DEMO.park.id)!.supporter_count);

    const person = newPerson();
    const form = activePanel(widget);
    await fillPerson(form, person);
    await form.getByLabel('Why is this campaign important to you?').fill('I walk my dog there every morning.');
    await form.getByRole('button', { name: 'Sign Petition' }).click();

    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await widget.getByText('Your signature has been added to the petition. Together, we can make a difference!').waitFor();
    await expect.poll(() => shownSupporterCount(widget)).toBe(before + 1);
    expect(db.campaign(DEMO.park.id)!.supporter_count).toBe(before + 1);
    expect(db.supporters(person.email)).toEqual([
      expect.objectContaining({
        campaign_id: DEMO.park.id,
        name: person.name,
        street_address: person.street,
        city: person.city,
        state: person.state,
        zip_code: person.zip,
        comment: 'I walk my dog there every morning.',
        is_public: 1,
      }),
    ]);

    // Continue: back to an empty form.
    await widget.getByRole('button', { name: 'Continue' }).click();
    expect(await activePanel(widget).getByLabel('Full Name').inputValue()).toBe('');
  });

  it('leads from the thank-you view to the share tab', async () => {
    const { page } = await chromium.openHostPage('element.html?campaign=2');
    const widget = await waitForCampaign(widgetOf(page, DEMO.school.id), DEMO.school.title);
    const person = newPerson();
    await fillPerson(activePanel(widget), person);
    await activePanel(widget).getByLabel('Display my name publicly as a supporter').uncheck();
    await activePanel(widget).getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('button', { name: 'Share', exact: true }).click();

    expect(await widget.getByRole('tab', { name: 'Share' }).getAttribute('aria-selected')).toBe('true');
    await activePanel(widget).getByRole('heading', { name: 'Share This Campaign' }).waitFor();
    expect(db.supporters(person.email)).toEqual([expect.objectContaining({ campaign_id: DEMO.school.id, is_public: 0 })]);
  });

  it('works the same inside the iframe fallback', async () => {
    const { page } = await chromium.openHostPage('iframe.html?campaign=3');
    const widget = await waitForCampaign(page.frameLocator('iframe').locator('petition-widget'), DEMO.library.title);
    const before = db.campaign(DEMO.library.id)!.supporter_count;
    const person = newPerson();
    const form = await openTab(widget, 'Sign Petition');
    await fillPerson(form, person);
    await form.getByRole('button', { name: 'Sign Petition' }).click();

    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await expect.poll(() => shownSupporterCount(widget)).toBe(before + 1);
    expect(db.supporters(person.email)).toHaveLength(1);
  });
});
