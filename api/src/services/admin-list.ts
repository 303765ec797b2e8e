import type { ObjectLiteral, Repository } from 'typeorm';
import { toPageMeta, type AdminListMeta, type AdminListQuery } from '../contract';
import type { Database } from '../db/data-source';
import { counterTotals, uncountedTotals } from './campaign-summary';
import { matchingPage, searchKeys } from './matching-page';
import { newestFirstPage } from './newest-first-page';

interface Row extends ObjectLiteral {
  campaign_id: number;
  created_at: Date;
  id: number;
}

/**
 * A page of the admin supporters or letters list, and its meta: the list's figures by the one rule
 * (the counters' confirmed rows, the pending and withdrawn ones apart), then either the newest rows
 * (newest-first-page.ts) or a search's matches (matching-page.ts). An unknown campaign is a 404.
 */
export async function adminListPage<T extends Row>(
  db: Database,
  kind: 'supporters' | 'letters',
  repo: Repository<T>,
  query: AdminListQuery,
): Promise<{ rows: T[]; meta: AdminListMeta }> {
  const [totals, uncounted] = await Promise.all([counterTotals(db, query.campaign_id), uncountedTotals(db, query.campaign_id)]);
  const figures =
    kind === 'supporters'
      ? { counted: totals.supporters, pending: uncounted.pendingSupporters, withdrawn: 0 }
      : { counted: totals.letters, pending: uncounted.pendingLetters, withdrawn: uncounted.withdrawnLetters };
  const { page, pageSize } = query;
  if (query.q) {
    const found = await matchingPage(db, repo, searchKeys(db.dialect, kind), { ...query, q: query.q });
    return {
      rows: found.rows,
      meta: { page, pageSize, total: null, pageCount: null, ...figures, searched_by: found.searchedBy, has_next: found.hasNext, has_previous: found.hasPrevious },
    };
  }
  const total = figures.counted + figures.pending + figures.withdrawn;
  const { rows, meta } = await newestFirstPage(repo, query, total);
  const pageCount = toPageMeta(page, pageSize, total).pageCount;
  return { rows, meta: { ...meta, ...figures, searched_by: null, has_next: page < pageCount, has_previous: page > 1 } };
}
