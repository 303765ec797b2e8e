import type { ErasureRecord } from '@dais/api/contract';
import { CardTable } from '../../../components/card-table';
import { formatDateTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { KIND_LABELS, STATUS_LABELS } from '../utils/erasure-text';

interface ErasureRecordsProps {
  records: ErasureRecord[];
  labelledBy: string;
}

/** Every signature and letter that holds the address, newest first within each kind. */
export function ErasureRecords({ records, labelledBy }: ErasureRecordsProps) {
  const delivered = records.some((r) => r.delivered);
  // No provider above: the browser's zone, which the page names.
  const zone = useScreenTimeZone();
  return (
    <>
      <CardTable labelledBy={labelledBy} className="erasure-table">
        <thead>
          <tr>
            <th scope="col">Record</th>
            <th scope="col">Campaign</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={`${r.kind}-${r.id}`}>
              <td data-label="Record">
                <span className="nowrap">{KIND_LABELS[r.kind]}</span>
                {r.delivered && <span className="badge badge-warning erasure-delivered">Sent to the decision body</span>}
              </td>
              <td className="erasure-campaign" data-label="Campaign">
                <Link to={`/admin/campaigns/${r.campaign_id}`}>{r.campaign_title || `Campaign #${r.campaign_id}`}</Link>
              </td>
              <td className="nowrap" data-label="Status">{STATUS_LABELS[r.status]}</td>
              <td className="nowrap" data-label="Date">
                <time dateTime={r.created_at}>{formatDateTime(r.created_at, zone)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </CardTable>
      {delivered && (
        <p className="notice erasure-note">
          A letter marked "Sent to the decision body" was already e-mailed to them, on its own or in a hearing packet. Erasing removes
          Dais's own copy (the writer's name, contact details and text), but the decision body keeps the copy it was sent, name and contact
          details included: Dais cannot recall it. If the person asks, tell them to write to the decision body too.
        </p>
      )}
    </>
  );
}
