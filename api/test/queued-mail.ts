/**
 * The mail the app has queued, as tests read it. Until the `mail` branch's outbox is merged, the
 * deliveries code queues into a stand-in (src/deliveries/mail-outbox-stand-in.ts) and this reads
 * that; with the real outbox it reads the outbox table, and the SMTP tests read what was sent.
 */
import { standInQueued, type StandInMail } from '../src/deliveries/mail-outbox-stand-in';
import type { TestServer } from './harness';

export type QueuedMail = StandInMail;

export function queuedMail(t: TestServer): QueuedMail[] {
  return standInQueued(t.db.ds);
}
