import { In } from 'typeorm';
import { NO_POSITION_COUNTS, NO_RESIDENCY_COUNTS, POSITIONS, RESIDENCIES, type Position, type PositionCounts, type Residency, type ResidencyCounts } from '../contract';
import type { Dialect } from '../config';
import type { Database } from '../db/data-source';
import { notFound } from '../http/errors';

/**
 * The one rule of every figure in the console: a row counts when it is confirmed and no quarantine
 * holds it, as the campaigns' counters count. Written out literally (not bound), so that the
 * databases see the values when they choose an index. Pending and withdrawn rows are shown apart,
 * quarantined ones only on the quarantine screen.
 * On SQLite the status term carries a unary +, which keeps the planner (without statistics, it
 * takes an equality for a narrow one) from choosing the (status, campaign_id) index for it and
 * sorting every confirmed row, where the created_at index reads them in order. PostgreSQL makes
 * the same mistake without statistics (1.4 s at a million rows), and an expression there does not
 * help (it then estimates one row and sorts them all from a table scan): there Dais analyzes a
 * table that was never analyzed when it opens the database (db/open.ts), and autovacuum after.
 */
export const counted = (dialect: Dialect, alias?: string) => {
  const col = (name: string) => (alias ? `${alias}.${name}` : `"${name}"`);
  return `${dialect === 'sqlite' ? '+' : ''}${col('status')} = 'confirmed' AND ${col('quarantine_id')} IS NULL`;
};

export interface CounterTotals {
  supporters: number;
  letters: number;
}

/**
 * Totals from the campaigns' exact counters (kept by the sign and submit commands in the same
 * transaction as the insert): O(campaigns), never a COUNT(*) over millions of supporters or
 * letters. With a campaign id, that campaign's own counters (404 when it does not exist).
 */
export async function counterTotals(db: Database, campaignId?: number): Promise<CounterTotals> {
  const campaigns = db.ds.getRepository(db.entities.Campaign);
  if (campaignId !== undefined) {
    const c = await campaigns.findOne({
      select: { id: true, supporter_count: true, letter_count: true },
      where: { id: campaignId },
    });
    if (!c) throw notFound('Campaign');
    return { supporters: c.supporter_count, letters: c.letter_count };
  }
  const row = await campaigns
    .createQueryBuilder('c')
    .select('COALESCE(SUM(c.supporter_count), 0)', 'supporters')
    .addSelect('COALESCE(SUM(c.letter_count), 0)', 'letters')
    .getRawOne<{ supporters: string | number; letters: string | number }>();
  // PostgreSQL returns SUM over integers as a bigint, which pg hands over as a string.
  return { supporters: Number(row?.supporters ?? 0), letters: Number(row?.letters ?? 0) };
}

export interface UncountedTotals {
  /** Signatures waiting for their writer's confirmation. */
  pendingSupporters: number;
  pendingLetters: number;
  /** Letters taken back by their writer after delivery (kept, blanked, not counted). */
  withdrawnLetters: number;
  /** Of the counted letters, the personal ones (counted, so not "uncounted", but kept by the same tallies). */
  personalLetters: number;
}

/**
 * The rows the counters leave out, all campaigns or one, from the tallies the triggers keep
 * (migrations/1795780000001-Tallies.ts): O(campaigns), however many pending or withdrawn rows
 * there are (withdrawn letters are kept for good; pending ones pile up until CONFIRMATION_DAYS).
 */
export async function uncountedTotals(db: Database, campaignId?: number): Promise<UncountedTotals> {
  const qb = db.ds
    .getRepository(db.entities.Tally)
    .createQueryBuilder('t')
    .select('t.figure', 'figure')
    .addSelect('COALESCE(SUM(t.n), 0)', 'n')
    .where('t.figure IN (:...figures)', { figures: ['supporters:pending', 'letters:pending', 'letters:withdrawn', 'letters:personal'] })
    .andWhere('t.slot = 0');
  if (campaignId !== undefined) qb.andWhere('t.campaign_id = :campaignId', { campaignId });
  const rows = await qb.groupBy('t.figure').getRawMany<{ figure: string; n: string | number }>();
  const n = new Map(rows.map((r) => [r.figure, Number(r.n)]));
  return {
    pendingSupporters: n.get('supporters:pending') ?? 0,
    pendingLetters: n.get('letters:pending') ?? 0,
    withdrawnLetters: n.get('letters:withdrawn') ?? 0,
    personalLetters: n.get('letters:personal') ?? 0,
  };
}

