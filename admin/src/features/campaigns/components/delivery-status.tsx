import type { Delivery } from '@dais/api/contract';

const LABEL: Record<Delivery['status'], string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
const BADGE: Record<Delivery['status'], string> = { queued: 'badge', sending: 'badge', sent: 'badge badge-on', failed: 'badge badge-failed' };

/**
 * Where one delivery's e-mail stands: the mail server's reply once it accepted it (the proof a
 * clerk's server has it), its reason when it refused, and how often it was tried.
 */
export function DeliveryStatus({ delivery: d, when }: { delivery: Delivery; when: (iso: string) => string }) {
  const retries = Math.max(0, d.attempts - 1);
  return (
    <span className="delivery-status">
      <span className={BADGE[d.status]}>{LABEL[d.status]}</span>
      {d.status === 'sent' && d.sent_at && <span className="muted small"> {when(d.sent_at)}</span>}
      {retries > 0 && <span className="muted small"> after {retries === 1 ? '1 retry' : `${retries} retries`}</span>}
      {d.status === 'queued' && d.next_attempt_at && d.attempts > 0 && <span className="muted small"> next try {when(d.next_attempt_at)}</span>}
      {d.status === 'sent' && d.smtp_response && <span className="delivery-reply">{d.smtp_response}</span>}
      {d.last_error && <span className="delivery-error">{d.status === 'sent' ? `Refused: ${d.last_error}` : d.last_error}</span>}
    </span>
  );
}
