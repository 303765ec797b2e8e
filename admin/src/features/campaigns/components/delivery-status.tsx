import type { Delivery } from '@dais/api/contract';
import { deliveryStatusWords } from '../utils/delivery-status-text';

const BADGE_CLASS: Record<Delivery['status'], string> = { queued: 'badge', sending: 'badge', sent: 'badge badge-on', failed: 'badge badge-failed' };

/**
 * Where one delivery's e-mail stands, in plain words ('Accepted by the mail server' once a clerk's
 * server has it; why not, when it was refused), with the server's own reply one click away.
 */
export function DeliveryStatus({ delivery: d, when }: { delivery: Delivery; when: (iso: string) => string }) {
  const words = deliveryStatusWords(d, when);
  return (
    <span className="delivery-status">
      <span className={BADGE_CLASS[d.status]}>{words.badge}</span>
      {words.sentence && <span className={d.status === 'failed' ? 'delivery-error' : 'delivery-status-text'}> {words.sentence}</span>}
      {words.detail && (
        <details className="delivery-reply">
          <summary>{words.detailFromServer ? "The mail server's reply" : 'Details'}</summary>
          <code>{words.detail}</code>
        </details>
      )}
    </span>
  );
}
