import type { AdminSupporter } from '@dais/api/contract';
import { CardTable } from '../../../components/card-table';
import { formatDateTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { ThrowawayBadge } from './throwaway-badge';
import './supporters.css';

/** The signatures on one page. Every value is text, as the supporter typed it. */
export function SupportersTable({ supporters, labelledBy }: { supporters: AdminSupporter[]; labelledBy: string }) {
  return (
    <CardTable labelledBy={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Supporter</th>
          <th scope="col">Campaign</th>
          <th scope="col">Location</th>
          <th scope="col">Signed</th>
        </tr>
      </thead>
      <tbody>
        {supporters.map((s) => (
          <tr key={s.id}>
            <td className="supporter-cell" data-label="Supporter">
              <p className="strong">{s.name}</p>
              <p className="muted small supporter-email">
                <span>{s.email}</span>
                {s.disposable_email && <ThrowawayBadge />}
              </p>
            </td>
            <td className="supporter-campaign" data-label="Campaign">
              <Link to={`/admin/campaigns/${s.campaign_id}`}>{s.campaign_title}</Link>
            </td>
            <td className="nowrap" data-label="Location">{s.city}, {s.state}</td>
            <td className="nowrap" data-label="Signed">
              <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
              {s.status === 'pending' && (
                <span className="badge badge-off supporter-status" title="Its signer has not confirmed it from their e-mail yet: not counted">
                  Pending
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </CardTable>
  );
}
