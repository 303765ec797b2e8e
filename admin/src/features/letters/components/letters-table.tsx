import { perspectiveLabel, type AdminCampaign, type AdminLetter } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { districtColumns } from '../../../components/district-columns';
import { positionColumn } from '../../../components/position-column';
import { formatDateTime } from '../../../lib/format';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { LateBadge } from './late-badge';
import { PersonalBadge } from './personal-badge';
import { StatusBadge } from './status-badge';

interface LettersTableProps {
  letters: AdminLetter[];
  labelledBy: string;
  /** For each letter's position in its campaign's words. */
  campaigns: AdminCampaign[];
  onView: (letter: AdminLetter) => void;
  onDownload: (letter: AdminLetter) => void;
}

/** SPEC.md section 2, Letters: one row per letter, times in the screen's zone. */
export function LettersTable({ letters, labelledBy, campaigns, onView, onDownload }: LettersTableProps) {
  const zone = useScreenTimeZone();
  // The writer's name describes the row's buttons, so a screen reader's list of controls tells ten Views apart.
  const nameId = (rowId: string) => `${rowId}-name`;
  const columns: (Column<AdminLetter> | false)[] = [
    {
      header: 'Supporter',
      className: 'supporter-cell',
      cell: (l, rowId) => (
        <>
          <p className="strong" id={nameId(rowId)}>
            {l.supporter_name}
          </p>
          <p className="muted small">{l.supporter_email}</p>
        </>
      ),
    },
    { header: 'Campaign', cell: (l) => l.campaign_title },
    positionColumn(letters, campaigns),
    {
      header: 'Perspective',
      className: 'nowrap',
      cell: (l) => (
        <>
          {perspectiveLabel(l.perspective)}
          {l.personal && <PersonalBadge />}
        </>
      ),
    },
    { header: 'Location', className: 'nowrap', cell: (l) => `${l.city}, ${l.state}` },
    ...districtColumns(letters, campaigns),
    {
      header: 'Submitted',
      className: 'nowrap',
      cell: (l) => (
        <>
          {formatDateTime(l.created_at, zone)}
          {l.is_late && <LateBadge />}
          <StatusBadge status={l.status} />
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (l, rowId) => (
        <div className="actions-cell nowrap">
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId(rowId)} onClick={() => onView(l)}>
            View
          </button>
          <button type="button" className="button button-secondary button-small" aria-describedby={nameId(rowId)} onClick={() => onDownload(l)}>
            Download
          </button>
        </div>
      ),
    },
  ];
  return <CardTable labelledBy={labelledBy} columns={columns} rows={letters} rowKey={(l) => l.id} />;
}
