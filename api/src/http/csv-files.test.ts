import { expect, it } from 'vitest';
import { addLetters, addSupporters } from '../../test/admin-fixtures';
import { liveCells, readAsSpreadsheet } from '../../test/csv';
import { describeEachDatabase } from '../../test/harness';

/** What a supporter may type into any field: formulas behind a separator, and after a line break. */
const HOSTILE = {
  name: 'Anna;=HYPERLINK("http://evil.example","click")',
  street: '1 Main St,+1+1',
  city: 'Springfield\t@SUM(A1)',
  text: 'Dear Council,\n=1+1\r\n-2+3;@cmd\n\nSincerely,\nAnna; -1+1',
};

describeEachDatabase('every CSV Dais writes', (t) => {
  it('holds no cell a spreadsheet would run, split on commas, semicolons or tabs: both exports and the packet report', async () => {
    const campaign = await t.campaign({ title: 'Formulas;=1+1 everywhere', agenda_item_number: '7;=1' });
    await addSupporters(t, campaign, 1, () => ({ name: HOSTILE.name, street_address: HOSTILE.street, city: HOSTILE.city, comment: HOSTILE.text, phone_number: '217;+555' }));
    await addLetters(t, campaign, 1, () => ({ supporter_name: HOSTILE.name, street_address: HOSTILE.street, city: HOSTILE.city, letter_content: HOSTILE.text }));
    const admin = await t.adminCookie();
    for (const path of ['/api/admin/supporters.csv', '/api/admin/letters.csv', `/api/admin/campaigns/${campaign.id}/packet.csv`]) {
      const res = await fetch(`${t.url}${path}?campaign_id=${campaign.id}`, { headers: { cookie: admin } });
      expect(res.status, path).toBe(200);
      const text = await res.text();
      // The hostile values did reach the file (as text).
      expect(text, path).toContain('HYPERLINK');
      expect(text, path).toContain('SUM(A1)');
      for (const delimiter of [',', ';', '\t'] as const) {
        expect(liveCells(readAsSpreadsheet(text, delimiter)), `${path} split on ${JSON.stringify(delimiter)}`).toEqual([]);
      }
    }
  });
});
