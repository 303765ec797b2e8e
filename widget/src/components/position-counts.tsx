import { useId } from 'react';
import { formatCountIn } from '@dais/api/contract';
import { shownPositionCounts } from '../position';
import { useTexts } from './widget-context';

/**
 * Under the progress bar: how many took each position, where the organiser publishes the counts
 * (a campaign may not want to show how many oppose it); nothing where it does not.
 */
export function PositionCounts({ campaign }: { campaign: Parameters<typeof shownPositionCounts>[0] }) {
  const texts = useTexts();
  const heading = useId();
  const counts = shownPositionCounts(campaign);
  if (counts.length === 0) return null;
  return (
    <section className="counts" part="position-counts" aria-labelledby={heading}>
      <p id={heading} className="muted">
        {texts.positionCountsHeading}
      </p>
      <ul>
        {counts.map(({ position, label, count }) => (
          <li key={position}>
            <span>{label}</span> <strong>{formatCountIn(texts, count)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
