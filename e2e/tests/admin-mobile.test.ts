import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminBrowser, identity, notice, useAdminServer } from '../support/admin';
import { ADMIN_SCREENS, CAMPAIGN_TABS, openCampaignTab, PUBLIC_SCREENS, visit, type Screen } from '../support/admin-screens';
import { useChromium } from '../support/browser';
import { DEMO } from '../support/widget';

/**
 * The console on a phone, 375 px wide: no screen scrolls sideways (the page, nor any region in it),
 * every table shows its rows as cards with each value under its column's name, and every action on
 * a card is on the screen, at least 44 px square, and works.
 */
const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('mobile-admin', 'Diane Nash'));
const openAsVisitor = adminBrowser(server, chromium.openPage, identity('mobile-visitor', 'Jo Ann Robinson'));
const PHONE = { width: 375, height: 812 };
/** Success criterion 2.5.5's target size: what a fingertip hits. */
const TARGET = 44;

// Long unbroken addresses, as people have them: they must break, not widen a card.
const LONG_EMAIL = 'margaret.hamilton-lovelace.springfield.neighbourhood.association@riverside-park-friends.example.org';
const LONG_ADMIN = 'the.planning.committee.secretary.of.springfield@council-of-neighbourhoods.example.org';

beforeAll(() => {
  // A signature and a letter under a long address: listed, viewed, and found on the erasure screen.
  const at = new Date(Date.now() - 60_000);
  server.db.insertSignatures(DEMO.park.id, [{ name: 'Margaret Hamilton', email: LONG_EMAIL, network: '198.51.100.0/24', at }]);
  server.db.insertLetters(DEMO.park.id, [{ name: 'Margaret Hamilton', email: LONG_EMAIL, network: '198.51.100.0/24', at }]);
});

/** What scrolls sideways, holds content wider than itself, or sticks out past the window's edges, described. */
function sidewaysOverflow(): string[] {
  const width = document.documentElement.clientWidth;
  const describe = (el: Element) =>
    `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().replace(/\s+/g, '.')}` : ''}> ` +
    `"${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
  const found: string[] = [];
  const page = document.documentElement.scrollWidth;
  if (page > width) found.push(`the page is ${page} px wide`);
  for (const el of document.querySelectorAll('body *')) {
    // A text field scrolls its own long value; that is how text fields work.
    if (el instanceof HTMLInputElement || el.closest('svg')) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(el);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${describe(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth})`);
      continue;
    }
    // Content wider than the box it is in (a button out of its card), though still on the screen.
    if (style.overflowX === 'visible' && !style.display.startsWith('inline') && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${describe(el)} holds content ${el.scrollWidth - el.clientWidth} px wider than itself`);
    }
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
    // Past the edge but cut off by a box that is itself on the screen (a clamped line, a track): unseen.
    let clipper = el.parentElement;
    while (clipper && clipper !== document.body && getComputedStyle(clipper).overflowX === 'visible') clipper = clipper.parentElement;
    const clip = clipper && clipper !== document.body ? clipper.getBoundingClientRect() : null;
    if (clip && clip.right <= width + 0.5 && clip.left >= -0.5) continue;
    found.push(`${describe(el)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px`);
  }
  return found;
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  expect.soft(await page.evaluate(sidewaysOverflow), `sideways overflow on "${screen}"`).toEqual([]);
}

async function open(screen: Screen): Promise<Page> {
  const { page } = await openAsAdmin(screen.path, PHONE);
  await screen.ready(page);
  return page;
}

/**
 * The table's rows are cards: its column headings out of sight (still read by screen readers),
 * each row within the screen and as wide as the table's place, each cell across the card under a
 * label that is its column's heading. What is otherwise, described.
 */
