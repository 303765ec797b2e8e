/**
 * The console's reads of supporters and letters are served by indexes, on both databases: the
 * dashboard (totals, chart, recent lists), the campaign list and page, and the supporters and
 * letters lists (by page number, Next, Previous, one campaign, a search). Each statement those
 * routes send is asked for its query plan (SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN with
 * sequential scans priced out, so that a plan without an index shows as one), and none may read
 * every row of either table or sort them: a table scan, an index walked whole without a LIMIT, or
 * a sort of rows. Nor may they count rows of either table (COUNT, SUM): the figures come from the
 * campaigns' counters and the tallies the triggers keep (migrations/1795780000001-Tallies.ts), and
 * only a window of recent time (the flood alerts' last hour) is counted from rows. SQLite is asked
 * twice: as a fresh database has it (no statistics), and with the statistics PRAGMA optimize leaves
 * at a million supporters and a hundred thousand letters (db/open.ts), which move its choices. What
 * a million supporters cost follows from that (npm run bench measures it: growth-figures.ts).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { addLetters, addSupporters } from '../../test/admin-fixtures';

const BIG = /"(supporters|letters)"/;
/** A count of rows, allowed only over the last hours (the flood alerts': created_at from a bound that recent). */
const COUNTS = /\b(COUNT|SUM)\s*\(/i;
const lastHours = (sql: string, parameters: unknown[]) =>
  /created_at"?\s*>=/.test(sql) &&
  !/created_at"?\s*</.test(sql) &&
  parameters.some((p) => (p instanceof Date || typeof p === 'string') && Math.abs(Date.now() - new Date(p instanceof Date ? p : `${p}Z`).getTime()) < 2 * 3_600_000);

/**
 * sqlite_stat1 as ANALYZE (sampled, as PRAGMA optimize runs it) leaves it at a million supporters
 * and a hundred thousand letters over five campaigns, a third of them pending: "rows, then rows a
 * value of each leading column set" for every index of the two tables.
 */
const MILLION_STATS: [string, string, string][] = [
  ['supporters', 'supporters', '1000000'],
  ['supporters', 'idx_supporters_status', '1000000 333334 66667'],
  ['supporters', 'uq_supporters_campaign_email_key', '1000000 200000 1'],
  ['supporters', 'idx_supporters_campaign_email', '1000000 200000 1 1'],
  ['supporters', 'idx_supporters_quarantine', '1000 100'],
  ['supporters', 'idx_supporters_created_state', '1000000 1 1 1 1'],
  ['supporters', 'idx_supporters_name_search', '1000000 200000 2 1'],
  ['supporters', 'idx_supporters_campaign_created', '1000000 200000 1 1'],
  ['letters', 'letters', '100000'],
  ['letters', 'idx_letters_status', '100000 33334 6667'],
  ['letters', 'idx_letters_campaign_email_key', '100000 20000 2'],
  ['letters', 'idx_letters_quarantine', '100 10'],
  ['letters', 'idx_letters_created_state', '100000 1 1 1 1'],
  ['letters', 'idx_letters_name_search', '100000 20000 2 1'],
  ['letters', 'idx_letters_email_search', '100000 20000 2 1'],
  ['letters', 'idx_letters_campaign_created', '100000 20000 1 1'],
];
const statements: { sql: string; parameters: unknown[] }[] = [];

/** Table names by the aliases a statement gives them ('r' -> supporters). */
function aliases(sql: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of sql.matchAll(/(?:FROM|JOIN)\s+"?(\w+)"?(?:\s+(?:AS\s+)?"?(\w+)"?)?/gi)) {
    out.set(m[1]!, m[1]!);
    if (m[2] && !/^(WHERE|ORDER|GROUP|LIMIT|INNER|LEFT|JOIN|ON)$/i.test(m[2])) out.set(m[2], m[1]!);
  }
  return out;
}

