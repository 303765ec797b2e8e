import { positionsOffered, positionWording, type AdminCampaign, type Position } from '@dais/api/contract';
import { formatNumber } from './format';

type Worded = Pick<AdminCampaign, 'position_labels'>;

/** A position as the admin reads it: the campaign's wording where it is at hand, else its plain name. */
export const positionText = (p: Position, campaign?: Worded): string => positionWording(p, campaign?.position_labels);

/**
 * 'Keep the park public: 12 · Allow the rezoning: 3': a campaign's signatures or letters by the
 * position they took, in the order the forms offer them; null where it asks none.
 */
export function positionCountsText(c: Pick<AdminCampaign, 'position_options' | 'position_labels' | 'position_counts'>, kind: 'supporters' | 'letters'): string | null {
  const offered = positionsOffered(c.position_options);
  if (offered.length === 0) return null;
  return offered.map((p) => `${positionText(p, c)}: ${formatNumber(c.position_counts[kind][p])}`).join(' · ');
}
