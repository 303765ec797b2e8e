import { In, type FindOptionsWhere, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { toPageMeta, type AdminListQuery, type PageMeta } from '../contract';

interface Row extends ObjectLiteral {
  campaign_id: number;
  created_at: Date;
  id: number;
}

/**
 * One page of an admin list that grows without bound (letters, supporters), newest first
 * (created_at, then id) and optionally one campaign's. `total` comes from the campaigns' exact
 * counters, so no COUNT(*) runs over a million rows.
 *
 * How the page is found decides what it costs once there are a million rows:
 * - `after` / `before` (Next and Previous: the id of the last or first row on the page the admin
 *   is looking at): a seek in the (created_at, id) index, as cheap on page 20,000 as on page 1, and
 *   stable while new rows arrive (nothing repeats or is skipped between pages).
 * - a page number alone (a typed address, a bookmark): counted from whichever end is nearer, so
 *   the last pages are as cheap as the first; only the ids are counted past, in the index, and the
 *   rows of the page are read by primary key afterwards.
 */
export async function newestFirstPage<T extends Row>(
  repo: Repository<T>,
  query: AdminListQuery,
  total: number,
): Promise<{ rows: T[]; meta: PageMeta }> {
  const meta = toPageMeta(query.page, query.pageSize, total);
  const cursor = query.after ?? query.before;
  if (cursor !== undefined) {
    const rows = await seek(repo, query.campaign_id, query.pageSize, cursor, query.after !== undefined ? 'older' : 'newer');
    // No rows: the end of the list, or a cursor row that no longer exists (only then one more query).
    if (rows.length > 0 || (await repo.existsBy({ id: cursor } as FindOptionsWhere<T>))) return { rows, meta };
  }
  // An unknown cursor (a bookmark of a page whose row is gone) falls back to the page number.
  return { rows: await numberedPage(repo, query, total), meta };
}

/** The rows (of one campaign, or all) in list order, newest first, or oldest first to count from the end. */
function ordered<T extends Row>(repo: Repository<T>, campaignId: number | undefined, newestFirst: boolean): SelectQueryBuilder<T> {
  const qb = repo.createQueryBuilder('r');
  if (campaignId !== undefined) qb.where('r.campaign_id = :campaignId', { campaignId });
  // A quarantined row leaves the lists and exports with the counts (floods/quarantine.ts).
  qb.andWhere('r.quarantine_id IS NULL');
  const direction = newestFirst ? 'DESC' : 'ASC';
  return qb.orderBy('r.created_at', direction).addOrderBy('r.id', direction);
}

/**
 * Every row (of one campaign, or all), newest first, `batchSize` at a time, each batch a seek from
 * the last: an export holds one batch in memory however long the list is.
 */
export async function* newestFirstBatches<T extends Row>(
  repo: Repository<T>,
  campaignId: number | undefined,
  batchSize: number,
): AsyncGenerator<T[]> {
  let batch = await ordered(repo, campaignId, true).limit(batchSize).getMany();
  while (batch.length > 0) {
    yield batch;
    if (batch.length < batchSize) return;
    batch = await seek(repo, campaignId, batchSize, batch[batch.length - 1]!.id, 'older');
  }
}

async function seek<T extends Row>(
  repo: Repository<T>,
  campaignId: number | undefined,
  limit: number,
  cursor: number,
  direction: 'older' | 'newer',
): Promise<T[]> {
  const table = repo.metadata.tableName;
  const older = direction === 'older';
  // The cursor row's own (created_at, id), compared in SQL: a timestamp that went through a JS Date
  // would lose PostgreSQL's microseconds, and rows in that microsecond gap would be skipped.
  const rows = await ordered(repo, campaignId, older)
    .andWhere(`(r.created_at, r.id) ${older ? '<' : '>'} (SELECT c.created_at, c.id FROM ${table} c WHERE c.id = :cursor)`, { cursor })
    .limit(limit)
    .getMany();
  return older ? rows : rows.reverse();
}

async function numberedPage<T extends Row>(repo: Repository<T>, query: AdminListQuery, total: number): Promise<T[]> {
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= total) return [];
  const count = Math.min(query.pageSize, total - offset);
  const fromEnd = total - offset - count;
  const newestFirst = offset <= fromEnd;
  const idRows = await ordered(repo, query.campaign_id, newestFirst)
    .select('r.id', 'id')
    .offset(newestFirst ? offset : fromEnd)
    .limit(count)
    .getRawMany<{ id: number | string }>();
  const ids = idRows.map((r) => Number(r.id));
  if (!newestFirst) ids.reverse();
  if (ids.length === 0) return [];
  const byId = new Map((await repo.findBy({ id: In(ids) } as FindOptionsWhere<T>)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}
