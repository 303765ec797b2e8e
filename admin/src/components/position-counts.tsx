import type { AdminCampaign } from '@dais/api/contract';
import { positionCountsText } from '../lib/position-text';
import { CountPair } from './count-pair';

type Counted = Pick<AdminCampaign, 'position_options' | 'position_labels' | 'position_counts'>;

/**
 * A campaign's counted signatures and letters by the position they took, each in the campaign's
 * words; nothing where it asks none.
 */
export function PositionCounts({ campaign }: { campaign: Counted }) {
  const signatures = positionCountsText(campaign, 'supporters');
  const letters = positionCountsText(campaign, 'letters');
  if (signatures === null || letters === null) return null;
  return <CountPair className="position-counts" signatures={signatures} letters={letters} />;
}
