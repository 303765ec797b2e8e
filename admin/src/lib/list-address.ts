/**
 * Where the Supporters and Letters lists keep what they show: the page, the row a Next or Previous
 * started from, the campaign and the search, all in the address, so a reload, a bookmark or Back
 * shows the same rows. Values are checked with the API's own rules; anything else is left out.
 */
import { pathId, SEARCH_MAX } from '@dais/api/contract';

export interface ListView {
  page: number;
  after?: number | undefined;
  before?: number | undefined;
  campaignId?: number | undefined;
  /** The search as typed (trimmed); '' for none. */
  q: string;
}

const id = (value: string | null) => {
  const parsed = pathId('id').safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export function listViewFrom(search: URLSearchParams): ListView {
  const pageParam = search.get('page') ?? '';
  const after = id(search.get('after'));
  return {
    page: /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 1,
    after,
    before: after === undefined ? id(search.get('before')) : undefined,
    campaignId: id(search.get('campaign')),
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** The list's address for a view: '/admin/letters?campaign=3&q=mary&page=2&after=41'. */
export function listHref(path: string, view: ListView): string {
  const search = new URLSearchParams();
  if (view.campaignId !== undefined) search.set('campaign', String(view.campaignId));
  if (view.q) search.set('q', view.q);
  if (view.page > 1) search.set('page', String(view.page));
  if (view.page > 1 && view.after !== undefined) search.set('after', String(view.after));
  if (view.page > 1 && view.before !== undefined) search.set('before', String(view.before));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The view for page `next` from the one shown: Next seeks after its last row, Previous before its
 * first; a jump (or the first page) goes by number. Campaign and search stay.
 */
export function pageView(view: ListView, next: number, shownIds: number[]): ListView {
  const base = { campaignId: view.campaignId, q: view.q };
  if (next <= 1) return { ...base, page: 1 };
  if (next === view.page + 1 && shownIds.length > 0) return { ...base, page: next, after: shownIds[shownIds.length - 1] };
  if (next === view.page - 1 && shownIds.length > 0) return { ...base, page: next, before: shownIds[0] };
  return { ...base, page: next };
}
