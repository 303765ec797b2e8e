import type { AdminMessagePoint } from '@dais/api/contract';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaigns } from '../../../lib/admin-campaigns';
import { useMessagePoints } from '../api/get-message-points';
import { sortMessagePoints } from '../utils/message-point-form';
import { CreateMessagePointForm } from './create-message-point-form';
import { MessagePointTable } from './message-point-table';

/** /admin/message-points (SPEC.md section 2, Message points). */
export function MessagePointsPage() {
  usePageTitle('Message Points');
  const points = useMessagePoints();
  const campaigns = useCampaigns();

  // Without the campaign list the form still works for general points; say why the list is short.
  const campaignsProblem =
    campaigns.status === 'error' ? (
      <span className="field-error-inline">
        Could not load the campaigns: {campaigns.error.message}{' '}
        <button type="button" className="link-button" onClick={campaigns.retry}>
          Retry
        </button>
      </span>
    ) : campaigns.status === 'loading' ? (
      'Loading campaigns...'
    ) : undefined;
  const campaignList = campaigns.data ?? [];

  const upsert = (point: AdminMessagePoint) =>
    points.setData((all) => sortMessagePoints([...all.filter((p) => p.id !== point.id), point]));
  const remove = (id: number) => points.setData((all) => all.filter((p) => p.id !== id));
  const shared = { campaigns: campaignList, campaignsProblem, onSaved: upsert, onDeleted: remove, onStale: () => void points.reload() };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Message Points</h1>
          <p>Talking points supporters choose from when they write a letter.</p>
        </div>
      </div>
      {points.status === 'loading' ? (
        <Loading label="Loading message points..." />
      ) : !points.data ? (
        points.status === 'error' && <LoadError what="the message points" error={points.error} onRetry={points.retry} />
      ) : (
        <>
          {/* A background refresh failed: the list below is the last one loaded. */}
          {points.status === 'error' && <LoadError what="the latest message points" error={points.error} onRetry={points.retry} compact />}
          <CreateMessagePointForm campaigns={campaignList} campaignsProblem={campaignsProblem} onCreated={upsert} />
          <MessagePointTable
            id="general-points"
            title="General Message Points"
            points={points.data.filter((p) => p.campaign_id === null)}
            showCampaign={false}
            empty="No general message points yet"
            {...shared}
          />
          <MessagePointTable
            id="campaign-points"
            title="Campaign-Specific Message Points"
            points={points.data.filter((p) => p.campaign_id !== null)}
            showCampaign
            empty="No campaign-specific message points yet"
            {...shared}
          />
        </>
      )}
    </div>
  );
}
