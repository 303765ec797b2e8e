/**
 * Issue 24, point 6 in the browser: on a campaign that asks a position, the sign and letter forms
 * refuse to go on without one; a signer's choice carries into their letter, which states it in
 * the organiser's words; the widget shows the counts the organiser publishes, and the console's
 * dashboard counts by position. Then the same form in Spanish.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { adminBrowser, identity, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { activePanel, fillPerson, newPerson, openTab, shownLetter, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('positions-admin', 'Fannie Lou Hamer'));

const LABELS = { support: 'Keep the park public', oppose: 'Allow the rezoning' };
const TITLE = 'Positions: Riverside Park';

/** Whether the browser holds the form back because no choice of the group is made. */
const missing = (group: Locator) => group.getByRole('radio').first().evaluate((radio) => (radio as HTMLInputElement).validity.valueMissing);

describe('a campaign that asks a position', () => {
  it("refuses both forms without one, carries the signer's choice into the letter, and counts it", async () => {
    const id = server.db.insertCampaign({ title: TITLE, position_options: 'support_oppose', position_labels: LABELS, show_position_counts: true });
    const { page } = await chromium.openPage(`${server.url}/widget/${id}`);
    const widget = await waitForCampaign(widgetOf(page), TITLE);
    const person = newPerson();

    const sign = activePanel(widget);
    await fillPerson(sign, person);
    const signChoice = sign.getByRole('group', { name: 'Your position' });
    // No choice is made for them.
    for (const radio of await signChoice.getByRole('radio').all()) expect(await radio.isChecked()).toBe(false);
    await sign.getByRole('button', { name: 'Sign Petition' }).click();
    expect(await missing(signChoice)).toBe(true);
    expect(server.db.supporters(person.email)).toEqual([]);

    await signChoice.getByRole('radio', { name: LABELS.oppose }).check();
    await sign.getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    expect(server.db.supporters(person.email)).toEqual([expect.objectContaining({ position: 'oppose' })]);

    // The letter starts from the signer's choice, and states it.
    await widget.getByRole('button', { name: /^Write to / }).click();
    const letterForm = activePanel(widget);
    const letterChoice = letterForm.getByRole('group', { name: 'Your position' });
    expect(await letterChoice.getByRole('radio', { name: LABELS.oppose }).isChecked()).toBe(true);
    await letterForm.getByLabel('Your Perspective').selectOption({ label: 'Homeowner' });
    await letterForm.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await letterForm.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();
    const letter = await shownLetter(widget);
    expect(letter).toContain(`My position: ${LABELS.oppose}.`);
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    expect(server.db.letters(person.email)).toEqual([expect.objectContaining({ position: 'oppose', letter_content: letter })]);

    // A letter written straight away, without a choice, is held back too.
    const fresh = await waitForCampaign(widgetOf((await chromium.openPage(`${server.url}/widget/${id}`)).page), TITLE);
    const form = await openTab(fresh, 'Write Letter');
    const writer = newPerson();
    await fillPerson(form, writer);
    await form.getByLabel('Your Perspective').selectOption({ label: 'Retiree' });
    await form.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Generate Letter' }).click();
    expect(await missing(form.getByRole('group', { name: 'Your position' }))).toBe(true);
    expect(await fresh.getByRole('heading', { name: 'Review Your Support Letter' }).count()).toBe(0);

    // The widget shows the counts the organiser publishes.
    const counts = fresh.getByRole('region', { name: 'Positions so far' });
    expect(await counts.getByRole('listitem').allTextContents()).toEqual([`${LABELS.support} 0`, `${LABELS.oppose} 1`]);

    // And the console counts by position.
    const admin = await openAsAdmin('/admin');
    const row = admin.page.getByRole('row').filter({ has: admin.page.getByText(TITLE, { exact: true }) });
    await row.locator('dd').first().waitFor();
    // Signatures, then letters: each one, opposed.
    const byPosition = `${LABELS.support}: 0 · ${LABELS.oppose}: 1`;
    expect(await row.locator('dd').allTextContents()).toEqual([byPosition, byPosition]);
  });

  it('asks it in Spanish, in the organiser’s words, and shows no counts the organiser keeps to themselves', async () => {
    const labels = { support: 'Mantener el parque público', oppose: 'Permitir el cambio de zonificación', neutral: 'Estudiar otros sitios' };
    const title = 'Posturas: parque Las Palmas';
    const id = server.db.insertCampaign({ title, language: 'es', position_options: 'support_oppose_neutral', position_labels: labels });
    const { page } = await chromium.openPage(`${server.url}/widget/${id}`);
    const widget = await waitForCampaign(widgetOf(page), title);
    const group = activePanel(widget).getByRole('group', { name: 'Su posición' });
    for (const label of Object.values(labels)) await group.getByRole('radio', { name: label }).waitFor();
    // No counts unless the organiser shows them.
    expect(await widget.getByText('Posturas hasta ahora').count()).toBe(0);
  });
});
