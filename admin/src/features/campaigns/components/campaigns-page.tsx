import { CampaignTable } from '../../../components/campaign-table';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { Link } from '../../../lib/router';
import { browserZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaigns } from '../../../lib/admin-campaigns';

/** /admin/causes (SPEC.md section 2, Campaign list): the dashboard's table without the toggle. */
export function CampaignsPage() {
  usePageTitle('Campaign Management');
  const campaigns = useCampaigns();

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Campaign Management</h1>
          <p>Create campaigns, edit their widgets and copy their embed code.</p>
          <TimeZoneNote zone={browserZone()} />
        </div>
        <Link to="/admin/campaigns/new" className="button button-primary">
          New Campaign
        </Link>
      </div>
      {campaigns.status === 'loading' ? (
        <Loading label="Loading campaigns..." />
      ) : campaigns.status === 'error' ? (
        <LoadError what="the campaigns" error={campaigns.error} onRetry={campaigns.retry} />
      ) : (
        <section aria-labelledby="campaign-list-title">
          <h2 id="campaign-list-title" className="visually-hidden">
            All Campaigns
          </h2>
          <CampaignTable
            campaigns={campaigns.data}
            labelledBy="campaign-list-title"
            empty={
              <div className="card empty">
                <p>No campaigns yet</p>
                <Link to="/admin/campaigns/new" className="button button-primary">
                  Create Campaign
                </Link>
              </div>
            }
          />
        </section>
      )}
    </div>
  );
}
