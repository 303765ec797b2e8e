import type { AdminCampaign } from '@dais/api/contract';
import { residentsText } from '../lib/residency-text';
import { CountPair } from './count-pair';

type Placed = Pick<AdminCampaign, 'boundary_set_id' | 'residency_counts'>;

/**
 * The campaign table's Residents cell: of a campaign's counted signatures and letters, how many
 * were placed in one of its districts ('12 of 15'); a dash where it has no boundary set.
 */
export function ResidentCounts({ campaign }: { campaign: Placed }) {
  if (campaign.boundary_set_id === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No boundary set</span>
      </>
    );
  }
  return (
    <CountPair
      className="resident-counts"
      figures
      signatures={residentsText(campaign.residency_counts.supporters)}
      letters={residentsText(campaign.residency_counts.letters)}
    />
  );
}
