import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { navigate } from '../../../lib/router';
import { browserZone, ScreenTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBoundarySets } from '../api/get-boundary-sets';
import { useCanChangeBoundarySets } from '../api/get-write-access';
import { BoundarySetsTable } from './boundary-sets-table';
import { GeojsonHelp } from './geojson-help';
import { UploadForm } from './upload-form';
import { ViewerNote } from './viewer-note';
import './boundary-sets.css';

/**
 * /admin/districts (issue 25): the boundary sets uploaded, each a jurisdiction's districts, and the
 * upload of a new one (owners and editors). A campaign picks one on its Basic Info tab; its
 * signatures and letters are then placed in its districts and counted by them.
 */
export function BoundarySetsPage() {
  usePageTitle('Districts');
  const sets = useBoundarySets();
  const canChange = useCanChangeBoundarySets();
  const zone = browserZone();
  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <h1>Districts</h1>
            <p>
              Boundary sets: a jurisdiction's districts (wards, council districts) and their representatives. A campaign that uses one places
              each signature and letter in a district and counts them by district.
            </p>
            <TimeZoneNote zone={zone} />
          </div>
        </div>
        {canChange && <UploadForm onUploaded={(set) => navigate(`/admin/districts/${set.id}`)} />}
        {canChange === false && <ViewerNote />}
        <section className="section" aria-labelledby="boundary-sets-title">
          <div className="section-title">
            <h2 id="boundary-sets-title">Boundary Sets</h2>
          </div>
          {sets.status === 'loading' ? (
            <Loading label="Loading boundary sets..." />
          ) : sets.status === 'error' ? (
            <LoadError what="the boundary sets" error={sets.error} onRetry={sets.retry} compact />
          ) : sets.data.length === 0 ? (
            <p className="card empty">No boundary sets yet</p>
          ) : (
            <BoundarySetsTable sets={sets.data} labelledBy="boundary-sets-title" />
          )}
        </section>
        <GeojsonHelp />
      </div>
    </ScreenTimeZone>
  );
}
