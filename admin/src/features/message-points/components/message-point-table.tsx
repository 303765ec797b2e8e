import type { ReactNode } from 'react';
import type { AdminCampaign, AdminMessagePoint } from '@dais/api/contract';
import { CardTable } from '../../../components/card-table';
import { MessagePointRow } from './message-point-row';

interface MessagePointTableProps {
  id: string;
  title: string;
  points: AdminMessagePoint[];
  /** The campaign-specific group adds a Campaign column. */
  showCampaign: boolean;
  empty: string;
  campaigns: AdminCampaign[];
  campaignsProblem?: ReactNode;
  onSaved: (point: AdminMessagePoint) => void;
  onDeleted: (id: number) => void;
  onStale: () => void;
}

/** One group of message points with its count. */
export function MessagePointTable({ id, title, points, showCampaign, empty, ...rowProps }: MessagePointTableProps) {
  const titleId = `${id}-title`;
  const columns = showCampaign ? 6 : 5;
  return (
    <section className="section" aria-labelledby={titleId}>
      <div className="section-title">
        <h2 id={titleId}>
          {title} <span className="count">({points.length})</span>
        </h2>
      </div>
      {points.length === 0 ? (
        <p className="card empty">{empty}</p>
      ) : (
        <CardTable labelledBy={titleId} className="points-table">
          <thead>
            <tr>
              <th scope="col">{showCampaign ? 'Campaign' : 'Language'}</th>
              <th scope="col">Category</th>
              <th scope="col">Talking Points</th>
              <th scope="col" className="num">
                Order
              </th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <MessagePointRow key={p.id} point={p} showCampaign={showCampaign} columns={columns} {...rowProps} />
            ))}
          </tbody>
        </CardTable>
      )}
    </section>
  );
}
