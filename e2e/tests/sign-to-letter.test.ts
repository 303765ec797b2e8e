import { describe, expect, it } from 'vitest';
import { useChromium } from '../support/browser';
import { activePanel, DEMO, fillPerson, newPerson, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();

describe('from a signature to a letter', () => {
  it("offers the thank-you's next step, a letter to the decision body, filled in as the signer", async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const person = newPerson();
    await fillPerson(activePanel(widget), person);
    await activePanel(widget).getByLabel('Phone Number').fill('555-0100');
    await activePanel(widget).getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();

    await widget.getByRole('button', { name: 'Write to Springfield Planning Commission' }).click();
    await expect.poll(() => widget.getByRole('tab', { name: 'Write Letter' }).getAttribute('aria-selected')).toBe('true');
    const form = activePanel(widget);
    expect(await form.getByLabel('Full Name').inputValue()).toBe(person.name);
    expect(await form.getByLabel('Email Address').inputValue()).toBe(person.email);
    expect(await form.getByLabel('Street Address').inputValue()).toBe(person.street);
    expect(await form.getByLabel('City').inputValue()).toBe(person.city);
    expect(await form.getByLabel('State').inputValue()).toBe(person.state);
    expect(await form.getByLabel('ZIP Code').inputValue()).toBe(person.zip);
    expect(await form.getByLabel('Phone Number').inputValue()).toBe('555-0100');

    // The rule about message points reads as a hint until the supporter has touched them.
    const rule = form.getByText('Please select at least one message point.');
    expect(await rule.getAttribute('class')).toBe('hint');
    const firstPoint = form.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first();
    await firstPoint.check();
    expect(await rule.count()).toBe(0);
    await firstPoint.uncheck();
    expect(await rule.getAttribute('class')).toBe('err');
  });
});
