import { describe, it } from 'vitest';
import { adminBrowser, identity, useAdminServer } from '../support/admin';
import { useChromium } from '../support/browser';
import { widgetOf } from '../support/widget';

const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('preview-owner', 'Dorothy Height'));

describe("previewing a campaign's widget", () => {
  it('shows an admin a switched-off campaign, saying so, and shows the public nothing', async () => {
    const id = server.db.insertCampaign({ title: 'Not Live Yet: Light the Riverside Path', is_active: false });
    const { page } = await openAsAdmin('/admin/causes');
    const row = page.getByRole('row').filter({ has: page.getByText('Not Live Yet: Light the Riverside Path', { exact: true }) });
    const link = row.getByRole('link', { name: /^Preview/ });
    const [preview] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    const widget = widgetOf(preview);
    await widget.getByRole('heading', { name: 'Not Live Yet: Light the Riverside Path' }).waitFor();
    await widget.getByRole('note').getByText(/^Preview: this campaign is switched off/).waitFor();

    const visitor = (await chromium.openPage(`${server.url}/widget/${id}?preview`)).page;
    await widgetOf(visitor).getByRole('heading', { name: 'Campaign Not Found' }).waitFor();
  });
});
