import './count-pair.css';

/**
 * A campaign table cell that says one thing of its signatures and of its letters, on two short
 * lines ('Signatures 12 of 15', 'Letters 3 of 4'). `figures` keeps each figure on one line; wordings
 * (an organiser's position labels) may wrap.
 */
export function CountPair({ signatures, letters, figures = false, className }: { signatures: string; letters: string; figures?: boolean; className: string }) {
  return (
    <dl className={`count-pair${figures ? ' count-pair--figures' : ''} ${className}`}>
      <div>
        <dt>Signatures</dt>
        <dd>{signatures}</dd>
      </div>
      <div>
        <dt>Letters</dt>
        <dd>{letters}</dd>
      </div>
    </dl>
  );
}
