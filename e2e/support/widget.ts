import type { Locator, Page } from 'playwright-core';

/** The demo data's campaigns (api/src/db/demo-data.ts), in seeding order. */
export const DEMO = {
  park: { id: 1, title: 'Protect Riverside Park from Rezoning' },
  school: { id: 2, title: 'Safe Streets for Lincoln Elementary' },
  library: { id: 3, title: 'Keep the Eastside Library Open Evenings' },
  trees: { id: 4, title: 'Plant 500 Street Trees on Elm Avenue' },
  /** In Spanish: its widget, e-mails and letters. */
  palmas: { id: 5, title: 'Proteger el parque Las Palmas' },
} as const;

export interface Person {
  name: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

let people = 0;
/** A supporter with an e-mail no other test uses. */
export function newPerson(): Person {
  people += 1;
  return {
    name: 'Ada Lovelace',
    email: `ada.${process.pid}.${Date.now()}.${people}@example.org`,
    street: '12 Analytical Way',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  };
}

/** The widget for a campaign (or the only one) on a host page; locators pierce its open shadow root. */
export const widgetOf = (page: Page, campaignId?: number) =>
  page.locator(campaignId === undefined ? 'petition-widget' : `petition-widget[campaign-id="${campaignId}"]`);

/** Waits until the campaign has loaded (its title is a heading) and returns the scope. */
export async function waitForCampaign(scope: Locator, title: string): Promise<Locator> {
  await scope.getByRole('heading', { name: title }).waitFor();
  return scope;
}

/** The visible tab panel (hidden panels have no role), or the widget itself when there is no tab bar. */
export const activePanel = (scope: Locator) => scope.getByRole('tabpanel');

export async function openTab(scope: Locator, name: 'Sign Petition' | 'Write Letter' | 'Share'): Promise<Locator> {
  await scope.getByRole('tab', { name }).click();
  const panel = activePanel(scope);
  await panel.waitFor();
  return panel;
}

/** Name, e-mail and address, by their labels; the letter form's fields have the same labels. */
export async function fillPerson(form: Locator, p: Person) {
  await form.getByLabel('Full Name').fill(p.name);
  await form.getByLabel('Email Address').fill(p.email);
  await form.getByLabel('Street Address').fill(p.street);
  await form.getByLabel('City').fill(p.city);
  await form.getByLabel('State').fill(p.state);
  await form.getByLabel('ZIP Code').fill(p.zip);
}

/** The supporter count the progress bar shows ('37 supporters'). */
export async function shownSupporterCount(scope: Locator): Promise<number> {
  const text = await scope.getByText(/^[\d,]+ supporters?$/).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/**
 * Fills the Write Letter form (perspective, the first visible point) and generates the letter;
 * resolves when the review is shown.
 */
export async function generateLetter(scope: Locator, p: Person, perspective = 'Parent') {
  const panel = await openTab(scope, 'Write Letter');
  await fillPerson(panel, p);
  await panel.getByLabel('Your Perspective').selectOption({ label: perspective });
  await panel.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
  await panel.getByRole('button', { name: 'Generate Letter' }).click();
  await scope.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();
}

/** The letter as the review shows it: one block per line. */
export async function shownLetter(scope: Locator): Promise<string> {
  const lines = await scope.locator('[part="letter"] p').allTextContents();
  return lines.join('\n');
}
