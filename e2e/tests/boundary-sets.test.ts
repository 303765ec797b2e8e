/**
 * Issue 25 in the console: an organiser uploads a boundary set as a .geojson file through the file
 * input and sees its districts with their representatives; a file with a problem is refused with
 * the problem named and nothing stored, and a file that is not JSON is said so before anything is
 * sent; the set is picked for a campaign, whose signatures are then listed and counted by district
 * and residency (non-residents labelled, not left out); a set in use is not deleted; a viewer sees
 * the sets but no upload or delete. The tests run in order and share the set.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminBrowser, identity, notice, signIn, unexpectedConsoleErrors, useAdminServer } from '../support/admin';
import { expectNoAxeViolations } from '../support/axe';
import { useChromium } from '../support/browser';

const chromium = useChromium();
const server = useAdminServer();
const OWNER = identity('districts-owner', 'Ida B. Wells');
const VIEWER = identity('districts-viewer', 'Bayard Rustin');
const openAsOwner = adminBrowser(server, chromium.openPage, OWNER);

const FILES = join(import.meta.dirname, '..', 'fixtures', 'boundaries');
const SET = 'Springfield Wards';
const CAMPAIGN = 'Districts: Fix the Ward 1 Crosswalks';

let setId = 0;

/** Each body row's cells, as a person reads them. */
async function cellsOf(table: Locator): Promise<string[][]> {
  await table.getByRole('row').nth(1).waitFor();
  const rows = await table.getByRole('row').all();
  return Promise.all(rows.slice(1).map((row) => row.getByRole('cell').allInnerTexts()));
}

/** What a cell shows, without the words only a screen reader gets (a dash's 'None'). */
const shown = (cell: Locator) =>
  cell.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
    return (copy.textContent ?? '').trim();
  });

const uploadForm = (page: Page) => page.getByRole('form', { name: 'Upload a boundary set' });

/** POSTs of boundary sets the page sends from now on. */
function uploadsFrom(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/boundary-sets') sent.push(r.url());
  });
  return sent;
}

