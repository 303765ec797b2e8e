import { LoadError } from '../../../components/load-error';
import { useActiveCampaigns } from '../api/get-active-campaigns';
import { CampaignCard } from './campaign-card';

/**
 * 'Active Campaigns', shown only once loading has finished and at least one campaign is active.
 * A failed load shows what failed and a Retry instead (never a silent gap).
 */
export function ActiveCampaigns() {
  const campaigns = useActiveCampaigns();
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
