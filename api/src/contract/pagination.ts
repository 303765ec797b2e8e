import { z } from 'zod';
import { urlInteger } from './fields';
import { LIMITS } from './limits';

const positiveInt = (label: string, max: number) =>
  urlInteger({
    digits: /^[1-9]\d{0,6}$/,
    notANumber: `${label} must be a positive whole number`,
    min: 1,
    max,
    tooLarge: `${label} must be at most ${max}`,
  });

/** ?page=&pageSize= on admin lists that grow without bound. */
export const pageQuerySchema = z.object({
  page: positiveInt('page', 1_000_000).default(1),
  pageSize: positiveInt('pageSize', LIMITS.page.sizeMax).default(LIMITS.page.sizeDefault),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}
