import { useId } from 'react';
import { quarantineHref } from '../../../lib/quarantine-link';
import { Link } from '../../../lib/router';
import './quarantine-section.css';

/** The way from the campaign page to its Quarantine screen (features/floods). */
export function QuarantineSection({ campaignId }: { campaignId: number }) {
  const titleId = useId();
  return (
    <section className="card quarantine-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="quarantine-section-heading">
        Floods and quarantine
      </h2>
      <p className="quarantine-section-intro">
        Many signatures from one network or one e-mail domain in a short time? Quarantine them: they leave the counts, the lists, the
        exports and the hearing packet until you restore them.
      </p>
      <Link to={quarantineHref(campaignId)} className="button button-secondary">
        Review quarantines
      </Link>
    </section>
  );
}
