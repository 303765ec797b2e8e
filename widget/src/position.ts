import { POSITIONS, positionsOffered, type Position, type PublicCampaign } from '@dais/api/contract';

/** A form's or history.state's value as a position: anything else (absent, blank, unknown) is none. */
export const positionIn = (value: unknown): Position | null => ((POSITIONS as readonly unknown[]).includes(value) ? (value as Position) : null);

/**
 * The counts by position the campaign publishes, one per offered choice in the forms' order, with
 * the organiser's words for it: the signatures' where the campaign collects them, else the letters'.
 * Empty where it publishes none.
 */
export function shownPositionCounts(
  c: Pick<PublicCampaign, 'position_options' | 'position_labels' | 'position_counts' | 'enable_sign_tab'>,
): { position: Position; label: string; count: number }[] {
  if (!c.position_counts) return [];
  const counts = c.enable_sign_tab ? c.position_counts.supporters : c.position_counts.letters;
  return positionsOffered(c.position_options).map((position) => ({ position, label: c.position_labels[position] ?? '', count: counts[position] }));
}
