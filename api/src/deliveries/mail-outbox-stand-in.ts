/**
 * STAND-IN for the `mail` branch's api/src/mail/outbox.ts (BRIEF.md, "Mail outbox API"), so that
 * deliveries can be written and tested before that branch is merged. It keeps queued mail in this
 * process's memory and never sends it: every delivery reads as "queued". Only ./outbox.ts imports
 * it; when the real outbox lands, ./outbox.ts switches to it and this file is deleted.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

export interface QueuedAttachment {
  kind: 'packet-pdf' | 'packet-csv';
  campaign_id: number;
  since: string | null;
  until: string;
}
export interface MailToQueue {
  to: string[];
  subject: string;
  text: string;
  attachments?: QueuedAttachment[];
}

export interface StandInMail extends MailToQueue {
  id: number;
  message_id: string;
}

const queued = new WeakMap<object, StandInMail[]>();

export async function queueMail(m: EntityManager, mail: MailToQueue): Promise<{ id: number; message_id: string }> {
  let list = queued.get(m.connection);
  if (!list) queued.set(m.connection, (list = []));
  const row = { ...mail, id: list.length + 1, message_id: `<${randomUUID()}@dais.invalid>` };
  list.push(row);
  return { id: row.id, message_id: row.message_id };
}

/** What was "queued" through this database handle (tests read it until real mail is there). */
export function standInQueued(connection: object): StandInMail[] {
  return queued.get(connection) ?? [];
}
