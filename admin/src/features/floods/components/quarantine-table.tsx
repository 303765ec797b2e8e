import type { QuarantineView } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { counted } from '../utils/quarantine-text';

interface QuarantineTableProps {
  quarantines: QuarantineView[];
  labelledBy: string;
  /** The quarantine whose restore is running: spinner, disabled. */
  restoring: number | null;
  onRestore: (quarantine: QuarantineView) => void;
}

/**
 * The campaign's quarantines, newest first; each still held has Restore. Every value is text, as
 * typed; times in the screen's zone (the campaign's).
 */
export function QuarantineTable({ quarantines, labelledBy, restoring, onRestore }: QuarantineTableProps) {
  const zone = useScreenTimeZone();
  const time = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, zone)}</time>;
  const sourceId = (rowId: string) => `${rowId}-source`;
  const columns: Column<QuarantineView>[] = [
    {
      header: 'Quarantined',
      className: 'quarantine-when',
      cell: (q) => (
        <>
          {time(q.created_at)}
          <p className="muted small">by {q.created_by}</p>
        </>
      ),
    },
    {
      header: 'Source',
      className: 'quarantine-source',
      cell: (q, rowId) => (
        <>
          <p id={sourceId(rowId)} className="strong">
            {q.network ?? q.email_domain}
          </p>
          <p className="muted small">{q.network !== null ? 'Network' : 'E-mail domain'}</p>
        </>
      ),
    },
    {
      header: 'Time range',
      className: 'quarantine-range',
      cell: (q) => (
        <>
          {time(q.from)} to {time(q.to)}
        </>
      ),
    },
    { header: 'Reason', className: 'quarantine-reason', cell: (q) => q.reason },
    {
      header: 'Took',
      className: 'nowrap',
      cell: (q) => (
        <>
          {counted(q.signatures, 'signature')}
          <br />
          {counted(q.letters, 'letter')}
        </>
      ),
    },
    {
      header: 'Status',
      className: 'quarantine-status',
      cell: (q, rowId) =>
        q.restored_at !== null ? (
          <>
            <span className="badge badge-inactive">Restored</span>
            <p className="muted small">
              by {q.restored_by ?? 'an admin'}, {time(q.restored_at)}
            </p>
          </>
        ) : (
          <>
            <span className="badge badge-warning">In quarantine</span>
            <button
              type="button"
              className="button button-secondary button-small quarantine-restore"
              aria-describedby={sourceId(rowId)}
              disabled={restoring !== null}
              onClick={() => onRestore(q)}
            >
              {restoring === q.id && <Spinner size="sm" />}
              {restoring === q.id ? 'Restoring...' : 'Restore'}
            </button>
          </>
        ),
    },
  ];
  return <CardTable labelledBy={labelledBy} className="quarantine-table" columns={columns} rows={quarantines} rowKey={(q) => q.id} />;
}
