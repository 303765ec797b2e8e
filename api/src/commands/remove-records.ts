import { In, type EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import { ph } from '../mail/sql';
import { scrubMail } from '../privacy/scrub-mail';

export interface RemovedRecords {
  signatures: number;
  letters: number;
}

/**
 * Removes every signature and letter of one address on one campaign, pending or confirmed, and
 * takes the confirmed ones off the counts, under the campaign row's lock (as confirming takes it),
 * inside the caller's transaction: the removal link of a supporter e-mail and an admin's erasure.
 * A letter already e-mailed to the decision body cannot be unsent; it stays as `withdrawn`, with its
 * writer's name, contact details and text blanked, and so does our copy of that e-mail, so the
 * delivery's record still adds up.
 */
export async function removeRecords(m: EntityManager, db: Database, campaignId: number, email: string, reason: string): Promise<RemovedRecords> {
  const d = db.dialect;
  if (d === 'postgres') await m.query(`SELECT "id" FROM "campaigns" WHERE "id" = $1 FOR UPDATE`, [campaignId]);

  const supporters = await m.getRepository(db.entities.Supporter).find({ select: { id: true, status: true, quarantine_id: true }, where: { campaign_id: campaignId, email } });
  const letters = await m
    .getRepository(db.entities.Letter)
    .createQueryBuilder('l')
    .select(['l.id', 'l.status', 'l.quarantine_id'])
    .where('l.campaign_id = :c AND lower(l.supporter_email) = :e AND l.status IN (:...s)', { c: campaignId, e: email, s: ['pending', 'confirmed'] })
    .getMany();
  const letterIds = letters.map((l) => l.id);
  const deliveries =
    letterIds.length === 0 ? [] : await m.getRepository(db.entities.Delivery).find({ select: { letter_id: true, outbox_id: true }, where: { letter_id: In(letterIds) } });
  const delivered = new Set(deliveries.map((x) => x.letter_id));
  if (supporters.length > 0) await m.getRepository(db.entities.Supporter).delete({ id: In(supporters.map((s) => s.id)) });
  const deletable = letterIds.filter((id) => !delivered.has(id));
  if (deletable.length > 0) await m.getRepository(db.entities.Letter).delete({ id: In(deletable) });
  if (delivered.size > 0) {
    await m.getRepository(db.entities.Letter).update(
      { id: In([...delivered]) },
      { status: 'withdrawn', letter_content: '', supporter_name: '', supporter_email: '', street_address: '', city: '', state: '', zip_code: '', phone_number: null },
    );
    await scrubMail(m, db, deliveries.map((x) => x.outbox_id), reason);
  }
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
  return { signatures: supporters.length, letters: letters.length };
}
