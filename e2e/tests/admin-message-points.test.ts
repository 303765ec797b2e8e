import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_CAMPAIGNS, DEMO_GENERAL_POINTS } from '../../api/src/db/demo-data';
import { adminBrowser, identity, notice, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { DEMO, generateLetter, newPerson, openTab, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Message points from the console to the letter form: created (general and for one campaign, one
 * of them hidden and pre-selected), edited inline, deactivated and deleted, each change checked in
 * the widget supporters use. The tests run in order.
 */
const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('points-admin', 'Fannie Lou Hamer'));

const GENERAL = { category: 'Bike lanes', talking_points: 'Protected bike lanes make every street safer for children and older residents.' };
const TREES = { category: 'Trees', talking_points: 'The old oaks along the river path shade the trail and must be kept.' };
const HIDDEN = { category: 'Zoning code', talking_points: 'The rezoning conflicts with section 4.2 of the adopted comprehensive plan.' };
/** The demo data's points: general ones (English and Spanish) and each campaign's. */
const DEMO_COUNTS = { general: DEMO_GENERAL_POINTS.length, campaign: DEMO_CAMPAIGNS.reduce((n, c) => n + c.points.length, 0) };

const createForm = (page: Page) => page.getByRole('region', { name: 'Add Message Point' });
const group = (page: Page, name: 'General Message Points' | 'Campaign-Specific Message Points') =>
  page.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
/** A point's row in a group; `has` is relative to the row, so it starts from the page. */
const rowOf = (scope: Locator, category: string) =>
  scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: category, exact: true }) });

async function create(page: Page, point: { category: string; talking_points: string }, options: { campaign?: string; order?: string; hidden?: boolean } = {}) {
  const form = createForm(page);
  await form.getByLabel('Category').fill(point.category);
  await form.getByLabel('Campaign').selectOption({ label: options.campaign ?? 'General (All Campaigns)' });
  await form.getByLabel('Talking Points').fill(point.talking_points);
  await form.getByLabel('Display Order').fill(options.order ?? '0');
  if (options.hidden) await form.getByLabel('Hidden/Pre-selected (automatically included in letters)').check();
  await form.getByRole('button', { name: 'Add Message Point' }).click();
  await notice(page, 'Message point created');
}

/** The categories the park campaign's letter form offers, in order. */
async function offeredInWidget(): Promise<string[]> {
  const { page } = await chromium.openPage(`${server.url}/widget/${DEMO.park.id}`);
  const widget = await waitForCampaign(widgetOf(page), DEMO.park.title);
  const panel = await openTab(widget, 'Write Letter');
  const points = panel.getByRole('group', { name: 'Message Points' }).getByRole('checkbox');
  await points.first().waitFor();
  const names = await points.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent ?? ''));
  return names;
}
const offers = (names: string[], category: string) => names.some((n) => n.includes(category));

