import { In, type FindOptionsWhere, type ObjectLiteral, type Repository } from 'typeorm';
import { searchKind, type AdminListQuery } from '../contract';
import type { Dialect } from '../config';
import type { Database } from '../db/data-source';
import { ph } from '../mail/sql';

interface Row extends ObjectLiteral {
  campaign_id: number;
  id: number;
}

/**
 * What one kind of search reads, as its index orders it within a campaign: the key (an expression
 * of the row, for an alias), then the columns after it (before the id).
 */
export interface SearchKey {
  key: (alias: string) => string;
  /** Columns the index orders by between the key and the id (supporters' address index has status). */
  then: string[];
  /**
   * The key compares in code point order ("C" on PostgreSQL, BINARY on SQLite): the range from
   * the prefix to the prefix followed by the last code point is then exactly the strings that
   * start with it, and needs no further test. A further test PostgreSQL cannot estimate makes it
   * guess a handful of matches and sort them all instead of reading the index in order: issue 23
   * measured that sort growing with the list (x3.17 for letters by name).
   */
  codePointOrder: boolean;
}

export interface MatchingPage<T> {
  rows: T[];
  searchedBy: 'name' | 'email';
  hasNext: boolean;
  hasPrevious: boolean;
}

/**
 * The search keys of the admin lists, each served by an index whose first column is campaign_id
 * (migrations/1795770000002-ConsoleReadIndexes.ts): names folded to lower case; supporters'
 * addresses as stored (lower case already) by the (campaign_id, email, status) index the
 * confirmations use, so a signature pays for one more index, not two. PostgreSQL compares the
 * folded keys as "C" (code point order), which keeps every string with a prefix in one range of
 * the index whatever the database's locale.
 */
export function searchKeys(dialect: Dialect, list: 'supporters' | 'letters'): Record<'name' | 'email', SearchKey> {
  const folded = (column: string) => (alias: string) => (dialect === 'postgres' ? `(lower(${alias}.${column}) COLLATE "C")` : `lower(${alias}.${column})`);
  return list === 'supporters'
    ? {
        name: { key: folded('name'), then: [], codePointOrder: true },
        // As stored, in the database's own collation: on PostgreSQL that may be a locale's.
        email: { key: (a) => `${a}.email`, then: ['status'], codePointOrder: dialect === 'sqlite' },
      }
    : { name: { key: folded('supporter_name'), then: [], codePointOrder: true }, email: { key: folded('supporter_email'), then: [], codePointOrder: true } };
}

/**
 * One page of an admin list's search: the rows whose name (or, for a text with an @, address)
 * starts with `q`, in any case, of one campaign or all, quarantined rows left out as the list leaves
 * them out. In (key, campaign, id) order, paged by `after` and `before` (a row of the page being
 * left), never counted.
 *
 * Each campaign's matches are one range of its index, read in order from the cursor for one row
 * more than the page; every campaign's reads go in one statement, whose arms are merged, so a page
 * costs the same among a thousand rows or a million: what is sorted is at most a page a campaign.
 */
