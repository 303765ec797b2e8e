import { adminListQuerySchema, type AdminListMeta, type AdminSupporter } from '@dais/api/contract';
import type { z } from 'zod';
import { apiPage, query } from '../../../lib/api';
import type { ListView } from '../../../lib/list-address';
import { useQuery } from '../../../lib/use-query';

/** The query the API parses (page, pageSize, campaign_id, q, after/before); checked here with the same schema. */
export const getSupportersInput = adminListQuerySchema;

const param = (n: number | undefined) => (n === undefined ? undefined : String(n));

/**
 * GET /api/admin/supporters: signatures newest first (quarantined ones left out), or a search's
 * matches, with the figures of the list by the one rule (AdminListMeta). `after` (Next) and
 * `before` (Previous) make the server seek from that signature rather than count past every newer one.
 */
export function getSupporters(view: ListView, pageSize: number, signal: AbortSignal) {
  const search: z.input<typeof getSupportersInput> = {
    page: String(view.page),
    pageSize: String(pageSize),
    campaign_id: param(view.campaignId),
    q: view.q || undefined,
    after: param(view.after),
    before: param(view.before),
  };
  getSupportersInput.parse(search);
  return apiPage<AdminSupporter, AdminListMeta>(`/api/admin/supporters${query(search)}`, { signal });
}

export function useSupporters(view: ListView, pageSize: number) {
  const key = `supporters-${pageSize}-${view.page}-${view.campaignId ?? ''}-${view.q}-${view.after ?? ''}-${view.before ?? ''}`;
  return useQuery(key, (signal) => getSupporters(view, pageSize, signal), { logAs: 'Error fetching supporters:' });
}
