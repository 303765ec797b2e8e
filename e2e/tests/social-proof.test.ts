import { afterAll, describe, expect, it } from 'vitest';
import { useChromium } from '../support/browser';
import { openDaisDatabase } from '../support/database';
import { activePanel, fillPerson, newPerson, shownSupporterCount, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const db = openDaisDatabase();
afterAll(() => db.close());

describe('social proof in the widget', () => {
  it('lists recent public supporters as first name, initial and city only, and names the next milestone', async () => {
    const id = db.insertCampaign({ title: 'Light the Riverside Path', show_recent_supporters: true });
    const { page } = await chromium.openHostPage(`element.html?campaign=${id}`);
    const widget = await waitForCampaign(widgetOf(page, id), 'Light the Riverside Path');
    await widget.getByText('10 more to reach 10').waitFor();
    expect(await widget.getByRole('region', { name: 'Recent supporters' }).count()).toBe(0);

    const shown = newPerson();
    await fillPerson(activePanel(widget), shown);
    await activePanel(widget).getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    const recent = widget.getByRole('region', { name: 'Recent supporters' });
    await expect.poll(() => recent.getByRole('listitem').allInnerTexts()).toEqual(['Ada L., Springfield']);
    await widget.getByText('9 more to reach 10').waitFor();

    // One who asked not to be shown counts, and is not listed.
    await widget.getByRole('button', { name: 'Continue' }).click();
    const hidden = { ...newPerson(), name: 'Grace Hopper', city: 'Arlington' };
    await fillPerson(activePanel(widget), hidden);
    await activePanel(widget).getByLabel('Display my name publicly as a supporter').uncheck();
    await activePanel(widget).getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await expect.poll(() => shownSupporterCount(widget)).toBe(2);
    await widget.getByText('8 more to reach 10').waitFor();
    expect(await recent.getByRole('listitem').allInnerTexts()).toEqual(['Ada L., Springfield']);
    // The header and the list (below the forms): nothing of a supporter but the line above.
    const text = `${await widget.locator('header').innerText()}\n${await recent.innerText()}`;
    for (const secret of ['Lovelace', 'Grace', 'Hopper', 'Arlington', shown.email, shown.street, shown.zip]) expect(text).not.toContain(secret);
  });
});
