import { describe, expect, it } from 'vitest';
import { listHref, listViewFrom, pageView } from './list-address';

describe("the Supporters and Letters lists' address", () => {
  it('reads the page, the cursor, the campaign and the search, leaving out what the API would refuse', () => {
    expect(listViewFrom(new URLSearchParams('campaign=3&q=%20Mary%20Ev%20&page=2&after=41'))).toEqual({ page: 2, after: 41, before: undefined, campaignId: 3, q: 'Mary Ev' });
    expect(listViewFrom(new URLSearchParams('campaign=x&page=0&before=-1&after=1e3'))).toEqual({ page: 1, after: undefined, before: undefined, campaignId: undefined, q: '' });
    expect(listViewFrom(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(254);
  });

  it('writes a view back, and moves by Next and Previous from the rows shown, keeping campaign and search', () => {
    const view = { page: 2, after: 41, campaignId: 3, q: 'mary' };
    expect(listHref('/admin/letters', view)).toBe('/admin/letters?campaign=3&q=mary&page=2&after=41');
    expect(listHref('/admin/letters', { page: 1, q: '' })).toBe('/admin/letters');
    expect(pageView(view, 3, [50, 49, 48])).toEqual({ campaignId: 3, q: 'mary', page: 3, after: 48 });
    expect(pageView(view, 1, [50, 49, 48])).toEqual({ campaignId: 3, q: 'mary', page: 1 });
    expect(pageView({ ...view, page: 3 }, 2, [50, 49])).toEqual({ campaignId: 3, q: 'mary', page: 2, before: 50 });
    expect(pageView(view, 7, [])).toEqual({ campaignId: 3, q: 'mary', page: 7 });
  });
});
