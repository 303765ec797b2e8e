import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyCampaignForm } from '../utils/campaign-form-values';
import { publicCommentGaps } from '../utils/public-comment-gaps';
import { PublicCommentPanel } from './public-comment-panel';

const form = (over: Partial<ReturnType<typeof emptyCampaignForm>> = {}) => ({ ...emptyCampaignForm(), title: 'Save the Riverside Park', ...over });
const panel = (values: ReturnType<typeof form>) =>
  renderToStaticMarkup(createElement(PublicCommentPanel, { values, errors: {}, onChange: () => {} }));
/** The text a person reads (and a screen reader speaks), tags and entities gone. */
const text = (html: string) =>
  html.replace(/<\/?(p|li|ul|div|label|input)\b[^>]*>/g, ' ').replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

describe('the Public Comment tab', () => {
  it('lists every unset field with what letters do without it', () => {
    const html = panel(form());
    // A note named by its own first line, inside a polite live region.
    expect(html).toMatch(/<div aria-live="polite"><div class="public-comment-gaps" role="note" aria-labelledby="([^"]+)"><p id="\1"/);
    const said = text(html);
    expect(said).toContain('5 fields are not set. Letters state only what is set here, so without them:');
    expect(said).toContain('Decision body: Letters are addressed to the City Council ("Dear Members of the City Council").');
    expect(said).toContain('Jurisdiction: The address names the decision body alone, with no city, county or district.');
    expect(said).toContain('Meeting date: Letters name no meeting date.');
    expect(said).toContain('Agenda item number: Letters name no agenda item');
    expect(said).toContain(`Project name: Letters are headed with the campaign's title ("Re: Save the Riverside Park").`);
  });

  it("names only the fields still unset, counts a placeholder agenda item as unset, and says nothing once all are set", () => {
    const some = text(panel(form({ decision_body: 'Planning Commission', meeting_date: '2027-01-14', agenda_item_number: 'TBD' })));
    expect(some).toContain('3 fields are not set.');
    expect(some).toContain('Agenda item number ("TBD" counts as not set): Letters name no agenda item');
    expect(some).not.toMatch(/Decision body:|Meeting date:/);

    const all = form({ decision_body: 'Planning Commission', jurisdiction: 'City of Springfield', meeting_date: '2027-01-14', agenda_item_number: '7B', project_name: 'RZ-2026-014' });
    expect(publicCommentGaps(all)).toEqual([]);
    expect(panel(all)).not.toContain('role="note"');
    expect(text(panel(form({ ...all, jurisdiction: '  ' })))).toContain('One field is not set. Letters state only what is set here, so without it:');
  });
});
