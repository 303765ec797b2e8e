import './letters.css';

/** Submitted after its campaign's written-comment deadline (the hearing packet marks it too). */
export function LateBadge() {
  return (
    <span className="badge badge-warning letter-late" title="Submitted after the campaign's written-comment deadline">
      Late
    </span>
  );
}
