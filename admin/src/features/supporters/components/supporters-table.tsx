import type { AdminCampaign, AdminSupporter } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { districtColumns } from '../../../components/district-columns';
import { positionColumn } from '../../../components/position-column';
import { formatDateTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { ThrowawayBadge } from './throwaway-badge';
import './supporters.css';

interface SupportersTableProps {
  supporters: AdminSupporter[];
  labelledBy: string;
  /** For each signature's position in its campaign's words. */
  campaigns: AdminCampaign[];
}

/** The signatures on one page. Every value is text, as the supporter typed it; times in the screen's zone. */
export function SupportersTable({ supporters, labelledBy, campaigns }: SupportersTableProps) {
  const zone = useScreenTimeZone();
  const columns: (Column<AdminSupporter> | false)[] = [
    {
      header: 'Supporter',
      className: 'supporter-cell',
      cell: (s) => (
        <>
          <p className="strong">{s.name}</p>
          <p className="muted small supporter-email">
            <span>{s.email}</span>
            {s.disposable_email && <ThrowawayBadge />}
          </p>
        </>
      ),
    },
    { header: 'Campaign', className: 'supporter-campaign', cell: (s) => <Link to={`/admin/campaigns/${s.campaign_id}`}>{s.campaign_title}</Link> },
    positionColumn(supporters, campaigns),
    { header: 'Location', className: 'nowrap', cell: (s) => `${s.city}, ${s.state}` },
    ...districtColumns(supporters, campaigns),
    {
      header: 'Signed',
      className: 'nowrap',
      cell: (s) => (
        <>
          <time dateTime={s.created_at}>{formatDateTime(s.created_at, zone)}</time>
          {s.status === 'pending' && (
            <span className="badge badge-off supporter-status" title="Its signer has not confirmed it from their e-mail yet: not counted">
              Pending
            </span>
          )}
        </>
      ),
    },
  ];
  return <CardTable labelledBy={labelledBy} columns={columns} rows={supporters} rowKey={(s) => s.id} />;
}
