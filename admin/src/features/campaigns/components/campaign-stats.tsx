import type { AdminCampaign } from '@dais/api/contract';
import { progressLabel } from '../../../lib/campaign-progress';
import { formatDate, formatNumber } from '../../../lib/format';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { positionCountsText } from '../../../lib/position-text';
import { lettersNote, pendingNote } from '../../../lib/stat-notes';
import './campaign-stats.css';

/**
 * The edit screen's stat cards: Supporters, Letters, Progress %, Created (as saved). Where the
 * campaign asks a position, Supporters and Letters say how many took each, in its words.
 */
export function CampaignStats({ campaign: c }: { campaign: AdminCampaign }) {
  const zone = useScreenTimeZone();
  // The counts are confirmed supporters; those still to confirm by e-mail are said beside them.
  const stats = [
    { label: 'Supporters', value: formatNumber(c.supporter_count), note: pendingNote(c.pending_supporters), positions: positionCountsText(c, 'supporters') },
    { label: 'Letters', value: formatNumber(c.letter_count), note: lettersNote(c.personal_letters, c.pending_letters), positions: positionCountsText(c, 'letters') },
    { label: 'Progress %', value: progressLabel(c.supporter_count, c.target_signatures) },
    { label: 'Created', value: formatDate(c.created_at, zone), date: true },
  ];
  return (
    <ul className="stat-cards campaign-stats" aria-label="Campaign statistics">
      {stats.map((s) => (
        <li key={s.label} className="card stat-card">
          <span className="stat-label">{s.label}</span>
          <span className={'date' in s ? 'stat-value stat-value-date' : 'stat-value'}>{s.value}</span>
          {'note' in s && s.note && <span className="stat-note">{s.note}</span>}
          {'positions' in s && s.positions && <span className="stat-positions">{s.positions}</span>}
        </li>
      ))}
    </ul>
  );
}

