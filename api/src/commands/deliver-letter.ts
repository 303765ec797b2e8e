import type { EntityManager } from 'typeorm';
import { isLate, type Residency } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow, LetterRow } from '../db/types';
import { waitForDistrict } from '../deliveries/letter-waits';
import { letterMail } from '../deliveries/mail-text';
import { queueMail } from '../deliveries/outbox';
import { representativesOf, type Representative } from '../services/set-districts';
import { readdressed, type Addressee } from '../letters/addressee';

export type CampaignForDelivery = Pick<
  CampaignRow,
  | 'id'
  | 'title'
  | 'decision_body'
  | 'agenda_item_number'
  | 'project_name'
  | 'meeting_date'
  | 'comment_deadline'
  | 'time_zone'
  | 'delivery_mode'
  | 'delivery_recipients'
  | 'boundary_set_id'
  | 'language'
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
  boundary_set_id: true,
  language: true,
} as const;

export type LetterForDelivery = Omit<LetterRow, 'created_at' | 'updated_at' | 'status' | 'submitted_at' | 'confirm_mails' | 'confirm_mailed_at'>;

/**
 * In `each` mode, queues a letter's e-mail and its deliveries row, in the caller's transaction: the
 * one that put the letter on the record (its submit, or its writer's confirmation). `enteredAt` is
 * that moment, which decides whether it is late.
 *
 * Where the campaign's boundary set names representatives, the letter goes to its writer's own,
 * the campaign's recipients in copy. A letter whose district a geocoder has yet to find waits for
 * it (deliveries/letter-waits.ts: at most ten minutes, then to the recipients alone).
 */
export async function deliverIfEach(m: EntityManager, db: Database, c: CampaignForDelivery, letter: LetterForDelivery, enteredAt: Date): Promise<void> {
  if (c.delivery_mode !== 'each' || c.delivery_recipients.length === 0) return;
  if (await letterWaitsForDistrict(db, c.boundary_set_id, letter.residency, m)) return waitForDistrict(m, db.dialect, letter.id, enteredAt);
  const representatives = await representativesOf(db, c.boundary_set_id, m);
  await sendLetter(m, db, c, letter, enteredAt, representatives.find((r) => r.district_id === letter.district_id) ?? null);
}

/**
 * Whether a letter e-mailed in `each` mode waits for its district before it goes: its writer is yet
 * to be placed by a geocoder, and the campaign's boundary set names representatives (one may be
 * theirs). One rule for deliverIfEach, which holds the letter back, and for the success screen,
 * which tells its writer a district is being found (routes/letters/letter-receipt.ts).
 */
export async function letterWaitsForDistrict(db: Database, setId: number | null, residency: Residency | null, m?: EntityManager): Promise<boolean> {
  return residency === 'pending' && (await representativesOf(db, setId, m)).length > 0;
}

const asAddressee = (r: Representative): Addressee => ({ name: r.name, title: r.title, district: r.district_name });

/** The letter's e-mail: to its representative with the recipients in copy, or to the recipients. */
export async function sendLetter(
  m: EntityManager,
  db: Database,
  c: CampaignForDelivery,
  letter: LetterForDelivery,
  enteredAt: Date,
  representative: Representative | null,
): Promise<void> {
  const sent = representative && letter.district_source === 'geocoded' ? await readdressLetter(m, db, c, letter, representative) : letter;
  const to = representative ? [representative.email] : c.delivery_recipients;
  // A representative who is also one of the recipients gets the letter once, as its addressee.
  const cc = representative ? c.delivery_recipients.filter((a) => a.toLowerCase() !== representative.email.toLowerCase()) : [];
  const queued = await queueMail(m, { ...letterMail(c, to, sent, enteredAt, isLate(enteredAt, c.comment_deadline)), cc });
  await m.getRepository(db.entities.Delivery).insert({
    campaign_id: c.id,
    kind: 'letter',
    trigger: 'submit',
    recipients: [...to, ...cc],
    letter_count: 1,
    letter_id: letter.id,
    since: null,
    until: null,
    outbox_id: queued.id,
    message_id: queued.message_id,
    schedule_key: null,
  });
}

/**
 * A letter written to the representative of the district its writer chose, which the geocoder then
 * found to be another's: its address line and greeting are the found representative's, in what is
 * sent and in what is kept (the packet shows the letter as it went). Nothing else of it changes.
 */
async function readdressLetter(
  m: EntityManager,
  db: Database,
  c: CampaignForDelivery,
  letter: LetterForDelivery,
  representative: Representative,
): Promise<LetterForDelivery> {
  const others = (await representativesOf(db, c.boundary_set_id, m)).filter((r) => r.district_id !== representative.district_id).map(asAddressee);
  const letter_content = readdressed(letter.letter_content, c.language, others, asAddressee(representative));
  if (letter_content === letter.letter_content) return letter;
  await m.getRepository(db.entities.Letter).update({ id: letter.id }, { letter_content });
  return { ...letter, letter_content };
}
