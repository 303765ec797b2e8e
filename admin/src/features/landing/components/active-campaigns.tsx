import type { CampaignCard as Card } from '@dais/api/contract';
import { LoadError } from '../../../components/load-error';
import type { QueryResult } from '../../../lib/use-query';
import { CampaignCard } from './campaign-card';

/**
 * 'Active Campaigns', shown only once loading has finished and at least one campaign is active.
 * A failed load shows what failed and a Retry instead (never a silent gap). The landing page owns
 * the query: it holds what lies below this section until the first answer is in.
 */
export function ActiveCampaigns({ campaigns }: { campaigns: QueryResult<Card[]> }) {
  if (campaigns.status === 'loading') return null;
  if (campaigns.status === 'error') {
    return (
      <section className="public-section" aria-label="Campaigns">
        <div className="container">
          <LoadError what="the active campaigns" error={campaigns.error} onRetry={campaigns.retry} compact />
        </div>
      </section>
    );
  }
  if (campaigns.data.length === 0) return null;
  return (
    <section className="public-section" aria-labelledby="active-campaigns-title">
      <div className="container">
        <h2 id="active-campaigns-title">Active Campaigns</h2>
        <ul className="campaign-cards">
          {campaigns.data.map((c) => (
            <li key={c.id}>
              <CampaignCard campaign={c} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
