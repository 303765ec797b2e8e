import { adminListQuerySchema, type AdminLetter } from '@dais/api/contract';
import type { z } from 'zod';
import { apiPage, query } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** The query the API parses (page, pageSize, campaign_id, after/before); checked here with the same schema. */
export const getLettersInput = adminListQuerySchema;
export type GetLettersInput = { page: number; pageSize: number; campaign_id?: number; after?: number; before?: number };

const param = (n: number | undefined) => (n === undefined ? undefined : String(n));

/**
 * GET /api/admin/letters?page=&pageSize=: newest first, with meta {page, pageSize, total, pageCount}.
 * With `after` (Next) or `before` (Previous) the server seeks from that letter instead of counting
 * past every newer one: as quick on page 4,000 as on page 2.
 */
export function getLetters(input: GetLettersInput, signal: AbortSignal) {
  const search: z.input<typeof getLettersInput> = {
    page: String(input.page),
    pageSize: String(input.pageSize),
    campaign_id: param(input.campaign_id),
    after: param(input.after),
    before: param(input.before),
  };
  getLettersInput.parse(search);
  return apiPage<AdminLetter>(`/api/admin/letters${query(search)}`, { signal });
}

export function useLetters(input: GetLettersInput) {
  const key = `letters-${input.page}-${input.pageSize}-${input.campaign_id ?? ''}-${input.after ?? ''}-${input.before ?? ''}`;
  return useQuery(key, (signal) => getLetters(input, signal), { logAs: 'Error fetching letters:' });
}
