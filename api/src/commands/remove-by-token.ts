import { In } from 'typeorm';
import type { ConfirmationResult } from '../contract';
import type { Database } from '../db/data-source';
import { ph } from '../mail/sql';
import { publicCampaigns } from '../services/public-campaigns';
import { mailFor } from './confirm-by-token';

/**
 * The way out every supporter e-mail carries: removes every signature and letter of that address on
 * that campaign, pending or confirmed, and takes the confirmed ones off the counts, in one
 * transaction under the campaign row's lock (as confirming takes it). A letter already e-mailed to
 * the decision body cannot be unsent; it stays as `withdrawn`, with its writer's name, contact
 * details and text blanked, so the delivery's record still adds up.
 */
export async function removeByToken(db: Database, token: string): Promise<ConfirmationResult> {
  const outcome = await db.transaction(async (m) => {
    const mail = await mailFor(m, db, 'remove_token_hash', token);
    const campaign = await m.getRepository(db.entities.Campaign).findOneOrFail({ select: { id: true, title: true }, where: { id: mail.campaign_id } });
    const d = db.dialect;
    if (d === 'postgres') await m.query(`SELECT "id" FROM "campaigns" WHERE "id" = $1 FOR UPDATE`, [mail.campaign_id]);

    const supporters = await m.getRepository(db.entities.Supporter).find({ select: { id: true, status: true }, where: { campaign_id: mail.campaign_id, email: mail.email } });
    const letters = await m
      .getRepository(db.entities.Letter)
      .createQueryBuilder('l')
      .select(['l.id', 'l.status'])
      .where('l.campaign_id = :c AND lower(l.supporter_email) = :e AND l.status IN (:...s)', { c: mail.campaign_id, e: mail.email, s: ['pending', 'confirmed'] })
      .getMany();
    const letterIds = letters.map((l) => l.id);
    const delivered = new Set(
      letterIds.length === 0
        ? []
        : (await m.getRepository(db.entities.Delivery).find({ select: { letter_id: true }, where: { letter_id: In(letterIds) } })).map((x) => x.letter_id),
    );
    if (supporters.length > 0) await m.getRepository(db.entities.Supporter).delete({ id: In(supporters.map((s) => s.id)) });
    const deletable = letterIds.filter((id) => !delivered.has(id));
    if (deletable.length > 0) await m.getRepository(db.entities.Letter).delete({ id: In(deletable) });
    if (delivered.size > 0) {
      await m.getRepository(db.entities.Letter).update(
        { id: In([...delivered]) },
        { status: 'withdrawn', letter_content: '', supporter_name: '', supporter_email: '', street_address: '', city: '', state: '', zip_code: '', phone_number: null },
      );
    }
    const signaturesCounted = supporters.filter((s) => s.status === 'confirmed').length;
    const lettersCounted = letters.filter((l) => l.status === 'confirmed').length;
    if (signaturesCounted + lettersCounted > 0) {
      await m.query(
        `UPDATE "campaigns" SET "supporter_count" = "supporter_count" - ${ph(d, 1)}, "letter_count" = "letter_count" - ${ph(d, 2)} WHERE "id" = ${ph(d, 3)}`,
        [signaturesCounted, lettersCounted, mail.campaign_id],
      );
    }
    await m.getRepository(db.entities.SupporterMail).update({ campaign_id: mail.campaign_id, email: mail.email }, { removed_at: new Date() });
    const removed = supporters.length + letters.length;
    return {
      campaignId: mail.campaign_id,
      result: { state: removed > 0 ? ('done' as const) : ('already' as const), campaign_title: campaign.title, signatures: supporters.length, letters: letters.length },
    };
  });
  // Counts went down: the next public read fetches them afresh rather than keep a higher copy.
  publicCampaigns(db).forget(outcome.campaignId);
  return outcome.result;
}