async function sqlitePlanProblems(t: TestServer, sql: string, parameters: unknown[]): Promise<string[]> {
  const rows = (await t.db.ds.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as { id: number; parent: number; detail: string }[];
  if (process.env.SHOW_PLANS) console.log(sql.slice(0, 300), '\n', rows.map((r) => `${r.id}<${r.parent} ${r.detail}`).join('\n'));
  const tables = aliases(sql);
  const limited = /\bLIMIT\b/i.test(sql);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const { detail, parent } of rows) {
    const scan = /^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(detail);
    const table = scan ? tables.get(scan[1]!) : undefined;
    if (scan && (table === 'supporters' || table === 'letters') && (!scan[2] || !limited)) problems.push(detail);
    // Grouping the rows an index search found (the flood alerts' last hour) is fine, and so is
    // sorting one arm of a merged search (a page of one campaign's matches, LIMITed inside it, which
    // SQLite sorts again for the merge); ordering anything else is not.
    const armOfMerge = /^(LEFT|RIGHT)$/.test(byId.get(parent)?.detail ?? '') && /\bUNION ALL\b/.test(sql);
    if (/TEMP B-TREE FOR (.* )?ORDER BY/.test(detail) && !armOfMerge) problems.push(detail);
  }
  return problems;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

async function postgresPlanProblems(t: TestServer, sql: string, parameters: unknown[]): Promise<string[]> {
  const runner = t.db.ds.createQueryRunner();
  try {
    // Priced out, so that either shows only where no index could do instead (on a few rows, a
    // sort is the cheaper plan).
    await runner.query('SET enable_seqscan = off');
    await runner.query('SET enable_sort = off');
    const [row] = (await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters)) as { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
    if (process.env.SHOW_PLANS) console.log(sql.slice(0, 300), '\n', JSON.stringify(row!['QUERY PLAN'][0].Plan, ['Node Type', 'Relation Name', 'Index Name', 'Index Cond', 'Sort Key', 'Presorted Key', 'Plans'], 1));
    const problems: string[] = [];
    const isBig = (node: PlanNode) => node['Relation Name'] === 'supporters' || node['Relation Name'] === 'letters';
    // Whether every read of a big table below `node` is capped by a LIMIT below it: then a sort
    // above sorts a bounded set (the merge of one page a campaign).
    const bounded = (node: PlanNode): boolean => node['Node Type'] === 'Limit' || (!isBig(node) && (node.Plans ?? []).every(bounded));
    const walk = (node: PlanNode, underLimit: boolean) => {
      const big = isBig(node);
      if (big && node['Node Type'] === 'Seq Scan') problems.push(`Seq Scan on ${node['Relation Name']}`);
      if (big && /Index/.test(node['Node Type']) && !node['Index Cond'] && !underLimit) problems.push(`${node['Node Type']} on ${node['Relation Name']} without a condition or a limit`);
      // An incremental sort under a LIMIT reads only as far as the page (ties of the index's leading
      // columns); a full sort only a bounded set.
      const fine = node['Node Type'] === 'Incremental Sort' ? underLimit || (node.Plans ?? []).every(bounded) : (node.Plans ?? []).every(bounded);
      if (/Sort/.test(node['Node Type']) && !fine) problems.push(node['Node Type']);
      for (const child of node.Plans ?? []) walk(child, underLimit || node['Node Type'] === 'Limit');
    };
    walk(row!['QUERY PLAN'][0].Plan, false);
    return problems;
  } finally {
    await runner.query('RESET enable_seqscan');
    await runner.query('RESET enable_sort');

    await runner.release();
  }
}

async function fixtures(t: TestServer) {
  const a = await t.campaign({ require_confirmation: true });
  const b = await t.campaign();
  const rows = await addSupporters(t, a, 30, (i) => ({ name: `Signer ${i}`, email: `signer${i}@example.org`, created_at: new Date(Date.now() - i * 3_600_000) }));
  await addSupporters(t, b, 5);
  // A flood in the last hour, so the dashboard's flood alerts read by source too.
  await addSupporters(t, b, 60, (i) => ({ network: '203.0.113.0/24', email_domain: 'example.net', created_at: new Date(Date.now() - i * 30_000) }));
  const letters = await addLetters(t, a, 30, (i) => ({ created_at: new Date(Date.now() - i * 3_600_000) }));
  await t.db.ds.getRepository(t.db.entities.Supporter).update({ id: rows[0]!.id }, { status: 'pending' });
  await t.db.ds.getRepository(t.db.entities.Letter).update({ id: letters[1]!.id }, { status: 'withdrawn' });
  return { a, mid: rows[10]!.id, midLetter: letters[10]!.id };
}

/** Every admin read of the two tables: the dashboard, its chart, the campaigns, and each list's pages. */
function consolePaths({ a, mid, midLetter }: Awaited<ReturnType<typeof fixtures>>): string[] {
  return [
    '/api/admin/dashboard',
    '/api/admin/activity?days=90&time_zone=America/Chicago',
    '/api/admin/activity?days=7&time_zone=Asia/Kathmandu',
    '/api/admin/campaigns',
    `/api/admin/campaigns/${a.id}`,
    ...['supporters', 'letters'].flatMap((list) => {
      const cursor = list === 'supporters' ? mid : midLetter;
      return [
        `/api/admin/${list}`,
        `/api/admin/${list}?page=2&pageSize=10`,
        // The last page by number (counted from the oldest end), and past it.
        `/api/admin/${list}?page=3&pageSize=10`,
        `/api/admin/${list}?page=4&pageSize=30`,
        `/api/admin/${list}?page=2&pageSize=10&after=${cursor}`,
        `/api/admin/${list}?page=2&pageSize=10&before=${cursor}`,
        `/api/admin/${list}?campaign_id=${a.id}&pageSize=10`,
        `/api/admin/${list}?campaign_id=${a.id}&page=3&pageSize=10`,
        `/api/admin/${list}?campaign_id=${a.id}&page=2&pageSize=10&after=${cursor}`,
        `/api/admin/${list}?q=sig&pageSize=5`,
        `/api/admin/${list}?q=Wri&pageSize=5&page=2&after=${cursor}`,
        `/api/admin/${list}?q=sig&pageSize=5&page=2&before=${cursor}`,
        `/api/admin/${list}?q=signer1%40&pageSize=5`,
        `/api/admin/${list}?q=sig&campaign_id=${a.id}&pageSize=5`,
        `/api/admin/${list}?q=signer&campaign_id=${a.id}&pageSize=5&page=2&after=${cursor}`,
      ];
    }),
  ];
}

/** What each path's statements do that a million rows would make slow, path by path. */
async function planProblems(t: TestServer, paths: string[]): Promise<string[]> {
  const admin = await t.adminCookie();
  const problems: string[] = [];
  for (const path of paths) {
    statements.length = 0;
    const res = await t.api('GET', path, { cookie: admin });
    expect(res.status, path).toBe(200);
    const reads = statements.filter((s) => /^\s*(SELECT|WITH)\b/i.test(s.sql) && [...aliases(s.sql).values()].some((table) => BIG.test(`"${table}"`)));
    // A list whose reads this filter no longer recognised would pass with no plan read. (A page past
    // the last is answered from the tallies alone.)
    if (/^\/api\/admin\/(supporters|letters)\b/.test(path) && !path.includes('page=4&')) expect(reads.length, path).toBeGreaterThan(0);
    for (const { sql, parameters } of reads) {
      const recent = lastHours(sql, parameters);
      // Grouping the last hour's rows (the flood alerts) sorts them: a bounded set.
      const found = (t.dialect === 'sqlite' ? await sqlitePlanProblems(t, sql, parameters) : await postgresPlanProblems(t, sql, parameters)).filter((p) => !(recent && p === 'Sort'));
      if (COUNTS.test(sql) && !recent) found.push('counts rows (a figure a counter or a tally should hold)');
      for (const p of found) problems.push(`${path}: ${p}\n    ${sql.slice(0, 400)}`);
    }
  }
  return problems;
}

describeEachDatabase(
  "the console's reads of supporters and letters",
  (t) => {
    it('are each served by an index: no table scan, no whole index without a limit, no sort, no count of rows', async () => {
      const paths = consolePaths(await fixtures(t));
      // PostgreSQL with the statistics Dais (db/open.ts) or autovacuum gather: without any, it takes
      // `status = 'confirmed'` for a handful of rows and sorts them all, at any size.
      if (t.dialect === 'postgres') await t.db.ds.query('ANALYZE "supporters", "letters"');
      expect(await planProblems(t, paths)).toEqual([]);
      // The flood alerts' reads by source ran too.
      const admin = await t.adminCookie();
      expect((await t.api('GET', '/api/admin/dashboard', { cookie: admin })).body.data.flood_alerts).not.toEqual([]);
      if (t.dialect !== 'sqlite') return;
      // Again with a million rows' statistics, as PRAGMA optimize would leave them (db/open.ts).
      await t.db.ds.query('ANALYZE');
      await t.db.ds.query(`DELETE FROM sqlite_stat1 WHERE tbl IN ('supporters', 'letters')`);
      for (const [tbl, idx, stat] of MILLION_STATS) await t.db.ds.query('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)', [tbl, idx, stat]);
      await t.db.ds.query('ANALYZE sqlite_schema');
      try {
        expect(await planProblems(t, paths)).toEqual([]);
      } finally {
        await t.db.ds.query('DELETE FROM sqlite_stat1');
        await t.db.ds.query('ANALYZE sqlite_schema');
      }
    });
  },
  { onQuery: (sql, parameters) => void statements.push({ sql, parameters: parameters ?? [] }) },
);