/** Counted signatures and letters by the position they took. */
export interface PositionTallies {
  supporters: PositionCounts;
  letters: PositionCounts;
}

/** A campaign's figures kept by the tallies: its pending signatures and letters, its personal letters, its counts by position and by residency. */
export interface CampaignTallies {
  /** Pending signatures. */
  supporters: number;
  /** Pending letters. */
  letters: number;
  /** Of the counted letters, the personal ones. */
  personalLetters: number;
  positions: PositionTallies;
  /** Counted signatures and letters by where their writers live (issue 25). */
  residency: { supporters: ResidencyCounts; letters: ResidencyCounts };
}

export const noTallies = (): CampaignTallies => ({
  supporters: 0,
  letters: 0,
  personalLetters: 0,
  positions: { supporters: { ...NO_POSITION_COUNTS }, letters: { ...NO_POSITION_COUNTS } },
  residency: { supporters: { ...NO_RESIDENCY_COUNTS }, letters: { ...NO_RESIDENCY_COUNTS } },
});

const POSITION_FIGURES = new Map<string, { table: keyof PositionTallies; position: Position }>(
  (['supporters', 'letters'] as const).flatMap((table) => POSITIONS.map((p) => [`${table}:position:${p}`, { table, position: p }] as const)),
);
const RESIDENCY_FIGURES = new Map<string, { table: 'supporters' | 'letters'; residency: Residency }>(
  (['supporters', 'letters'] as const).flatMap((table) => RESIDENCIES.map((r) => [`${table}:residency:${r}`, { table, residency: r }] as const)),
);
const CAMPAIGN_FIGURES = ['supporters:pending', 'letters:pending', 'letters:personal', ...POSITION_FIGURES.keys(), ...RESIDENCY_FIGURES.keys()];

/** Each campaign's tallied figures (those given, or all): one read of at most nineteen rows a campaign. */
export async function talliesByCampaign(db: Database, ids?: number[]): Promise<Map<number, CampaignTallies>> {
  const qb = db.ds
    .getRepository(db.entities.Tally)
    .createQueryBuilder('t')
    .select(['t.figure', 't.campaign_id', 't.n'])
    .where('t.figure IN (:...figures)', { figures: CAMPAIGN_FIGURES })
    .andWhere('t.slot = 0');
  if (ids) qb.andWhere('t.campaign_id IN (:...ids)', { ids: ids.length ? ids : [0] });
  const byCampaign = new Map<number, CampaignTallies>();
  for (const t of await qb.getMany()) {
    if (t.n === 0) continue;
    const counts = byCampaign.get(t.campaign_id) ?? noTallies();
    const position = POSITION_FIGURES.get(t.figure);
    const residency = RESIDENCY_FIGURES.get(t.figure);
    if (position) counts.positions[position.table][position.position] = t.n;
    else if (residency) counts.residency[residency.table][residency.residency] = t.n;
    else counts[t.figure === 'supporters:pending' ? 'supporters' : t.figure === 'letters:pending' ? 'letters' : 'personalLetters'] = t.n;
    byCampaign.set(t.campaign_id, counts);
  }
  return byCampaign;
}

/** The admin's 404 for a campaign id that names no campaign (active or not). */
export async function assertCampaignExists(db: Database, id: number): Promise<void> {
  if (!(await db.ds.getRepository(db.entities.Campaign).existsBy({ id }))) throw notFound('Campaign');
}

/** Current titles of the given campaigns, for rows that only carry a campaign id. */
export async function campaignTitles(db: Database, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.ds
    .getRepository(db.entities.Campaign)
    .find({ select: { id: true, title: true }, where: { id: In(wanted) } });
  return new Map(rows.map((c) => [c.id, c.title]));
}

/** Written-comment deadlines of the given campaigns (null where none is set), to mark late letters. */
export async function campaignDeadlines(db: Database, ids: Iterable<number>): Promise<Map<number, Date | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.ds
    .getRepository(db.entities.Campaign)
    .find({ select: { id: true, comment_deadline: true }, where: { id: In(unique) } });
  return new Map(rows.map((r) => [r.id, r.comment_deadline]));
}