function cardProblems(table: HTMLTableElement): string[] {
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  const headings = [...(table.tHead?.rows[0]?.cells ?? [])].map((th) => th.textContent?.trim() ?? '');
  const head = table.tHead?.getBoundingClientRect().height ?? 0;
  // The width the table has where it is (a page, or a card around it).
  const room = table.parentElement!.getBoundingClientRect().width;
  if (head > 1) problems.push(`the column headings take ${Math.round(head)} px`);
  const rows = [...(table.tBodies[0]?.rows ?? [])];
  if (rows.length === 0) problems.push('no rows');
  for (const [r, tr] of rows.entries()) {
    // A row turned into a form (a message point being edited) spans the columns and has no labels.
    if (tr.cells.length === 1 && tr.cells[0]!.colSpan > 1) continue;
    const row = tr.getBoundingClientRect();
    const at = `row ${r + 1}`;
    if (row.left < 0 || row.right > width) problems.push(`${at} spans ${Math.round(row.left)} to ${Math.round(row.right)} px`);
    if (row.width < 0.95 * room) problems.push(`${at} is ${Math.round(row.width)} px wide of the ${Math.round(room)} px there is`);
    const labels = [...tr.cells].map((td) => td.dataset.label ?? '(none)');
    if (labels.join('|') !== headings.join('|')) problems.push(`${at} labels its cells ${labels.join(', ')}; the columns are ${headings.join(', ')}`);
    for (const [c, td] of [...tr.cells].entries()) {
      const label = getComputedStyle(td, '::before');
      const cell = td.getBoundingClientRect();
      if (label.display === 'none' || !label.content.includes(td.dataset.label ?? '\u0000')) problems.push(`${at}, ${headings[c]}: no label shown`);
      if (cell.width < 0.85 * row.width) problems.push(`${at}, ${headings[c]}: ${Math.round(cell.width)} px of the card's ${Math.round(row.width)}`);
    }
  }
  return problems;
}

async function expectCards(table: Locator, what: string) {
  expect.soft(await table.evaluate(cardProblems), `${what}, as cards`).toEqual([]);
}

/** Every control on every card: on the screen once scrolled to, big enough for a finger, and clickable. */
async function expectActionsReachable(table: Locator, what: string) {
  const controls = table.locator('tbody').locator('a, button, select');
  const count = await controls.count();
  expect.soft(count, `${what}: controls on the cards`).toBeGreaterThan(0);
  const problems: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const control = controls.nth(i);
    const name = `"${(await control.getAttribute('aria-label')) ?? (await control.innerText()).trim()}" (${i + 1})`;
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    if (!box) {
      problems.push(`${name} is not shown`);
      continue;
    }
    if (box.x < 0 || box.x + box.width > PHONE.width) problems.push(`${name} spans ${Math.round(box.x)} to ${Math.round(box.x + box.width)} px`);
    if (Math.min(box.width, box.height) < TARGET) problems.push(`${name} is ${Math.round(box.width)} by ${Math.round(box.height)} px`);
    // Visible, steady, enabled, and not under anything else: a tap lands on it.
    await control.click({ trial: true, timeout: 5_000 }).catch((error: Error) => problems.push(`${name} cannot be tapped: ${error.message.split('\n')[0]}`));
  }
  expect.soft(problems, `${what}: the actions on the cards`).toEqual([]);
}

