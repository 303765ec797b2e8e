import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { png } from '../../api/test/test-images';
import { adminBrowser, identity, notice, signIn, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { DEMO, generateLetter, newPerson, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Every global setting changed in the console and seen to take effect where it acts: the widget
 * (progress bar, default logo, the success screen after a letter) and sign-in (Allow First User
 * as Admin). The tests run in order; the last one takes the admin's rights away.
 */
const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('settings-admin', 'Diane Nash'));

const TITLE = 'Thank you, neighbour!';
const DESCRIPTION = 'The Planning Commission will receive your letter with the meeting packet on January 14.';

/** The park campaign (no logo of its own) in the widget page. */
async function parkWidget(): Promise<Locator> {
  const { page } = await chromium.openPage(`${server.url}/widget/${DEMO.park.id}`);
  return waitForCampaign(widgetOf(page), DEMO.park.title);
}
const imageWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1));

describe('settings', () => {
  it('saves the success title and description separately; a submitted letter then shows them', async () => {
    const opened = await openAsAdmin('/admin/settings');
    const { page } = opened;
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const success = page.getByRole('region', { name: 'Letter Success Messages' });
    expect(await success.getByLabel('Success title').inputValue()).toBe('Letter Submitted Successfully!');

    const descriptionBefore = server.db.setting('letter_success_description');
    await success.getByLabel('Success title').fill(TITLE);
    // Typed but not yet saved: Save Title must not take it along.
    await success.getByLabel('Success description').fill(DESCRIPTION);
    await success.getByRole('button', { name: 'Save Title' }).click();
    await notice(page, 'Setting updated successfully');
    expect(server.db.setting('letter_success_message')).toBe(TITLE);
    // Saved separately: the description is untouched until its own button.
    expect(server.db.setting('letter_success_description')).toBe(descriptionBefore);

    await success.getByRole('button', { name: 'Save Description' }).click();
    await notice(page, 'Setting updated successfully');
    expect(server.db.setting('letter_success_description')).toBe(DESCRIPTION);

    // An empty title is refused in the form, before any request.
    await success.getByLabel('Success title').fill('   ');
    await success.getByRole('button', { name: 'Save Title' }).click();
    expect(await success.getByLabel('Success title').getAttribute('aria-invalid')).toBe('true');
    expect(server.db.setting('letter_success_message')).toBe(TITLE);

    const widget = await parkWidget();
    await generateLetter(widget, newPerson());
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: TITLE }).waitFor();
    await widget.getByText(DESCRIPTION, { exact: true }).waitFor();
    expect(await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).count()).toBe(0);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('hides and shows the progress bar in every widget', async () => {
    const { page } = await openAsAdmin('/admin/settings');
    const section = page.getByRole('region', { name: 'Widget Settings' });
    expect(await (await parkWidget()).getByText(/% of goal reached$/).count()).toBe(1);

    await section.getByRole('button', { name: 'Hide Progress Bar' }).click();
    await notice(page, 'Setting updated successfully');
    await section.getByText('The progress bar is hidden in every widget.').waitFor();
    expect(server.db.setting('widget_show_progress')).toBe('false');
    const hidden = await parkWidget();
    await hidden.getByRole('tab', { name: 'Sign Petition' }).waitFor();
    expect(await hidden.getByText(/% of goal reached$/).count()).toBe(0);
    expect(await hidden.getByText(/^[\d,]+ supporters?$/).count()).toBe(0);

    await section.getByRole('button', { name: 'Show Progress Bar' }).click();
    await notice(page, 'Setting updated successfully');
    await section.getByRole('button', { name: 'Hide Progress Bar' }).waitFor();
    expect(server.db.setting('widget_show_progress')).toBe('true');
    await (await parkWidget()).getByText(/% of goal reached$/).waitFor();
  });

  it('uploads the default widget logo, shown by widgets without their own, and removes it', async () => {
    const { page } = await openAsAdmin('/admin/settings');
    const section = page.getByRole('region', { name: 'Widget Settings' });
    await section.getByText('No logo', { exact: true }).waitFor();

    await section.getByLabel('Upload widget logo').setInputFiles({ name: 'widget-logo.png', mimeType: 'image/png', buffer: png() });
    await notice(page, 'Logo uploaded successfully');
    await expect.poll(() => imageWidth(section.getByRole('img', { name: 'Current widget logo' }))).toBe(1);
    const stored = server.db.setting('widget_logo_url');
    expect(stored).toMatch(/\.png$/);

    const withLogo = await parkWidget();
    const logo = withLogo.locator('[part="logo"]');
    await expect.poll(() => imageWidth(logo)).toBe(1);
    expect(new URL((await logo.getAttribute('src'))!, server.url).pathname).toBe(new URL(stored!, server.url).pathname);

    await section.getByRole('button', { name: 'Remove widget logo' }).click();
    await notice(page, 'Logo removed successfully');
    await section.getByText('No logo', { exact: true }).waitFor();
    expect(server.db.setting('widget_logo_url')).toBe('');
    const without = await parkWidget();
    await without.getByRole('tab', { name: 'Sign Petition' }).waitFor();
    expect(await without.locator('[part="logo"]').count()).toBe(0);
  });

  it("with 'Allow First User as Admin' disabled, the first person to sign in to an install without admins is refused", async () => {
    const { page } = await openAsAdmin('/admin/settings');
    const security = page.getByRole('region', { name: 'Security Settings' });
    const choice = security.getByLabel('Allow First User as Admin');
    expect(await choice.inputValue()).toBe('true');
    expect(await choice.locator('option').allTextContents()).toEqual(['Allow', 'Disable']);
    await choice.selectOption({ label: 'Disable' });
    await security.getByRole('button', { name: 'Save Security Setting' }).click();
    await notice(page, 'Setting updated successfully');
    expect(server.db.setting('allow_first_user_admin')).toBe('false');
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'Security Settings' }).getByLabel('Allow First User as Admin').inputValue()).toBe('false');

    // As on a fresh install: nobody is an admin yet. The next person to sign in stays a visitor.
    server.db.removeAllAdmins();
    const newcomer = (await chromium.openPage(`${server.url}/`)).page;
    await signIn(newcomer, server, identity('first-newcomer', 'James Farmer'));
    await newcomer.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(server.db.admins()).toEqual([]);
  });
});
