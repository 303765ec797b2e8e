import type { AuditEntry } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { formatDateTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { auditActionLabel } from '../utils/audit-filters';
import { summaryInZone } from '../utils/audit-summary';

interface AuditTableProps {
  entries: AuditEntry[];
  labelledBy: string;
  /** A campaign's title by id, from the campaign list; an id it lacks is shown by number. */
  campaignTitle: (id: number) => string | undefined;
}

/**
 * The entries, newest first. Every value is text: a title or summary full of markup shows as typed.
 * Times, those inside summaries too, in the screen's zone, to the minute.
 */
export function AuditTable({ entries, labelledBy, campaignTitle }: AuditTableProps) {
  const zone = useScreenTimeZone();
  const columns: Column<AuditEntry>[] = [
    { header: 'When', className: 'audit-when', cell: (e) => <time dateTime={e.created_at}>{formatDateTime(e.created_at, zone)}</time> },
    { header: 'Who', className: 'audit-actor', cell: (e) => e.actor_email },
    { header: 'What', className: 'nowrap', cell: (e) => auditActionLabel(e.action) },
    {
      header: 'Campaign',
      className: 'audit-campaign',
      cell: (e) =>
        e.campaign_id === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">None</span>
          </>
        ) : (
          <Link to={`/admin/campaigns/${e.campaign_id}`}>{campaignTitle(e.campaign_id) ?? `Campaign #${e.campaign_id}`}</Link>
        ),
    },
    { header: 'Summary', className: 'audit-summary', cell: (e) => summaryInZone(e.summary, zone) },
  ];
  return <CardTable labelledBy={labelledBy} className="audit-table" columns={columns} rows={entries} rowKey={(e) => e.id} />;
}
