import type { FindOptionsWhere, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { searchKind, type AdminListQuery } from '../contract';
import type { Dialect } from '../config';

interface Row extends ObjectLiteral {
  campaign_id: number;
  id: number;
}

/** The columns a search reads: the name and the address as the table calls them. */
export interface SearchColumns {
  name: string;
  email: string;
}

export interface MatchingPage<T> {
  rows: T[];
  searchedBy: 'name' | 'email';
  hasNext: boolean;
  hasPrevious: boolean;
}

/**
 * One page of an admin list's search: the rows whose name (or, for a text with an @, address)
 * starts with `q`, in any case, of one campaign or all, quarantined rows left out as the list
 * leaves them out.
 *
 * The matches are one range of an index on (lower(name or address), campaign_id, id)
 * (migrations/1795755900000-ConsoleReadIndexes.ts), read in that order: `after` and `before` seek from a
 * row of the page being left, and one row more than the page says whether another page follows.
 * Nothing is counted or sorted, so a page costs the same among a thousand rows or a million.
 * One campaign's matches are picked from the same range by the index's campaign_id.
 */
export async function matchingPage<T extends Row>(
  repo: Repository<T>,
  dialect: Dialect,
  columns: SearchColumns,
  query: AdminListQuery & { q: string },
): Promise<MatchingPage<T>> {
  const searchedBy = searchKind(query.q);
  const key = folded(dialect, `r.${columns[searchedBy]}`);
  const read = (cursor: number | undefined, forward: boolean) => {
    const qb = matches(repo, dialect, key, query.q, query.campaign_id);
    if (cursor !== undefined) {
      const table = repo.metadata.tableName;
      const cursorKey = folded(dialect, `c.${columns[searchedBy]}`);
      qb.andWhere(`(${key}, r.campaign_id, r.id) ${forward ? '>' : '<'} (SELECT ${cursorKey}, c.campaign_id, c.id FROM ${table} c WHERE c.id = :cursor)`, { cursor });
    }
    const direction = forward ? 'ASC' : 'DESC';
    // One more than the page: whether another page lies that way.
    return qb.orderBy(key, direction).addOrderBy('r.campaign_id', direction).addOrderBy('r.id', direction).limit(query.pageSize + 1).getMany();
  };
  const cursor = query.after ?? query.before;
  if (cursor !== undefined) {
    const forward = query.after !== undefined;
    const rows = await read(cursor, forward);
    // No rows past a cursor: the end, or a row that is gone (a bookmark), which falls back to the first page.
    if (rows.length > 0 || (await repo.existsBy({ id: cursor } as FindOptionsWhere<T>))) {
      const more = rows.length > query.pageSize;
      const page = rows.slice(0, query.pageSize);
      return forward
        ? { rows: page, searchedBy, hasNext: more, hasPrevious: true }
        : { rows: page.reverse(), searchedBy, hasNext: true, hasPrevious: more };
    }
  }
  const rows = await read(undefined, true);
  return { rows: rows.slice(0, query.pageSize), searchedBy, hasNext: rows.length > query.pageSize, hasPrevious: false };
}

/** The index's expression: lower case, compared by code point ("C") on PostgreSQL. */
const folded = (dialect: Dialect, column: string) => (dialect === 'postgres' ? `(lower(${column}) COLLATE "C")` : `lower(${column})`);

/**
 * Rows whose key starts with `q`, folded by the database's own lower() as the index is: from the
 * prefix up to the prefix followed by the last code point, the highest string that starts with it.
 */
function matches<T extends Row>(repo: Repository<T>, dialect: Dialect, key: string, q: string, campaignId: number | undefined): SelectQueryBuilder<T> {
  const last = dialect === 'postgres' ? 'chr(1114111)' : 'char(1114111)';
  const qb = repo
    .createQueryBuilder('r')
    .where(`${key} >= lower(:q)`, { q })
    .andWhere(`${key} < (lower(:q) || ${last})`)
    // A quarantined row leaves the lists with the counts (floods/quarantine.ts).
    .andWhere('r.quarantine_id IS NULL');
  // One campaign's matches are picked from the search index's range by its campaign_id. On SQLite
  // the unary + keeps the planner (no statistics) from taking a campaign index instead and
  // sorting all of that campaign's rows.
  if (campaignId !== undefined) qb.andWhere(`${dialect === 'sqlite' ? '+' : ''}r.campaign_id = :campaignId`, { campaignId });
  return qb;
}
