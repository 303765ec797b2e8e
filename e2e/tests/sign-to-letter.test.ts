import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { contrastRatio } from '../../api/src/contract/colors';
import { useChromium } from '../support/browser';
import { activePanel, DEMO, fillPerson, newPerson, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();

/** 'rgb(4, 120, 87)' (or rgba with alpha 1) as '#047857'; null for anything see-through. */
function hexOf(css: string): string | null {
  const m = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(css);
  if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return null;
  return '#' + [m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('');
}

/** How a button is painted, and how big it is. */
const looksOf = (button: Locator) =>
  button.evaluate((el) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return { background: s.backgroundColor, border: s.borderTopColor, borderWidth: s.borderTopWidth, color: s.color, height: r.height, width: r.width };
  });

describe('from a signature to a letter', () => {
  // Issue 22, point 17: the thank-you's Continue was a second filled button in the campaign's colour,
  // competing with 'Write to ...'. It is a lesser action: not filled, not outlined, still a button a
  // keyboard reaches, readable (4.5:1) and a 44 px target.
  it("makes 'Write to ...' the one filled button of the thank-you, and Continue a lesser one", async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    await fillPerson(activePanel(widget), newPerson());
    await activePanel(widget).getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();

    const writeTo = widget.getByRole('button', { name: 'Write to Springfield Planning Commission' });
    const continueButton = widget.getByRole('button', { name: 'Continue' });
    const share = widget.getByRole('button', { name: 'Share', exact: true });
    const filled = await looksOf(writeTo);
    expect(hexOf(filled.background)).not.toBeNull();
    const background = await widget.locator('[part="root"]').evaluate((el) => getComputedStyle(el).backgroundColor);
    for (const [name, button] of [['Continue', continueButton], ['Share', share]] as const) {
      const looks = await looksOf(button);
      expect(hexOf(looks.background), `${name} is not filled`).toBeNull();
      expect(contrastRatio(hexOf(looks.color)!, hexOf(background)!), `${name}'s text`).toBeGreaterThanOrEqual(4.5);
      expect(looks.height, `${name}'s target`).toBeGreaterThanOrEqual(44);
    }
    // Continue is the least of the three: not even outlined, as Share is.
    const quiet = await looksOf(continueButton);
    expect(quiet.borderWidth === '0px' || hexOf(quiet.border) === hexOf(background) || hexOf(quiet.border) === null).toBe(true);
    // In the order a keyboard meets them: the next step first, then Continue and Share.
    await writeTo.focus();
    await page.keyboard.press('Tab');
    expect(await continueButton.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await activePanel(widget).getByLabel('Full Name').inputValue()).toBe('');
  });

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
