import { speaksForCampaign, type Language, type Position } from '../../contract';
import type { Database } from '../../db/data-source';
import type { MessagePointRow } from '../../db/types';
import { AppError } from '../../http/errors';
import { activeMessagePoints } from '../../services/campaigns';

/**
 * The talking points a letter is written from, in display order: the ones chosen, plus every
 * hidden (pre-selected) one of the campaign and the general set in its language, which the server always adds so
 * no client can leave them out. A chosen id that is not an active point of this campaign or an
 * active general point is refused by number, so the widget can say which.
 *
 * A writer who opposes what the campaign asks, or stands neutral, gets only the points they chose:
 * the hidden ones are the campaign's own case, which their letter would otherwise contradict.
 */
export async function letterPoints(
  db: Database,
  campaign: { id: number; language: Language },
  chosenIds: number[],
  position: Position | null = null,
): Promise<MessagePointRow[]> {
  const available = await activeMessagePoints(db, campaign);
  const availableIds = new Set(available.map((p) => p.id));
  const refused = chosenIds.filter((id) => !availableIds.has(id));
  if (refused.length > 0) {
    const which = refused.length === 1 ? `Message point ${refused[0]} is` : `Message points ${refused.join(', ')} are`;
    throw new AppError(
      'validation_failed',
      `${which} not available for this campaign; reload the campaign and choose from its current message points`,
      { field: 'message_point_ids' },
    );
  }
  const chosen = new Set(chosenIds);
  const campaignsCase = speaksForCampaign(position);
  return available.filter((p) => (campaignsCase && p.is_locked) || chosen.has(p.id));
}
