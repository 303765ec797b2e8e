import type { Delivery } from '../contract';
import type { DeliveryRow } from '../db/types';
import type { OutboxState } from '../deliveries/outbox';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A delivery as the admin lists it: the row, and where its e-mail stands (its outbox row). */
export const toDelivery = (d: DeliveryRow, mail: OutboxState): Delivery => ({
  id: d.id,
  campaign_id: d.campaign_id,
  kind: d.kind,
  trigger: d.trigger,
  created_at: d.created_at.toISOString(),
  recipients: d.recipients,
  letter_count: d.letter_count,
  letter_id: d.letter_id,
  since: iso(d.since),
  until: iso(d.until),
  message_id: d.message_id,
  status: mail.status,
  attempts: mail.attempts,
  last_error: mail.last_error,
  next_attempt_at: iso(mail.next_attempt_at),
  sent_at: iso(mail.sent_at),
  smtp_response: mail.smtp_response,
});
