import type { AuditEntry } from '@dais/api/contract';
import { CardTable } from '../../../components/card-table';
import { formatDateTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { auditActionLabel } from '../utils/audit-filters';

interface AuditTableProps {
  entries: AuditEntry[];
  labelledBy: string;
  /** A campaign's title by id, from the campaign list; an id it lacks is shown by number. */
  campaignTitle: (id: number) => string | undefined;
}

/** The entries, newest first. Every value is text: a title or summary full of markup shows as typed. */
export function AuditTable({ entries, labelledBy, campaignTitle }: AuditTableProps) {
  return (
    <CardTable labelledBy={labelledBy} className="audit-table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Campaign</th>
          <th scope="col">Summary</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td className="audit-when" data-label="When">
              <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
            </td>
            <td className="audit-actor" data-label="Who">{e.actor_email}</td>
            <td className="nowrap" data-label="What">{auditActionLabel(e.action)}</td>
            <td className="audit-campaign" data-label="Campaign">
              {e.campaign_id === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">None</span>
                </>
              ) : (
                <Link to={`/admin/campaigns/${e.campaign_id}`}>{campaignTitle(e.campaign_id) ?? `Campaign #${e.campaign_id}`}</Link>
              )}
            </td>
            <td className="audit-summary" data-label="Summary">{e.summary}</td>
          </tr>
        ))}
      </tbody>
    </CardTable>
  );
}
