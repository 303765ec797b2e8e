import type { Page } from 'playwright-core';
import { DEMO } from './widget';

/**
 * Every screen of the admin console and the public pages beside it, each with what shows once it
 * has drawn its content. One list for the suites that visit them all (admin-accessibility,
 * admin-mobile), so a new screen is added once and checked by both.
 */
export interface Screen {
  /** How a failure names it. */
  name: string;
  path: string;
  /** Resolves once the screen shows what it is for (its list, its form). */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();
const table = (name: string) => (page: Page) => page.getByRole('table', { name }).waitFor();

/** The public pages, seen signed out (a signed-in admin is sent on from the landing page to /admin). */
export const PUBLIC_SCREENS = {
  landing: { name: 'landing page', path: '/', ready: (page) => page.getByRole('heading', { name: 'Active Campaigns' }).waitFor() },
  help: { name: 'help page', path: '/help', ready: heading('Help for supporters') },
  privacy: { name: 'privacy notice', path: '/privacy', ready: heading('Privacy notice') },
} satisfies Record<string, Screen>;

/** The console's screens, signed in as an owner, on the demo data. */
export const ADMIN_SCREENS = {
  dashboard: { name: 'dashboard', path: '/admin', ready: table('All Campaigns') },
  campaigns: { name: 'campaign list', path: '/admin/causes', ready: table('All Campaigns') },
  campaignEdit: { name: 'campaign edit', path: `/admin/campaigns/${DEMO.park.id}`, ready: (page) => page.getByRole('tabpanel', { name: 'Basic Info' }).waitFor() },
  newCampaign: { name: 'new campaign', path: '/admin/campaigns/new', ready: heading('New Campaign') },
  campaignNotFound: { name: 'campaign not found', path: '/admin/campaigns/999999', ready: heading('Campaign Not Found') },
  // The demo's earlier quarantine on "Safe Streets" is listed there.
  quarantine: { name: 'quarantine', path: `/admin/campaigns/${DEMO.school.id}/quarantines`, ready: table('Quarantines') },
  supporters: { name: 'supporters', path: '/admin/supporters', ready: table('Supporters') },
  letters: { name: 'letters', path: '/admin/letters', ready: table('Letters') },
  districts: { name: 'districts', path: '/admin/districts', ready: (page) => page.getByRole('form', { name: 'Upload a boundary set' }).waitFor() },
  messagePoints: { name: 'message points', path: '/admin/message-points', ready: (page) => page.getByRole('heading', { name: /^General Message Points/ }).waitFor() },
  auditLog: { name: 'audit log', path: '/admin/audit-log', ready: table('Audit Log') },
  admins: { name: 'admins', path: '/admin/admins', ready: table('Admins') },
  settings: { name: 'settings', path: '/admin/settings', ready: (page) => page.getByRole('button', { name: 'Save Title' }).waitFor() },
  erasure: { name: 'erasure', path: '/admin/erasure', ready: heading('Erase a Supporter') },
} satisfies Record<string, Screen>;

/** The campaign form's tabs, in order. */
export const CAMPAIGN_TABS = ['Basic Info', 'Appearance', 'Settings', 'Public Comment', 'Delivery'] as const;

/** Opens the screen on `baseUrl` (the file's Dais server) and waits until it is ready. */
export async function visit(page: Page, baseUrl: string, screen: Screen): Promise<void> {
  await page.goto(`${baseUrl}${screen.path}`);
  await screen.ready(page);
}

/** Selects a tab of the campaign form and waits for its panel. */
export async function openCampaignTab(page: Page, tab: (typeof CAMPAIGN_TABS)[number]): Promise<void> {
  await page.getByRole('tablist', { name: 'Campaign settings' }).getByRole('tab', { name: tab }).click();
  await page.getByRole('tabpanel', { name: tab }).waitFor();
}
