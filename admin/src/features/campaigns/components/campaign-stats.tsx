import type { AdminCampaign } from '@dais/api/contract';
import { progressLabel } from '../../../lib/campaign-progress';
import { formatDate, formatNumber } from '../../../lib/format';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { lettersNote, pendingNote } from '../../../lib/stat-notes';

/** The edit screen's stat cards: Supporters, Letters, Progress %, Created (as saved). */
export function CampaignStats({ campaign: c }: { campaign: AdminCampaign }) {
  const zone = useScreenTimeZone();
  // The counts are confirmed supporters; those still to confirm by e-mail are said beside them.
  const stats = [
    { label: 'Supporters', value: formatNumber(c.supporter_count), note: pendingNote(c.pending_supporters) },
    { label: 'Letters', value: formatNumber(c.letter_count), note: lettersNote(c.personal_letters, c.pending_letters) },
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
        </li>
      ))}
    </ul>
  );
}

