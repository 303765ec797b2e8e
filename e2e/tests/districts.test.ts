/**
 * Issue 25, point 5 in the browser: on a campaign with a boundary set, both forms ask 'Which
 * district do you live in?' after the address, optional and on 'Not sure'. A supporter on a phone
 * picks Ward 2 and signs; with GEOCODER off (the server's default) their signature is stored in
 * Ward 2 as they said, a resident. The choice carries into their letter, stored the same way; a
 * signer who leaves 'Not sure' is stored as unknown.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TWO_WARDS } from '../../api/test/boundaries';
import { adminBrowser, identity, useAdminServer } from '../support/admin';
import { useChromium, VIEWPORTS } from '../support/browser';
import { activePanel, fillPerson, newPerson, shownLetter, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const server = useAdminServer();
const openAsAdmin = adminBrowser(server, chromium.openPage, identity('districts-admin', 'Fannie Lou Hamer'));

const TITLE = 'Districts: Riverside Park';
const QUESTION = 'Which district do you live in?';

/** A call to the API as the signed-in admin's page makes it (same origin, session cookie). */
async function adminApi<T>(page: Page, url: string, body: unknown) {
  return page.evaluate(
    async ([u, b]) => {
      const res = await fetch(u, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b), credentials: 'same-origin' });
      return { status: res.status, body: (await res.json()) as { data?: T; error?: string } };
    },
    [url, body] as const,
  ) as Promise<{ status: number; body: { data?: T; error?: string } }>;
}

describe('a campaign with a boundary set', () => {
  it("asks the signer's district, stores it as self-reported, and carries it into their letter", async () => {
    const { page: admin } = await openAsAdmin('/admin');
    const set = await adminApi<{ id: number; districts: { id: number; name: string }[] }>(admin, '/api/admin/boundary-sets', { name: 'Springfield wards', geojson: TWO_WARDS });
    expect(set.status, set.body.error).toBe(201);
    const ward2 = set.body.data!.districts.find((d) => d.name === 'Ward 2')!;
    const created = await adminApi<{ id: number }>(admin, '/api/admin/campaigns', {
      title: TITLE,
      description: 'Keep the riverside park public.',
      decision_body: 'Springfield City Council',
      require_confirmation: false,
      boundary_set_id: set.body.data!.id,
    });
    expect(created.status, created.body.error).toBe(201);
    const id = created.body.data!.id;

    // On a phone: a native select, as wide as the form, that the phone's own picker opens.
    const { page } = await chromium.openPage(`${server.url}/widget/${id}`, 'phone');
    const widget = await waitForCampaign(widgetOf(page), TITLE);
    const sign = activePanel(widget);
    const district = sign.getByLabel(QUESTION);
    expect(await district.locator('option').allTextContents()).toEqual(['Not sure', 'Ward 1', 'Ward 2']);
    expect(await district.inputValue()).toBe('');
    const box = (await district.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(box.height).toBeGreaterThanOrEqual(44);

    const signer = newPerson();
    await fillPerson(sign, signer);
    await district.selectOption({ label: 'Ward 2' });
    await sign.getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    const placed = { district_id: ward2.id, district_name: 'Ward 2', district_source: 'self_reported', residency: 'resident' };
    expect(server.db.supporters(signer.email)).toEqual([expect.objectContaining(placed)]);

    // The letter starts on the district they signed with, and sends it with the letter.
    await widget.getByRole('button', { name: /^Write to / }).click();
    const letterForm = activePanel(widget);
    expect(await letterForm.getByLabel(QUESTION).inputValue()).toBe(String(ward2.id));
    await letterForm.getByLabel('Your Perspective').selectOption({ label: 'Homeowner' });
    await letterForm.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await letterForm.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();
    const letter = await shownLetter(widget);
    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    expect(server.db.letters(signer.email)).toEqual([expect.objectContaining({ ...placed, letter_content: letter })]);

    // Nobody has to choose: a signer who leaves 'Not sure' signs, and where they live is unknown.
    const fresh = activePanel(await waitForCampaign(widgetOf((await chromium.openPage(`${server.url}/widget/${id}`)).page), TITLE));
    const unsure = newPerson();
    await fillPerson(fresh, unsure);
    await fresh.getByRole('button', { name: 'Sign Petition' }).click();
    await fresh.getByRole('heading', { name: 'Thank You!' }).waitFor();
    expect(server.db.supporters(unsure.email)).toEqual([expect.objectContaining({ district_id: null, district_name: null, district_source: null, residency: 'unknown' })]);
  });
});
