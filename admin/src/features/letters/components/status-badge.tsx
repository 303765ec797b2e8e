import type { RecordStatus } from '@dais/api/contract';
import './letters.css';

const SHOWN: Record<Exclude<RecordStatus, 'confirmed'>, { text: string; title: string }> = {
  pending: { text: 'Pending', title: 'Its writer has not confirmed it from their e-mail yet: not counted, not delivered' },
  withdrawn: { text: 'Withdrawn', title: 'Its writer took it back after it was delivered; their details were removed' },
};

/** A letter that is not (or no longer) on the record; confirmed ones carry no badge. */
export function StatusBadge({ status }: { status: RecordStatus }) {
  if (status === 'confirmed') return null;
  const shown = SHOWN[status];
  return (
    <span className="badge badge-off letter-status" title={shown.title}>
      {shown.text}
    </span>
  );
}
