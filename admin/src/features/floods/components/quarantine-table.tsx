import { useId } from 'react';
import type { QuarantineView } from '@dais/api/contract';
import { CardTable } from '../../../components/card-table';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { counted } from '../utils/quarantine-text';

interface QuarantineTableProps {
  quarantines: QuarantineView[];
  labelledBy: string;
  /** The quarantine whose restore is running: spinner, disabled. */
  restoring: number | null;
  onRestore: (quarantine: QuarantineView) => void;
}

/** The campaign's quarantines, newest first; each still held has Restore. Every value is text, as typed. */
export function QuarantineTable({ quarantines, labelledBy, restoring, onRestore }: QuarantineTableProps) {
  return (
    <CardTable labelledBy={labelledBy} className="quarantine-table">
      <thead>
        <tr>
          <th scope="col">Quarantined</th>
          <th scope="col">Source</th>
          <th scope="col">Time range</th>
          <th scope="col">Reason</th>
          <th scope="col">Took</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {quarantines.map((q) => (
          <QuarantineRow key={q.id} quarantine={q} restoring={restoring} onRestore={onRestore} />
        ))}
      </tbody>
    </CardTable>
  );
}

function QuarantineRow({ quarantine: q, restoring, onRestore }: { quarantine: QuarantineView } & Pick<QuarantineTableProps, 'restoring' | 'onRestore'>) {
  const sourceId = useId();
  return (
    <tr>
      <td className="quarantine-when" data-label="Quarantined">
        <time dateTime={q.created_at}>{formatDateTime(q.created_at)}</time>
        <p className="muted small">by {q.created_by}</p>
      </td>
      <td className="quarantine-source" data-label="Source">
        <p id={sourceId} className="strong">
          {q.network ?? q.email_domain}
        </p>
        <p className="muted small">{q.network !== null ? 'Network' : 'E-mail domain'}</p>
      </td>
      <td className="quarantine-range" data-label="Time range">
        <time dateTime={q.from}>{formatDateTime(q.from)}</time> to <time dateTime={q.to}>{formatDateTime(q.to)}</time>
      </td>
      <td className="quarantine-reason" data-label="Reason">{q.reason}</td>
      <td className="nowrap" data-label="Took">
        {counted(q.signatures, 'signature')}
        <br />
        {counted(q.letters, 'letter')}
      </td>
      <td className="quarantine-status" data-label="Status">
        {q.restored_at !== null ? (
          <>
            <span className="badge badge-inactive">Restored</span>
            <p className="muted small">
              by {q.restored_by ?? 'an admin'}, <time dateTime={q.restored_at}>{formatDateTime(q.restored_at)}</time>
            </p>
          </>
        ) : (
          <>
            <span className="badge badge-warning">In quarantine</span>
            <button
              type="button"
              className="button button-secondary button-small quarantine-restore"
              aria-describedby={sourceId}
              disabled={restoring !== null}
              onClick={() => onRestore(q)}
            >
              {restoring === q.id && <Spinner size="sm" />}
              {restoring === q.id ? 'Restoring...' : 'Restore'}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
