import { useId } from 'react';
import { perspectiveLabel, type AdminLetter } from '@dais/api/contract';
import { CardTable } from '../../../components/card-table';
import { formatDateTime } from '../../../lib/format';
import { LateBadge } from './late-badge';
import { StatusBadge } from './status-badge';

interface LettersTableProps {
  letters: AdminLetter[];
  labelledBy: string;
  onView: (letter: AdminLetter) => void;
  onDownload: (letter: AdminLetter) => void;
}

export function LettersTable({ letters, labelledBy, onView, onDownload }: LettersTableProps) {
  return (
    <CardTable labelledBy={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Supporter</th>
          <th scope="col">Campaign</th>
          <th scope="col">Perspective</th>
          <th scope="col">Location</th>
          <th scope="col">Submitted</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {letters.map((l) => (
          <LetterRow key={l.id} letter={l} onView={onView} onDownload={onDownload} />
        ))}
      </tbody>
    </CardTable>
  );
}

function LetterRow({ letter: l, onView, onDownload }: { letter: AdminLetter; onView: LettersTableProps['onView']; onDownload: LettersTableProps['onDownload'] }) {
  const nameId = useId();
  return (
    <tr>
      <td className="supporter-cell" data-label="Supporter">
        <p className="strong" id={nameId}>
          {l.supporter_name}
        </p>
        <p className="muted small">{l.supporter_email}</p>
      </td>
      <td data-label="Campaign">{l.campaign_title}</td>
      <td className="nowrap" data-label="Perspective">{perspectiveLabel(l.perspective)}</td>
      <td className="nowrap" data-label="Location">{l.city}, {l.state}</td>
      <td className="nowrap" data-label="Submitted">
        {formatDateTime(l.created_at)}
        {l.is_late && <LateBadge />}
        <StatusBadge status={l.status} />
      </td>
      <td data-label="Actions">
        <div className="actions-cell nowrap">
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId} onClick={() => onView(l)}>
            View
          </button>
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId} onClick={() => onDownload(l)}>
            Download
          </button>
        </div>
      </td>
    </tr>
  );
}
