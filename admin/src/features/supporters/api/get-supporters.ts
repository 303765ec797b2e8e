import { adminListQuerySchema, type AdminSupporter } from '@dais/api/contract';
import type { z } from 'zod';
import { apiPage, query } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** The query the API parses (page, pageSize, campaign_id, after/before); checked here with the same schema. */
export const getSupportersInput = adminListQuerySchema;
export type GetSupportersInput = { page: number; pageSize: number; after?: number; before?: number };

const param = (n: number | undefined) => (n === undefined ? undefined : String(n));

/**
 * GET /api/admin/supporters?page=&pageSize=: signatures newest first (quarantined ones left out),
 * with meta {page, pageSize, total, pageCount}. `after` (Next) and `before` (Previous) make the
 * server seek from that signature rather than count past every newer one.
 */
export function getSupporters(input: GetSupportersInput, signal: AbortSignal) {
  const search: z.input<typeof getSupportersInput> = {
    page: String(input.page),
    pageSize: String(input.pageSize),
    after: param(input.after),
    before: param(input.before),
  };
  getSupportersInput.parse(search);
  return apiPage<AdminSupporter>(`/api/admin/supporters${query(search)}`, { signal });
}

export function useSupporters(input: GetSupportersInput) {
  const key = `supporters-${input.page}-${input.pageSize}-${input.after ?? ''}-${input.before ?? ''}`;
  return useQuery(key, (signal) => getSupporters(input, signal), { logAs: 'Error fetching supporters:' });
}
