import { useState } from 'react';
import { pathId, type BoundarySet } from '@dais/api/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Loading, Spinner } from '../../../components/spinner';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useCampaigns } from '../../../lib/admin-campaigns';
import { failureText } from '../../../lib/error-reason';
import { formatDate, formatNumber } from '../../../lib/format';
import { useNotify } from '../../../lib/notify';
import { Link, navigate, useParams } from '../../../lib/router';
import { browserZone, ScreenTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { deleteBoundarySet } from '../api/delete-boundary-set';
import { useBoundarySet } from '../api/get-boundary-set';
import { useCanChangeBoundarySets } from '../api/get-write-access';
import { campaignsText } from '../utils/campaigns-text';
import { DistrictsTable } from './districts-table';
import { ViewerNote } from './viewer-note';
import './boundary-sets.css';

/** /admin/districts/{id}: one boundary set, its districts and representatives, the campaigns that use it, and Delete. */
export function BoundarySetPage() {
  const parsed = pathId('Boundary set id').safeParse(useParams().id);
  if (!parsed.success) return <BoundarySetNotFound />;
  return <ExistingBoundarySet id={parsed.data} />;
}

function ExistingBoundarySet({ id }: { id: number }) {
  const set = useBoundarySet(id);
  const missing = set.status === 'error' && set.error.status === 404;
  usePageTitle(missing ? 'Boundary Set Not Found' : (set.data?.name ?? 'Boundary Set'));
  if (set.status === 'loading') return <Loading label="Loading boundary set..." />;
  if (missing) return <BoundarySetNotFound />;
  if (set.status === 'error') {
    return (
      <div className="page">
        <h1>Boundary Set</h1>
        <LoadError what="the boundary set" error={set.error} onRetry={set.retry} />
        <p className="center-text">
          <Link to="/admin/districts">Back to Districts</Link>
        </p>
      </div>
    );
  }
  return <BoundarySetView set={set.data} />;
}

function BoundarySetView({ set }: { set: BoundarySet }) {
  const zone = browserZone();
  const canChange = useCanChangeBoundarySets();
  const campaigns = useCampaigns();
  const users = campaigns.data?.filter((c) => c.boundary_set_id === set.id) ?? [];
  const count = set.districts.length;
  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <p className="breadcrumb">
              <Link to="/admin/districts">Districts</Link>
            </p>
            <h1>{set.name}</h1>
            <p className="page-subtitle">
              {formatNumber(count)} {count === 1 ? 'district' : 'districts'} · uploaded {formatDate(set.created_at, zone.timeZone)}
            </p>
            <TimeZoneNote zone={zone} />
          </div>
          {canChange && <DeleteButton set={set} />}
        </div>
        {canChange === false && <ViewerNote />}
        <section className="card boundary-users" aria-labelledby="boundary-users-title">
          <h2 id="boundary-users-title">Used by {campaignsText(set.campaign_count).toLowerCase()}</h2>
          {users.length > 0 ? (
            <ul>
              {users.map((c) => (
                <li key={c.id}>
                  <Link to={`/admin/campaigns/${c.id}`}>{c.title}</Link>
                </li>
              ))}
            </ul>
          ) : (
            set.campaign_count === 0 && <p className="muted">Pick it on a campaign's Basic Info tab, under Boundary set.</p>
          )}
        </section>
        <section className="section" aria-labelledby="districts-title">
          <div className="section-title">
            <h2 id="districts-title">Districts</h2>
          </div>
          <DistrictsTable districts={set.districts} labelledBy="districts-title" />
        </section>
      </div>
    </ScreenTimeZone>
  );
}

/** Delete, behind a confirmation; a set in use is refused by the server with the campaigns named, said as it comes. */
function DeleteButton({ set }: { set: BoundarySet }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const ok = await confirm({
      title: 'Delete this boundary set?',
      message: `“${set.name}” and its ${formatNumber(set.districts.length)} districts go. Signatures and letters keep the names of the districts they were placed in.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await deleteBoundarySet(set.id);
      notify.success(`Deleted boundary set “${set.name}”`);
      navigate('/admin/districts', { replace: true });
    } catch (error) {
      console.error('Error deleting boundary set:', error);
      notify.error(failureText('Failed to delete the boundary set', error));
      setBusy(false);
    }
  };
  return (
    <div className="button-row">
      <button type="button" className="button button-danger" disabled={busy} onClick={() => void remove()}>
        {busy && <Spinner size="sm" />}
        {busy ? 'Deleting...' : 'Delete Boundary Set'}
      </button>
    </div>
  );
}

function BoundarySetNotFound() {
  usePageTitle('Boundary Set Not Found');
  return (
    <div className="page narrow">
      <h1>Boundary Set Not Found</h1>
      <p>There is no boundary set at this address. It may have been deleted, or the link may be out of date.</p>
      <p>
        <Link to="/admin/districts" className="button button-primary">
          Back to Districts
        </Link>
      </p>
    </div>
  );
}
