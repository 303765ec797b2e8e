import type { EntityManager } from 'typeorm';
import { isLate } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow, LetterRow } from '../db/types';
import { letterMail } from '../deliveries/mail-text';
import { queueMail } from '../deliveries/outbox';

export type CampaignForDelivery = Pick<
  CampaignRow,
  'id' | 'title' | 'decision_body' | 'agenda_item_number' | 'project_name' | 'meeting_date' | 'comment_deadline' | 'time_zone' | 'delivery_mode' | 'delivery_recipients'
>;

export const CAMPAIGN_FOR_DELIVERY = {
  id: true,
  title: true,
  decision_body: true,
  agenda_item_number: true,
  project_name: true,
  meeting_date: true,
  comment_deadline: true,
  time_zone: true,
  delivery_mode: true,
  delivery_recipients: true,
} as const;

export type LetterForDelivery = Omit<LetterRow, 'created_at' | 'updated_at' | 'status' | 'submitted_at' | 'confirm_mails' | 'confirm_mailed_at'>;

/**
 * In `each` mode, queues a letter's e-mail to the recipients and its deliveries row, in the caller's
 * transaction: the one that put the letter on the record (its submit, or its writer's confirmation).
 * `enteredAt` is that moment, which decides whether it is late.
 */
export async function deliverIfEach(m: EntityManager, db: Database, c: CampaignForDelivery, letter: LetterForDelivery, enteredAt: Date): Promise<void> {
  if (c.delivery_mode !== 'each' || c.delivery_recipients.length === 0) return;
  const queued = await queueMail(m, letterMail(c, c.delivery_recipients, letter, enteredAt, isLate(enteredAt, c.comment_deadline)));
  await m.getRepository(db.entities.Delivery).insert({
    campaign_id: c.id,
    kind: 'letter',
    trigger: 'submit',
    recipients: c.delivery_recipients,
    letter_count: 1,
    letter_id: letter.id,
    since: null,
    until: null,
    outbox_id: queued.id,
    message_id: queued.message_id,
    schedule_key: null,
  });
}
