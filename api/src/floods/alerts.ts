import { FLOOD_RULE, type FloodAlert } from '../contract';
import type { Database } from '../db/data-source';
import { campaignTitles } from '../services/campaign-summary';
import { isDisposableDomain } from './sources';

/**
 * The dashboard's flood alerts: for each campaign, a network or e-mail domain that sent more than
 * a fifth of its signatures in the last hour, with at least 50 of them (contract/floods.ts). Three
 * grouped reads over the last hour's rows, found by the created_at index; quarantined rows are
 * already dealt with and left out.
 */
export async function floodAlerts(db: Database, now = new Date()): Promise<FloodAlert[]> {
  const since = new Date(now.getTime() - FLOOD_RULE.windowMinutes * 60_000);
  const recent = () =>
    db.ds
      .getRepository(db.entities.Supporter)
      .createQueryBuilder('s')
      // Grouped by +campaign_id, an expression: SQLite would otherwise walk the whole
      // (campaign_id, created_at) index, every signature ever made, for its campaign order rather
      // than find the last hour's rows by created_at and group those.
      .select('+s.campaign_id', 'campaign_id')
      .addSelect('COUNT(*)', 'n')
      .where('s.created_at >= :since', { since })
      .andWhere('s.quarantine_id IS NULL')
      .groupBy('+s.campaign_id');
  const totals = new Map(
    (await recent().getRawMany<{ campaign_id: number | string; n: number | string }>()).map((r) => [Number(r.campaign_id), Number(r.n)]),
  );
  // Campaigns with fewer signatures in the hour than the minimum cannot hold a flood: nothing more to read.
  if (![...totals.values()].some((n) => n >= FLOOD_RULE.minimum)) return [];

  const bySource = async (kind: FloodAlert['kind']) => {
    const column = kind === 'network' ? 's.network' : 's.email_domain';
    return recent()
      .addSelect(column, 'source')
      .andWhere(`${column} IS NOT NULL AND ${column} <> ''`)
      .addGroupBy(column)
      .having('COUNT(*) >= :minimum', { minimum: FLOOD_RULE.minimum })
      .getRawMany<{ campaign_id: number | string; source: string; n: number | string }>()
      .then((rows) => rows.map((r) => ({ kind, campaign_id: Number(r.campaign_id), source: r.source, n: Number(r.n) })));
  };
  const floods = [...(await bySource('network')), ...(await bySource('domain'))].filter(
    (r) => r.n > FLOOD_RULE.shareAbove * (totals.get(r.campaign_id) ?? Infinity),
  );
  const titles = await campaignTitles(db, floods.map((f) => f.campaign_id));
  return floods
    .sort((a, b) => b.n - a.n || a.campaign_id - b.campaign_id || a.source.localeCompare(b.source))
    .map((f) => ({
      campaign_id: f.campaign_id,
      campaign_title: titles.get(f.campaign_id) ?? '',
      kind: f.kind,
      source: f.source,
      signatures: f.n,
      of: totals.get(f.campaign_id) ?? f.n,
      since: since.toISOString(),
      disposable: f.kind === 'domain' && isDisposableDomain(f.source),
    }));
}