describe('boundary sets in the console', () => {
  it('upload a .geojson file through the file input, then list its districts and their representatives', async () => {
    const opened = await openAsOwner('/admin');
    const { page } = opened;
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Districts' }).click();
    await page.getByRole('heading', { name: 'Districts', level: 1 }).waitFor();
    // The help says which properties are read and how to turn a shapefile into GeoJSON in WGS84.
    await page.getByText('ogr2ogr -f GeoJSON -t_srs EPSG:4326 districts.geojson districts.shp', { exact: true }).waitFor();
    await page.getByText('representative_email', { exact: true }).waitFor();

    const form = uploadForm(page);
    await form.getByLabel('GeoJSON file').setInputFiles(join(FILES, 'springfield-wards.geojson'));
    // The name starts from the file's.
    await expect.poll(() => form.getByLabel('Name', { exact: true }).inputValue()).toBe('springfield wards');
    await form.getByLabel('Name', { exact: true }).fill(SET);
    await form.getByRole('button', { name: 'Upload' }).click();
    await notice(page, `Uploaded “${SET}”: 2 districts`);

    await page.getByRole('heading', { name: SET, level: 1 }).waitFor();
    setId = Number(/\/admin\/districts\/(\d+)$/.exec(page.url())?.[1]);
    expect(setId).toBeGreaterThan(0);
    expect(await cellsOf(page.getByRole('table', { name: 'Districts' }))).toEqual([
      ['Ward 1', 'Councillor Ana Ruiz', 'ana.ruiz@springfield.example'],
      ['Ward 2', 'Alderperson Ben Okafor', 'ben.okafor@springfield.example'],
    ]);
    await page.getByRole('heading', { name: 'Used by no campaign' }).waitFor();
    await expectNoAxeViolations(page, 'a boundary set');

    // Listed under Districts.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Districts' }).click();
    const list = page.getByRole('table', { name: 'Boundary Sets' });
    const row = (await cellsOf(list)).find((cells) => cells[0] === SET);
    expect(row?.slice(0, 3)).toEqual([SET, '2', 'No campaign']);
    expect(unexpectedConsoleErrors(opened)).toEqual([]);
  });

  it('refuse a file with a problem, naming it, and store nothing; a file that is not JSON is said before sending', async () => {
    const { page } = await openAsOwner('/admin/districts');
    const sent = uploadsFrom(page);
    const stored = () => server.db.sql('SELECT (SELECT COUNT(*) FROM boundary_sets) AS sets, (SELECT COUNT(*) FROM districts) AS districts');
    const before = stored();
    const form = uploadForm(page);
    const file = form.getByLabel('GeoJSON file');

    await file.setInputFiles({ name: 'wards.geojson', mimeType: 'application/geo+json', buffer: Buffer.from('{"type": "FeatureCollection", "features": [') });
    await form.getByRole('alert').getByText(/^This file is not JSON, so it cannot be GeoJSON \(.+\): export the boundaries again as GeoJSON$/).waitFor();
    await form.getByRole('button', { name: 'Upload' }).click();
    expect(await file.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await file.setInputFiles(join(FILES, 'wards-without-a-name.geojson'));
    await form.getByLabel('Name', { exact: true }).fill('Wards, unnamed');
    await expect.poll(() => form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: 'Upload' }).click();
    const problems = form.getByRole('alert');
    await problems.getByText('wards-without-a-name.geojson was not stored. Fix this problem and upload it again:', { exact: true }).waitFor();
    expect(await problems.getByRole('listitem').allInnerTexts()).toEqual(['Feature 2 has no name: give every feature a properties.name']);
    expect(sent).toHaveLength(1);
    expect(stored()).toEqual(before);
    await expectNoAxeViolations(page, 'districts, a file refused');
    // On a phone: the list's rows as cards, the help's commands wrapped.
    const phone = await openAsOwner('/admin/districts', { width: 360, height: 740 });
    await phone.page.getByRole('table', { name: 'Boundary Sets' }).waitFor();
    await expectNoAxeViolations(phone.page, 'districts at 360 px');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("is picked for a campaign, whose signatures are listed and counted by district, non-residents labelled; it is not deleted while in use", async () => {
    const id = server.db.insertCampaign({ title: CAMPAIGN });
    const opened = await openAsOwner(`/admin/campaigns/${id}`);
    const { page } = opened;
    const basic = page.getByRole('tabpanel', { name: 'Basic Info' });
    const select = basic.getByLabel('Boundary set');
    expect(await select.inputValue()).toBe('');
    await basic.getByText(/^Signatures and letters are placed in its districts/).waitFor();
    await select.selectOption({ label: `${SET} (2 districts)` });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Campaign updated successfully');
    expect(server.db.campaignByTitle(CAMPAIGN)!.boundary_set_id).toBe(setId);

    // Signatures placed as the sign route and the geocoder place them: by address, by the signer's
    // choice, outside every ward, and not sure.
    const wards = server.db.sql('SELECT id, name FROM districts WHERE boundary_set_id = ? ORDER BY position', setId) as { id: number; name: string }[];
    const [ward1] = wards;
    insertPlaced(id, [
      { name: 'Placed By Address', district: ward1!, residency: 'resident', source: 'geocoded' },
      { name: 'Chose Ward One', district: ward1!, residency: 'resident', source: 'self_reported' },
      { name: 'Lives Elsewhere', district: null, residency: 'non_resident', source: null },
      { name: 'Not Sure Where', district: null, residency: 'unknown', source: null },
    ]);

    await page.reload();
    const counts = page.getByRole('region', { name: 'Where supporters live' });
    expect(await cellsOf(counts.getByRole('table', { name: 'By residency' }))).toEqual([
      ['Signatures', '2', '1', '1', '0', '4'],
      ['Letters', '0', '0', '0', '0', '0'],
    ]);
    expect(await cellsOf(counts.getByRole('table', { name: 'By district' }))).toEqual([
      ['Ward 1', '2', '0'],
      ['Ward 2', '0', '0'],
    ]);
    expect(await select.inputValue()).toBe(String(setId));
    await expectNoAxeViolations(page, 'a campaign counted by district');

    // The Supporters list says each one's district and residency; nobody is left out.
    await page.goto(`${server.url}/admin/supporters?campaign=${id}`);
    const supporters = page.getByRole('table', { name: 'Supporters' });
    await supporters.getByRole('row').filter({ hasText: 'Placed By Address' }).waitFor();
    // Column headers are upper case on screen; their text is as written.
    const header = await supporters.getByRole('columnheader').allTextContents();
    const [district, residency] = [header.indexOf('District'), header.indexOf('Residency')];
    expect(district, header.join(', ')).toBeGreaterThan(0);
    const placed: Record<string, [string, string]> = {};
    for (const name of ['Placed By Address', 'Chose Ward One', 'Lives Elsewhere', 'Not Sure Where']) {
      const cells = supporters.getByRole('row').filter({ hasText: name }).getByRole('cell');
      placed[name] = [await shown(cells.nth(district)), await shown(cells.nth(residency))];
    }
    expect(placed).toEqual({
      'Placed By Address': ['Ward 1', 'Resident'],
      'Chose Ward One': ['Ward 1 (self-reported)', 'Resident'],
      'Lives Elsewhere': ['—', 'Non-resident'],
      'Not Sure Where': ['—', 'Unknown'],
    });

    // The campaign table's residents.
    await page.goto(`${server.url}/admin/causes`);
    const campaignRow = page.getByRole('row').filter({ has: page.getByText(CAMPAIGN, { exact: true }) });
    await campaignRow.locator('.resident-counts').waitFor();
    expect(await campaignRow.locator('.resident-counts dd').allInnerTexts()).toEqual(['2 of 4', '0 of 0']);

    // In use: Delete is refused with the campaign named, and the set stays.
    await page.goto(`${server.url}/admin/districts/${setId}`);
    const users = page.getByRole('region', { name: 'Used by 1 campaign' });
    await users.getByRole('link', { name: CAMPAIGN }).waitFor();
    await page.getByRole('button', { name: 'Delete Boundary Set' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this boundary set?' }).getByRole('button', { name: 'Delete' }).click();
    await notice(page, /^Failed to delete the boundary set: Boundary set "Springfield Wards" is used by campaign "Districts: Fix the Ward 1 Crosswalks"/, 'error');
    expect(server.db.sql('SELECT name FROM boundary_sets WHERE id = ?', setId)).toEqual([{ name: SET }]);
  });

  it('shows a viewer the sets and their districts, with nothing to upload or delete', async () => {
    const { page } = await openAsOwner('/admin/admins');
    const invite = page.getByRole('form', { name: 'Invite an admin' });
    await invite.getByLabel('E-mail address').fill(VIEWER.email!);
    await invite.getByLabel('Role').selectOption('viewer');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await notice(page, `Invited ${VIEWER.email} as Viewer: an e-mail is on its way`);

    const viewer = (await chromium.openPage(`${server.url}/`)).page;
    await signIn(viewer, server, VIEWER);
    await viewer.getByRole('navigation', { name: 'Admin' }).waitFor();
    await viewer.goto(`${server.url}/admin/districts`);
    await viewer.getByText(/^Your role is Viewer: you can look at the boundary sets/).waitFor();
    await viewer.getByRole('table', { name: 'Boundary Sets' }).getByRole('link', { name: SET }).click();
    await viewer.getByRole('heading', { name: SET, level: 1 }).waitFor();
    await viewer.getByRole('table', { name: 'Districts' }).getByRole('cell', { name: 'Ward 2', exact: true }).waitFor();
    await viewer.getByText(/^Your role is Viewer/).waitFor();
    expect(await viewer.getByRole('button', { name: 'Delete Boundary Set' }).count()).toBe(0);
    await viewer.goto(`${server.url}/admin/districts`);
    await viewer.getByRole('table', { name: 'Boundary Sets' }).waitFor();
    expect(await uploadForm(viewer).count()).toBe(0);
  });
});

interface Placed {
  name: string;
  district: { id: number; name: string } | null;
  residency: 'resident' | 'non_resident' | 'unknown' | 'pending';
  source: 'geocoded' | 'self_reported' | null;
}

/**
 * Confirmed signatures with their place, one minute apart (the first the oldest), as the sign route
 * and the geocoder store them; the tallies' triggers count them by district and residency, and
 * the campaign's counter goes up with them, as signing moves it.
 */
function insertPlaced(campaignId: number, rows: Placed[]) {
  const start = Date.now() - 60 * 60_000;
  rows.forEach((r, i) => {
    const email = `${r.name.toLowerCase().replace(/\s+/g, '.')}@example.org`;
    const at = new Date(start + i * 60_000).toISOString().replace('T', ' ').replace('Z', '');
    server.db.sql(
      'INSERT INTO supporters (campaign_id, name, email, email_key, street_address, city, state, zip_code, network, email_domain, ' +
        "district_id, district_name, residency, district_source, created_at, updated_at) VALUES (?, ?, ?, ?, '1 Elm St', 'Springfield', 'IL', '62704', " +
        "'203.0.113.0/24', 'example.org', ?, ?, ?, ?, ?, ?)",
      campaignId,
      r.name,
      email,
      email,
      r.district?.id ?? null,
      r.district?.name ?? null,
      r.residency,
      r.source,
      at,
      at,
    );
  });
  server.db.sql('UPDATE campaigns SET supporter_count = supporter_count + ? WHERE id = ?', rows.length, campaignId);
}
