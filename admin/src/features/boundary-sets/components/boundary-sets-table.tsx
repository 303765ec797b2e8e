import type { BoundarySetSummary } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { formatDate, formatNumber } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { campaignsText } from '../utils/campaigns-text';

/** The uploaded sets, newest first as the API lists them; each name opens the set and its districts. */
export function BoundarySetsTable({ sets, labelledBy }: { sets: BoundarySetSummary[]; labelledBy: string }) {
  const zone = useScreenTimeZone();
  const columns: Column<BoundarySetSummary>[] = [
    {
      header: 'Name',
      className: 'boundary-set-name',
      cell: (s) => <Link to={`/admin/districts/${s.id}`}>{s.name}</Link>,
    },
    { header: 'Districts', className: 'num', cell: (s) => formatNumber(s.district_count) },
    { header: 'Used by', cell: (s) => campaignsText(s.campaign_count) },
    { header: 'Uploaded', className: 'nowrap', cell: (s) => <time dateTime={s.created_at}>{formatDate(s.created_at, zone)}</time> },
  ];
  return <CardTable labelledBy={labelledBy} columns={columns} rows={sets} rowKey={(s) => s.id} />;
}
