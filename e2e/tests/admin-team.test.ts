import { describe, expect, it } from 'vitest';
import { adminBrowser, identity, notice, signIn, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';

const chromium = useChromium();
const server = useAdminServer();
const OWNER = identity('team-owner', 'Ella Baker');
const VIEWER = identity('team-viewer', 'Fannie Lou Hamer');
const STRANGER = identity('team-stranger', 'John Lewis');
const openAsOwner = adminBrowser(server, chromium.openPage, OWNER);

const VIEWER_REFUSED = 'Your role is Viewer: you can look at everything but change nothing. Ask an owner to make you an editor.';

describe('organisers as a team', () => {
  it('lets the owner invite a viewer from Admins, who can then look but change nothing', async () => {
    // The first person to sign in on this fresh install is its owner.
    const { page } = await openAsOwner('/admin/admins');
    await page.getByRole('heading', { name: 'Admins', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Admins' });
    await table.getByRole('row').filter({ hasText: `${OWNER.email} (you)` }).waitFor();

    const invite = page.getByRole('form', { name: 'Invite an admin' });
    await invite.getByLabel('E-mail address').fill(VIEWER.email!.toUpperCase());
    await invite.getByLabel('Role').selectOption('viewer');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await notice(page, `Invited ${VIEWER.email} as Viewer: an e-mail is on its way`);
    const row = table.getByRole('row').filter({ hasText: VIEWER.email });
    await row.getByText('Invited', { exact: true }).waitFor();
    expect(await row.getByRole('combobox', { name: `Role of ${VIEWER.email}` }).inputValue()).toBe('viewer');

    // The viewer signs in with the invited address: the console opens, and every write is refused with a message.
    const viewer = (await chromium.openPage(`${server.url}/`)).page;
    await signIn(viewer, server, VIEWER);
    await viewer.getByRole('navigation', { name: 'Admin' }).waitFor();
    // The spec's toggle alert names no reason; the campaign editor's says the server's.
    await viewer.goto(`${server.url}/admin/campaigns/1`);
    const title = viewer.getByLabel('Title', { exact: true });
    await title.waitFor();
    const before = await title.inputValue();
    await title.fill(`${before} (changed by a viewer)`);
    await viewer.getByRole('button', { name: 'Save Changes' }).click();
    await notice(viewer, `Failed to update campaign: ${VIEWER_REFUSED}`, 'error');
    expect(server.db.campaign(1)!.title).toBe(before);
    await viewer.goto(`${server.url}/admin/admins`);
    await viewer.getByText('Only an owner can change who has access. You are viewer.').waitFor();
    expect(await viewer.getByRole('form', { name: 'Invite an admin' }).count()).toBe(0);

    // The owner sees that the invitation was taken up.
    await page.reload();
    await table.getByRole('row').filter({ hasText: VIEWER.email }).getByText('Signed in', { exact: true }).waitFor();
  });

  it('tells someone without access how access is given, and lets them log out to switch accounts', async () => {
    const { page } = await chromium.openPage(`${server.url}/`);
    await signIn(page, server, STRANGER);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText(`You are signed in as ${STRANGER.email}.`, { exact: false }).waitFor();
    await page.getByText('An owner of this Dais gives access by inviting an e-mail address under Admins', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Admin Login' }).waitFor();
  });
});
