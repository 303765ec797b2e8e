import { In, type EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import type { LetterRow } from '../db/types';
import { emailKey } from '../floods/sources';
import { ph, readTime } from '../mail/sql';
import { scrubMail } from '../privacy/scrub-mail';

export interface RemovedRecords {
  signatures: number;
  letters: number;
  /** Letters among them that the decision body already has: its copy cannot be recalled. */
  delivered: number;
}

/**
 * Removes every signature and letter on one campaign under any form of the address that reaches the
 * same mailbox (what floods/sources.ts emailKey folds to one key: capitals, a +tag, Gmail's dots),
 * pending or confirmed, and takes the confirmed ones off the counts, under the campaign row's lock
 * (as confirming takes it), inside the caller's transaction: the removal link of a supporter e-mail
 * and an admin's erasure. A letter already e-mailed to the decision body on its own cannot be
 * unsent; it stays as `withdrawn`, with its writer's name, contact details and text blanked, and so
 * does our copy of that e-mail, so the delivery's record still adds up. The development mailbox's
 * copies of the packets that carried a removed letter go.
 */
export async function removeRecords(m: EntityManager, db: Database, campaignId: number, address: string | readonly string[], reason: string): Promise<RemovedRecords> {
  const d = db.dialect;
  if (d === 'postgres') await m.query(`SELECT "id" FROM "campaigns" WHERE "id" = $1 FOR UPDATE`, [campaignId]);
  const keys = keysOf(address);

  const supporters = await m
    .getRepository(db.entities.Supporter)
    .createQueryBuilder('s')
    .select(['s.id', 's.status', 's.quarantine_id'])
    .where('s.campaign_id = :c AND s.email_key IN (:...keys)', { c: campaignId, keys })
    .getMany();
  const letters = await m
    .getRepository(db.entities.Letter)
    .createQueryBuilder('l')
    .select(['l.id', 'l.campaign_id', 'l.status', 'l.quarantine_id', 'l.created_at'])
    .where('l.campaign_id = :c AND l.email_key IN (:...keys) AND l.status IN (:...s)', { c: campaignId, keys, s: ['pending', 'confirmed'] })
    .getMany();
  const sent = await deliveriesOf(m, db, letters);
  if (supporters.length > 0) await m.getRepository(db.entities.Supporter).delete({ id: In(supporters.map((s) => s.id)) });
  const kept = new Set(sent.ownMails.map((x) => x.letter_id));
  const deletable = letters.map((l) => l.id).filter((id) => !kept.has(id));
  if (deletable.length > 0) await m.getRepository(db.entities.Letter).delete({ id: In(deletable) });
  if (kept.size > 0) {
    await m.getRepository(db.entities.Letter).update(
      { id: In([...kept]) },
      { status: 'withdrawn', letter_content: '', own_words: '', supporter_name: '', supporter_email: '', email_key: null, street_address: '', city: '', state: '', zip_code: '', phone_number: null },
    );
    await scrubMail(m, db, sent.ownMails.map((x) => x.outbox_id), reason);
  }
  // The packets themselves are drawn from the letters when sent, so only the mailbox keeps a copy.
  if (sent.packetMails.length > 0) await m.getRepository(db.entities.DevMail).delete({ outbox_id: In(sent.packetMails) });
  // What the counters hold: confirmed rows no quarantine has taken out.
  const counts = (r: { status: string; quarantine_id: number | null }) => r.status === 'confirmed' && r.quarantine_id === null;
  const signaturesCounted = supporters.filter(counts).length;
  const lettersCounted = letters.filter(counts).length;
  if (signaturesCounted + lettersCounted > 0) {
    await m.query(
      `UPDATE "campaigns" SET "supporter_count" = "supporter_count" - ${ph(d, 1)}, "letter_count" = "letter_count" - ${ph(d, 2)} WHERE "id" = ${ph(d, 3)}`,
      [signaturesCounted, lettersCounted, campaignId],
    );
  }
  return { signatures: supporters.length, letters: letters.length, delivered: sent.delivered.size };
}

/**
 * The keys an address's records are stored under: each address folded, and as typed, which is the
 * key of a signature made before folding (floods/sources.ts; such rows kept their address).
 */
export function keysOf(address: string | readonly string[]): string[] {
  const addresses = (typeof address === 'string' ? [address] : [...address]).map((a) => a.trim().toLowerCase());
  return [...new Set([...addresses.map(emailKey), ...addresses])];
}

type SentLetter = Pick<LetterRow, 'id' | 'campaign_id' | 'status' | 'quarantine_id' | 'created_at'>;

export interface LetterDeliveries {
  /** Letters the decision body has, or is being sent: alone (`each` mode) or in a hearing packet. */
  delivered: Set<number>;
  /** Each letter's own e-mail to the decision body (deliveries.letter_id holds the letter). */
  ownMails: { letter_id: number; outbox_id: number }[];
  /** The outbox rows of the packets whose window holds one of the letters, sent or not. */
  packetMails: number[];
}

/**
 * Where these letters went. A packet is drawn when it is sent, from the campaign's confirmed letters
 * that entered the record in its window (since, until] and were not quarantined then
 * (commands/queue-packet.ts), so a letter is in a packet that went out exactly when that held as it
 * was sent. Reads the campaigns' packets (a handful each) through their (campaign_id, created_at) index.
 */
export async function deliveriesOf(m: EntityManager, db: Database, letters: SentLetter[]): Promise<LetterDeliveries> {
  const result: LetterDeliveries = { delivered: new Set(), ownMails: [], packetMails: [] };
  if (letters.length === 0) return result;
  const ids = letters.map((l) => l.id);
  const own = await m
    .getRepository(db.entities.Delivery)
    .createQueryBuilder('d')
    .innerJoin('MailOutbox', 'o', 'o.id = d.outbox_id')
    .select(['d.letter_id AS letter_id', 'd.outbox_id AS outbox_id', 'o.status AS status'])
    // By campaign first: deliveries are indexed by (campaign_id, created_at), not by letter.
    .where('d.campaign_id IN (:...campaigns) AND d.letter_id IN (:...ids)', { campaigns: [...new Set(letters.map((l) => l.campaign_id))], ids })
    .getRawMany<{ letter_id: number | string; outbox_id: number | string; status: string }>();
  for (const o of own) {
    result.ownMails.push({ letter_id: Number(o.letter_id), outbox_id: Number(o.outbox_id) });
    // One still queued is stopped by the removal (privacy/scrub-mail.ts): it never reaches them.
    if (gone(o.status)) result.delivered.add(Number(o.letter_id));
  }
  const confirmed = letters.filter((l) => l.status === 'confirmed');
  if (confirmed.length === 0) return result;
  const packets = await m
    .getRepository(db.entities.Delivery)
    .createQueryBuilder('d')
    .innerJoin('MailOutbox', 'o', 'o.id = d.outbox_id')
    .select(['d.since AS since', 'd.until AS until', 'd.outbox_id AS outbox_id', 'o.status AS status', 'o.sent_at AS sent_at', 'd.campaign_id AS campaign_id'])
    .where("d.campaign_id IN (:...campaigns) AND d.kind = 'packet'", { campaigns: [...new Set(confirmed.map((l) => l.campaign_id))] })
    .getRawMany<{ since: unknown; until: unknown; outbox_id: number | string; status: string; sent_at: unknown; campaign_id: number | string }>();
  const quarantinedAt = await quarantineTimes(m, db, confirmed);
  const held = new Set<number>();
  for (const p of packets) {
    const since = p.since === null ? null : readTime(p.since);
    const until = readTime(p.until);
    const sentAt = p.sent_at === null ? null : readTime(p.sent_at);
    for (const l of confirmed) {
      if (l.campaign_id !== Number(p.campaign_id) || l.created_at > until || (since && l.created_at <= since)) continue;
      held.add(Number(p.outbox_id));
      const out = l.quarantine_id === null || (sentAt !== null && (quarantinedAt.get(l.quarantine_id) ?? 0) > sentAt.getTime());
      if (gone(p.status) && out) result.delivered.add(l.id);
    }
  }
  result.packetMails = [...held];
  return result;
}

async function quarantineTimes(m: EntityManager, db: Database, letters: SentLetter[]): Promise<Map<number, number>> {
  const ids = [...new Set(letters.map((l) => l.quarantine_id).filter((q): q is number => q !== null))];
  if (ids.length === 0) return new Map();
  const rows = await m.getRepository(db.entities.Quarantine).find({ select: { id: true, created_at: true }, where: { id: In(ids) } });
  return new Map(rows.map((q) => [q.id, q.created_at.getTime()]));
}

/** On its way or arrived: a message being sent cannot be called back either. */
const gone = (status: string) => status === 'sent' || status === 'sending';
