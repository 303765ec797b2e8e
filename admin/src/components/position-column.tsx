import type { AdminCampaign, Position } from '@dais/api/contract';
import { positionText } from '../lib/position-text';
import type { Column } from './card-table';

interface Positioned {
  campaign_id: number;
  position: Position | null;
}

/**
 * The Supporters and Letters lists' Position column: the position each row took, in its campaign's
 * words where the list has the campaign (it loads them for its filter), else 'Support', 'Oppose' or
 * 'Neutral'; a dash where none was asked. Left out (false) where no row and no campaign has one,
 * so lists of campaigns that never ask show nothing extra.
 */
export function positionColumn<Row extends Positioned>(rows: Row[], campaigns: AdminCampaign[]): Column<Row> | false {
  if (!rows.some((r) => r.position !== null) && !campaigns.some((c) => c.position_options !== 'none')) return false;
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  return {
    header: 'Position',
    cell: (r) =>
      r.position === null ? (
        <>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">None asked</span>
        </>
      ) : (
        positionText(r.position, byId.get(r.campaign_id))
      ),
  };
}