describe('the admin console at 375 px', () => {
  it('scrolls no public page sideways', async () => {
    const { page } = await chromium.openPage(`${server.url}/`, PHONE);
    for (const screen of Object.values(PUBLIC_SCREENS)) {
      await visit(page, server.url, screen);
      await expectNoSidewaysScroll(page, screen.name);
    }
  });

  it('scrolls no screen sideways: every list, form, tab, dialog and the menu', async () => {
    const page = await open(ADMIN_SCREENS.dashboard);
    for (const screen of Object.values(ADMIN_SCREENS)) {
      await visit(page, server.url, screen);
      await expectNoSidewaysScroll(page, screen.name);
    }

    await visit(page, server.url, ADMIN_SCREENS.dashboard);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Dashboard' }).waitFor();
    // Once it has slid in.
    await expect.poll(() => drawer.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    await expectNoSidewaysScroll(page, 'drawer menu open');
    await page.getByRole('button', { name: 'Close menu' }).click();

    await visit(page, server.url, ADMIN_SCREENS.campaignEdit);
    for (const tab of CAMPAIGN_TABS) {
      await openCampaignTab(page, tab);
      await expectNoSidewaysScroll(page, `campaign edit, ${tab} tab`);
    }
    await page.getByRole('button', { name: 'Copy Embed Code' }).click();
    const embed = page.getByRole('dialog', { name: 'Embed Code' });
    await embed.waitFor();
    await expectNoSidewaysScroll(page, 'embed code dialog');
    await page.keyboard.press('Escape');
    await embed.waitFor({ state: 'hidden' });

    await visit(page, server.url, ADMIN_SCREENS.newCampaign);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Title must be at least 5 characters').first().waitFor();
    await expectNoSidewaysScroll(page, 'new campaign, refused with errors');

    await visit(page, server.url, ADMIN_SCREENS.letters);
    await page.getByRole('button', { name: 'View' }).first().click();
    const letter = page.getByRole('dialog', { name: /^Letter from / });
    await letter.waitFor();
    await expectNoSidewaysScroll(page, 'a letter, viewed');
    await page.keyboard.press('Escape');
    await letter.waitFor({ state: 'hidden' });

    await visit(page, server.url, ADMIN_SCREENS.messagePoints);
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.getByRole('form', { name: /^Edit message point: / }).waitFor();
    await expectNoSidewaysScroll(page, 'message point, inline edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete message point' });
    await confirm.waitFor();
    await expectNoSidewaysScroll(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await visit(page, server.url, ADMIN_SCREENS.erasure);
    await page.getByLabel("Supporter's e-mail address").fill(LONG_EMAIL);
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByRole('table', { name: `Records holding ${LONG_EMAIL}` }).waitFor();
    await expectNoSidewaysScroll(page, 'erasure, records found');

    await visit(page, server.url, ADMIN_SCREENS.quarantine);
    await page.getByRole('button', { name: 'Restore' }).first().click();
    const restore = page.getByRole('alertdialog', { name: 'Restore this quarantine?' });
    await restore.waitFor();
    await expectNoSidewaysScroll(page, 'restore confirmation');
    await restore.getByRole('button', { name: 'Cancel' }).click();
  });

  it('scrolls Access Denied no more than the rest', async () => {
    // After the admin test above: the first to sign in is the admin, this visitor is not.
    const { page } = await openAsVisitor('/admin', PHONE);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await expectNoSidewaysScroll(page, 'Access Denied');
  });

  it('shows every table as cards whose actions are on the screen and big enough to tap', async () => {
    const page = await open(ADMIN_SCREENS.dashboard);
    const campaigns = page.getByRole('table', { name: 'All Campaigns' });
    await expectCards(campaigns, 'dashboard campaigns');
    await expectActionsReachable(campaigns, 'dashboard campaigns');

    await visit(page, server.url, ADMIN_SCREENS.campaigns);
    await expectCards(campaigns, 'campaign list');
    await expectActionsReachable(campaigns, 'campaign list');

    await visit(page, server.url, ADMIN_SCREENS.letters);
    const letters = page.getByRole('table', { name: 'Letters' });
    await expectCards(letters, 'letters');
    await expectActionsReachable(letters, 'letters');

    await visit(page, server.url, ADMIN_SCREENS.supporters);
    const supporters = page.getByRole('table', { name: 'Supporters' });
    await expectCards(supporters, 'supporters');
    await expectActionsReachable(supporters, 'supporters');

    await visit(page, server.url, ADMIN_SCREENS.messagePoints);
    for (const group of ['General Message Points', 'Campaign-Specific Message Points']) {
      const points = page.getByRole('table', { name: new RegExp(`^${group}`) });
      await expectCards(points, group);
      await expectActionsReachable(points, group);
    }

    await visit(page, server.url, ADMIN_SCREENS.auditLog);
    const audit = page.getByRole('table', { name: 'Audit Log' });
    await expectCards(audit, 'audit log');
    await expectActionsReachable(audit, 'audit log');

    // Only the owner so far, the last one: its card says why it offers no Remove (the invitation's
    // card, below, has its controls).
    await visit(page, server.url, ADMIN_SCREENS.admins);
    const admins = page.getByRole('table', { name: 'Admins' });
    await expectCards(admins, 'admins');
    expect(await admins.getByText(/^The last owner: make another admin an owner first/).isVisible()).toBe(true);

    await visit(page, server.url, ADMIN_SCREENS.quarantine);
    const quarantines = page.getByRole('table', { name: 'Quarantines' });
    await expectCards(quarantines, 'quarantines');
    await expectActionsReachable(quarantines, 'quarantines');

    await visit(page, server.url, ADMIN_SCREENS.erasure);
    await page.getByLabel("Supporter's e-mail address").fill(LONG_EMAIL);
    await page.getByRole('button', { name: 'Find records' }).click();
    const records = page.getByRole('table', { name: `Records holding ${LONG_EMAIL}` });
    await expectCards(records, 'erasure records');
    await expectActionsReachable(records, 'erasure records');

    // A packet sent from the phone lists its delivery as a card.
    await visit(page, server.url, ADMIN_SCREENS.campaignEdit);
    const delivery = page.getByRole('region', { name: 'Delivery to the decision body' });
    await delivery.getByRole('button', { name: 'Send packet now' }).click();
    await page.getByRole('alertdialog', { name: 'Send the packet now?' }).getByRole('button', { name: 'Send packet' }).click();
    await notice(page, /^Packet of \d+ letters queued for /);
    const deliveries = delivery.getByRole('table', { name: 'Deliveries' });
    await expectCards(deliveries, 'deliveries');
    await expectNoSidewaysScroll(page, 'campaign edit, a delivery listed');
  });

  it('works the cards: the active switch, Edit, View, a role, an inline edit', async () => {
    const page = await open(ADMIN_SCREENS.dashboard);
    const campaigns = page.getByRole('table', { name: 'All Campaigns' });
    const toggle = campaigns.getByRole('switch', { name: `Campaign active: ${DEMO.trees.title}` });
    const was = await toggle.getAttribute('aria-checked');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(was === 'true' ? 'false' : 'true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(was);

    await visit(page, server.url, ADMIN_SCREENS.campaigns);
    const card = campaigns.getByRole('row').filter({ has: page.getByText(DEMO.library.title, { exact: true }) });
    await card.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${server.url}/admin/campaigns/${DEMO.library.id}`);
    await page.getByRole('tabpanel', { name: 'Basic Info' }).waitFor();

    await visit(page, server.url, ADMIN_SCREENS.letters);
    const letters = page.getByRole('table', { name: 'Letters' });
    await letters.getByRole('row').filter({ hasText: LONG_EMAIL }).getByRole('button', { name: 'View' }).click();
    const letter = page.getByRole('dialog', { name: 'Letter from Margaret Hamilton' });
    await letter.getByText(LONG_EMAIL).waitFor();
    await expectNoSidewaysScroll(page, 'a letter with a long address, viewed');
    await page.keyboard.press('Escape');

    // An editor invited from the phone: the invitation's card has its role and Remove.
    await visit(page, server.url, ADMIN_SCREENS.admins);
    await page.getByLabel('E-mail address').fill(LONG_ADMIN);
    await page.getByRole('button', { name: 'Invite' }).click();
    await notice(page, `Invited ${LONG_ADMIN} as Editor: an e-mail is on its way`);
    const admins = page.getByRole('table', { name: 'Admins' });
    await admins.getByRole('combobox', { name: `Role of ${LONG_ADMIN}` }).selectOption('viewer');
    await notice(page, `${LONG_ADMIN} is now Viewer`);
    await expectCards(admins, 'admins, with the invitation');
    await expectActionsReachable(admins, 'admins, with the invitation');
    await expectNoSidewaysScroll(page, 'admins, with a long address');

    // A message point edited in its card: the form fits the card, Save is on the screen.
    await visit(page, server.url, ADMIN_SCREENS.messagePoints);
    const general = page.getByRole('table', { name: /^General Message Points/ });
    await general.getByRole('button', { name: 'Edit' }).first().click();
    const form = page.getByRole('form', { name: /^Edit message point: / });
    await expectNoSidewaysScroll(page, 'message point, edited in its card');
    const save = form.getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    const box = await save.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await save.click();
    await notice(page, 'Message point updated');
  });
});
