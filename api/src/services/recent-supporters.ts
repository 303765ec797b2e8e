import { IsNull, Not } from 'typeorm';
import { RECENT_SUPPORTERS_LIMIT, type RecentSupporter } from '../contract';
import type { Database } from '../db/data-source';
import { toRecentSupporter } from '../presenters/recent-supporter';

/**
 * The campaign's most recent supporters who asked to be shown, newest first: only rows in the
 * record (confirmed, which on a campaign that does not confirm is every row; never a quarantined
 * one) and with a name left (an anonymised campaign has none). Nothing when the organiser has not
 * turned the list on. A walk back along (campaign_id, created_at, id) that stops at the tenth.
 */
export async function recentSupporters(db: Database, campaign: { id: number; show_recent_supporters: boolean }): Promise<RecentSupporter[]> {
  if (!campaign.show_recent_supporters) return [];
  const rows = await db.ds.getRepository(db.entities.Supporter).find({
    select: { id: true, name: true, city: true },
    where: { campaign_id: campaign.id, status: 'confirmed', quarantine_id: IsNull(), is_public: true, name: Not('') },
    order: { created_at: 'DESC', id: 'DESC' },
    take: RECENT_SUPPORTERS_LIMIT,
  });
  return rows.flatMap((r) => toRecentSupporter(r) ?? []);
}
