import { useId } from 'react';
import type { CampaignCard as Card } from '@dais/api/contract';
import { formatNumber } from '../../../lib/format';

export function CampaignCard({ campaign }: { campaign: Card }) {
  const titleId = useId();
  const signatures = campaign.supporter_count === 1 ? 'signature' : 'signatures';
  return (
    <article className="card campaign-card" aria-labelledby={titleId}>
      <div className="campaign-card-top">
        <h3 id={titleId}>{campaign.title}</h3>
        <span className="badge badge-active">Active</span>
      </div>
      <p className="clamp-3">{campaign.description}</p>
      <div className="campaign-card-foot">
        <span className="signatures">
          {formatNumber(campaign.supporter_count)} {signatures}
        </span>
        {/* The widget page is another app: a full page load, not an in-app link. */}
        <a className="button button-primary button-small" href={`/widget/${campaign.id}`} aria-describedby={titleId}>
          Take Action
        </a>
      </div>
    </article>
  );
}
