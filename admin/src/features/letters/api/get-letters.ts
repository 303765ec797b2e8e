import { adminListQuerySchema, type AdminLetter } from '@dais/api/contract';
import type { z } from 'zod';
import { apiPage, query } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** The query the API parses (page, pageSize, campaign_id); checked here with the same schema. */
export const getLettersInput = adminListQuerySchema;
export type GetLettersInput = { page: number; pageSize: number; campaign_id?: number };

/** GET /api/admin/letters?page=&pageSize=: newest first, with meta {page, pageSize, total, pageCount}. */
export function getLetters(input: GetLettersInput, signal: AbortSignal) {
  const search: z.input<typeof getLettersInput> = {
    page: String(input.page),
    pageSize: String(input.pageSize),
    campaign_id: input.campaign_id === undefined ? undefined : String(input.campaign_id),
  };
  getLettersInput.parse(search);
  return apiPage<AdminLetter>(`/api/admin/letters${query(search)}`, { signal });
}

export function useLetters(input: GetLettersInput) {
  const key = `letters-${input.page}-${input.pageSize}-${input.campaign_id ?? ''}`;
  return useQuery(key, (signal) => getLetters(input, signal), { logAs: 'Error fetching letters:' });
}
