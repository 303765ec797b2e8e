import type { FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
import { toPageMeta, type PageMeta } from '../contract';

interface Row {
  campaign_id: number;
  created_at: Date;
  id: number;
}

/**
 * One page of an admin list that grows without bound (letters, supporters), newest first and
 * optionally one campaign's. `total` comes from the campaigns' exact counters, so no COUNT(*) runs
 * over a million rows, and a page past the end is known to be empty without scanning to it.
 */
export async function newestFirstPage<T extends Row>(
  repo: Repository<T>,
  query: { page: number; pageSize: number; campaign_id?: number },
  total: number,
): Promise<{ rows: T[]; meta: PageMeta }> {
  const { page, pageSize, campaign_id } = query;
  const offset = (page - 1) * pageSize;
  const rows =
    offset < total
      ? await repo.find({
          where: (campaign_id === undefined ? {} : { campaign_id }) as FindOptionsWhere<T>,
          // The created_at indexes, or the per-campaign ones when filtered.
          order: { created_at: 'DESC', id: 'DESC' } as FindOptionsOrder<T>,
          skip: offset,
          take: pageSize,
        })
      : [];
  return { rows, meta: toPageMeta(page, pageSize, total) };
}