describe('message points', () => {
  it("refuses a point without category or talking points: 'Category and talking points are required'", async () => {
    const { page } = await openAsAdmin('/admin/message-points');
    await page.getByRole('heading', { name: 'Message Points', level: 1 }).waitFor();
    await group(page, 'General Message Points').getByRole('heading', { name: `General Message Points (${DEMO_COUNTS.general})` }).waitFor();
    await page.getByRole('heading', { name: `Campaign-Specific Message Points (${DEMO_COUNTS.campaign})` }).waitFor();

    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST') posts += 1;
    });
    const form = createForm(page);
    await form.getByRole('button', { name: 'Add Message Point' }).click();
    await notice(page, 'Category and talking points are required', 'error');
    // Spaces are not talking points.
    await form.getByLabel('Category').fill('Parking');
    await form.getByLabel('Talking Points').fill('     ');
    await form.getByRole('button', { name: 'Add Message Point' }).click();
    await notice(page, 'Category and talking points are required', 'error');
    expect(await form.getByLabel('Talking Points').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toBe(0);
    expect(server.db.messagePointsByCategory('Parking')).toEqual([]);
  });

  it('creates general and campaign-specific points, one hidden and pre-selected; the letter form follows', async () => {
    const opened = await openAsAdmin('/admin/message-points');
    const { page } = opened;
    await create(page, GENERAL, { order: '5' });
    await create(page, TREES, { campaign: DEMO.park.title, order: '2' });
    await create(page, HIDDEN, { campaign: DEMO.park.title, hidden: true });

    const general = group(page, 'General Message Points');
    await general.getByRole('heading', { name: `General Message Points (${DEMO_COUNTS.general + 1})` }).waitFor();
    const generalRow = rowOf(general, GENERAL.category);
    expect(await generalRow.getByRole('cell').allTextContents()).toEqual(['English', GENERAL.category, GENERAL.talking_points, '5', 'Active', 'DeactivateEditDelete']);

    const specific = group(page, 'Campaign-Specific Message Points');
    await specific.getByRole('heading', { name: `Campaign-Specific Message Points (${DEMO_COUNTS.campaign + 2})` }).waitFor();
    expect((await rowOf(specific, TREES.category).getByRole('cell').allTextContents()).slice(0, 5)).toEqual([
      DEMO.park.title,
      TREES.category,
      TREES.talking_points,
      '2',
      'Active',
    ]);
    await rowOf(specific, HIDDEN.category).getByText('Hidden', { exact: true }).waitFor();
    expect(server.db.messagePointsByCategory(HIDDEN.category)).toEqual([
      expect.objectContaining({ campaign_id: DEMO.park.id, is_locked: 1, is_active: 1, display_order: 0 }),
    ]);
    expect(server.db.messagePointsByCategory(GENERAL.category)).toEqual([expect.objectContaining({ campaign_id: null, display_order: 5 })]);

    // The letter form lists the new general and campaign points, never the hidden one...
    const names = await offeredInWidget();
    expect(offers(names, GENERAL.category)).toBe(true);
    expect(offers(names, TREES.category)).toBe(true);
    expect(offers(names, HIDDEN.category)).toBe(false);

    // ...which every letter carries anyway.
    const { page: widgetPage } = await chromium.openPage(`${server.url}/widget/${DEMO.park.id}`);
    const widget = await waitForCampaign(widgetOf(widgetPage), DEMO.park.title);
    const person = newPerson();
    await generateLetter(widget, person);
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    const hiddenId = server.db.messagePointsByCategory(HIDDEN.category)[0]!.id;
    const [letter] = server.db.letters(person.email);
    expect(JSON.parse(String(letter!.message_point_ids))).toContain(hiddenId);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('edits a point inline: Cancel keeps it, Save stores it, and empty fields are refused', async () => {
    const { page } = await openAsAdmin('/admin/message-points');
    const specific = group(page, 'Campaign-Specific Message Points');
    const row = rowOf(specific, TREES.category);
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: `Edit message point: ${TREES.category}` });
    expect(await editor.getByLabel('Category').inputValue()).toBe(TREES.category);
    await editor.getByLabel('Talking Points').fill('Something else entirely, never saved.');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    await row.getByText(TREES.talking_points, { exact: true }).waitFor();
    // Focus returns to the Edit button the form came from.
    expect(await row.getByRole('button', { name: 'Edit' }).evaluate((b) => b === document.activeElement)).toBe(true);

    await row.getByRole('button', { name: 'Edit' }).click();
    await editor.getByLabel('Category').fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Category and talking points are required', 'error');
    expect(server.db.messagePointsByCategory(TREES.category)).toHaveLength(1);

    await editor.getByLabel('Category').fill('Street trees');
    await editor.getByLabel('Talking Points').fill('Every street tree removed for the garage should be replaced two for one.');
    await editor.getByLabel('Display Order').fill('1');
    await editor.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Message point updated');
    const saved = rowOf(specific, 'Street trees');
    await saved.getByText('Every street tree removed for the garage should be replaced two for one.', { exact: true }).waitFor();
    expect(await rowOf(specific, TREES.category).count()).toBe(0);
    expect(server.db.messagePointsByCategory('Street trees')).toEqual([
      expect.objectContaining({ campaign_id: DEMO.park.id, display_order: 1, is_active: 1 }),
    ]);
  });

  it('deactivates a point and deletes another after the confirmation; the letter form follows', async () => {
    const opened = await openAsAdmin('/admin/message-points');
    const { page } = opened;
    const specific = group(page, 'Campaign-Specific Message Points');
    const trees = rowOf(specific, 'Street trees');
    await trees.getByRole('button', { name: 'Deactivate' }).click();
    await trees.getByText('Inactive', { exact: true }).waitFor();
    await trees.getByRole('button', { name: 'Activate' }).waitFor();
    expect(server.db.messagePointsByCategory('Street trees')[0]).toMatchObject({ is_active: 0 });

    const general = group(page, 'General Message Points');
    const bikes = rowOf(general, GENERAL.category);
    await bikes.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete message point' });
    await confirm.getByText('Are you sure you want to delete this message point?', { exact: true }).waitFor();
    // Cancel (where focus starts) keeps it.
    expect(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(server.db.messagePointsByCategory(GENERAL.category)).toHaveLength(1);

    await bikes.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await notice(page, 'Message point deleted');
    await bikes.waitFor({ state: 'detached' });
    await general.getByRole('heading', { name: `General Message Points (${DEMO_COUNTS.general})` }).waitFor();
    expect(server.db.messagePointsByCategory(GENERAL.category)).toEqual([]);

    const names = await offeredInWidget();
    expect(offers(names, 'Street trees')).toBe(false);
    expect(offers(names, GENERAL.category)).toBe(false);
    // The demo's own points are still there.
    expect(offers(names, 'Green space')).toBe(true);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });
});
