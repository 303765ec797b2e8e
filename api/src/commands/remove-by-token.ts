import { en, type ConfirmationResult } from '../contract';
import type { Database } from '../db/data-source';
import { emailKey } from '../floods/sources';
import { AppError } from '../http/errors';
import { publicCampaigns } from '../services/public-campaigns';
import { mailFor } from './confirm-by-token';
import { removeRecords } from './remove-records';

/**
 * The way out every supporter e-mail carries, until the day its e-mail says (expires_at, as its
 * confirmation link): removes every signature and letter of that address on that campaign, pending
 * or confirmed, under any form of it, and the counts with them (./remove-records.ts), in one
 * transaction. Every e-mail of that address (in any form) on that campaign is marked removed, so following any of their links again
 * answers "already". After its day, a 410 that says whom to ask.
 */
export async function removeByToken(db: Database, token: string): Promise<ConfirmationResult> {
  const outcome = await db.transaction(async (m) => {
    const mail = await mailFor(m, db, 'remove', token);
    // Once its day has passed, a link that leaked (a forwarded e-mail, an old mailbox) takes nothing back.
    if (mail.expires_at.getTime() < Date.now()) throw new AppError('gone', en.confirm.removeExpired);
    const campaign = await m.getRepository(db.entities.Campaign).findOneOrFail({ select: { id: true, title: true }, where: { id: mail.campaign_id } });
    const removed = await removeRecords(m, db, mail.campaign_id, mail.email, 'Taken back by its writer before it was sent');
    // Every form of the address, as removeRecords took them all.
    await m.getRepository(db.entities.SupporterMail).update({ campaign_id: mail.campaign_id, email_key: emailKey(mail.email) }, { removed_at: new Date() });
    const any = removed.signatures + removed.letters > 0;
    return {
      campaignId: mail.campaign_id,
      result: { state: any ? ('done' as const) : ('already' as const), campaign_title: campaign.title, ...removed },
    };
  });
  // Counts went down: the next public read fetches them afresh rather than keep a higher copy.
  publicCampaigns(db).forget(outcome.campaignId);
  return outcome.result;
}