export async function matchingPage<T extends Row>(db: Database, repo: Repository<T>, keys: Record<'name' | 'email', SearchKey>, query: AdminListQuery & { q: string }): Promise<MatchingPage<T>> {
  const searchedBy = searchKind(query.q);
  const spec = keys[searchedBy];
  const table = repo.metadata.tableName;
  const cursorId = query.after ?? query.before;
  const cursor = cursorId === undefined ? null : await cursorRow(db, table, spec, cursorId);
  // A cursor row that is gone (a bookmark) starts again from the first match.
  const forward = cursor === null || query.after !== undefined;
  const campaigns =
    query.campaign_id !== undefined
      ? [query.campaign_id]
      : ((await db.ds.query('SELECT "id" FROM "campaigns" ORDER BY "id"')) as { id: number | string }[]).map((c) => Number(c.id));
  const found = campaigns.length === 0 ? [] : await matchingIds(db, table, spec, query.q, campaigns, cursor, forward, query.pageSize + 1);
  const more = found.length > query.pageSize;
  const ids = found.slice(0, query.pageSize);
  if (!forward) ids.reverse();
  const byId = new Map((ids.length ? await repo.findBy({ id: In(ids) } as FindOptionsWhere<T>) : []).map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
  if (cursor === null) return { rows, searchedBy, hasNext: more, hasPrevious: false };
  return forward ? { rows, searchedBy, hasNext: more, hasPrevious: true } : { rows, searchedBy, hasNext: true, hasPrevious: more };
}

/** Campaigns merged in one compound SELECT. */
const MERGED = 200;

interface Cursor {
  key: string;
  campaignId: number;
  then: unknown[];
  id: number;
}

async function cursorRow(db: Database, table: string, spec: SearchKey, id: number): Promise<Cursor | null> {
  const then = spec.then.map((c, i) => `c.${c} AS t${i}`);
  const [row] = (await db.ds.query(`SELECT ${[`${spec.key('c')} AS k`, 'c.campaign_id AS campaign_id', ...then].join(', ')} FROM "${table}" c WHERE c.id = ${ph(db.dialect, 1)}`, [id])) as Record<string, unknown>[];
  if (!row) return null;
  return { key: String(row.k), campaignId: Number(row.campaign_id), then: spec.then.map((_, i) => row[`t${i}`]), id };
}

/**
 * The ids of the next `limit` matches past the cursor, in (key, campaign, then..., id) order, or
 * before it in the reverse order. One arm a campaign, each a range of that campaign's index read
 * in its order with its own LIMIT; the arms are merged by the outer ORDER BY.
 */
async function matchingIds(
  db: Database,
  table: string,
  spec: SearchKey,
  q: string,
  campaigns: number[],
  cursor: Cursor | null,
  forward: boolean,
  limit: number,
): Promise<number[]> {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return ph(db.dialect, params.length);
  };
  const key = spec.key('r');
  const then = spec.then.map((c) => `r.${c}`);
  const direction = forward ? 'ASC' : 'DESC';
  const after = forward ? '>' : '<';
  const last = db.dialect === 'postgres' ? 'chr(1114111)' : 'char(1114111)';
  const arm = (campaignId: number, n: number) => {
    // On SQLite the unary + keeps the planner (no statistics) on this campaign's search index.
    const where = [`${db.dialect === 'sqlite' ? '+' : ''}r.quarantine_id IS NULL`, `r.campaign_id = ${p(campaignId)}`];
    // From the prefix, folded by the database's own lower() as the index is, to the prefix followed
    // by the last code point; a key in the database's own collation is held to the prefix too.
    // (One placeholder a use: SQLite binds them in order.)
    where.push(`${key} >= lower(${p(q)})`, `${key} < (lower(${p(q)}) || ${last})`);
    if (!spec.codePointOrder) where.push(`substr(${key}, 1, length(lower(${p(q)}))) = lower(${p(q)})`);
    if (cursor) {
      // (key, campaign, then..., id) past the cursor: in a later campaign the cursor's own key is
      // past it too, in an earlier one only a greater key, in its own the rest of the tuple decides.
      if (campaignId === cursor.campaignId) {
        const tuple = [key, ...then, 'r.id'];
        const values = [p(cursor.key), ...cursor.then.map(p), p(cursor.id)];
        where.push(`(${tuple.join(', ')}) ${after} (${values.join(', ')})`);
      } else {
        const pastCampaign = forward ? campaignId > cursor.campaignId : campaignId < cursor.campaignId;
        where.push(`${key} ${after}${pastCampaign ? '=' : ''} ${p(cursor.key)}`);
      }
    }
    const order = [key, ...then, 'r.id'].map((c) => `${c} ${direction}`).join(', ');
    const columns = [`r.id AS id`, `${key} AS k`, `r.campaign_id AS campaign_id`, ...then.map((c, i) => `${c} AS t${i}`)];
    return `SELECT ${columns.join(', ')} FROM "${table}" r WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${n}`;
  };
  const outer = ['k', 'campaign_id', ...spec.then.map((_, i) => `t${i}`), 'id'].map((c) => `${c} ${direction}`).join(', ');
  let n = 0;
  // Selects merged by the outer order, at most MERGED at a time (SQLite caps a compound SELECT at
  // 500 terms): past that, each group's merged page is one term of the next merge.
  const merge = (selects: string[]): string => {
    if (selects.length === 1) return selects[0]!;
    if (selects.length > MERGED) {
      const groups = [];
      for (let i = 0; i < selects.length; i += MERGED) groups.push(merge(selects.slice(i, i + MERGED)));
      return merge(groups);
    }
    return `${selects.map((s) => `SELECT * FROM (${s}) m${n++}`).join(' UNION ALL ')} ORDER BY ${outer} LIMIT ${limit}`;
  };
  const sql = merge(campaigns.map((c) => arm(c, limit)));
  const rows = (await db.ds.query(sql, params)) as { id: number | string }[];
  return rows.map((r) => Number(r.id));
}
