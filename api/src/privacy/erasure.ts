import { In, type EntityManager } from 'typeorm';
import { emailKey } from '../floods/sources';
import type { ErasurePreview, ErasureRecord, ErasureResult } from '../contract';
import type { Database } from '../db/data-source';
import { recordAudit, type Actor } from '../audit/record';
import { removeRecords } from '../commands/remove-records';
import { publicCampaigns } from '../services/public-campaigns';
import { campaignTitles } from '../services/campaign-summary';
import { forgetOldPages, scrubMail } from './scrub-mail';

/**
 * Erasure on request: every signature, letter and supporter e-mail that holds one address, on every
 * campaign. Addresses are compared lower-cased: signatures store them so, and letters are matched
 * without regard to case, as confirmations match them.
 */
export async function erasurePreview(db: Database, typed: string): Promise<ErasurePreview> {
  const email = typed.toLowerCase();
  const addresses = await addressesOf(db.ds.manager, db, email);
  const supporters = await db.ds.getRepository(db.entities.Supporter).find({ where: { email: In(addresses) }, order: { created_at: 'DESC', id: 'DESC' } });
  const letters = await db.ds
    .getRepository(db.entities.Letter)
    .createQueryBuilder('l')
    .where('lower(l.supporter_email) IN (:...addresses)', { addresses })
    .orderBy('l.created_at', 'DESC')
    .addOrderBy('l.id', 'DESC')
    .getMany();
  const delivered = new Set(
    letters.length === 0
      ? []
      : (await db.ds.getRepository(db.entities.Delivery).find({ select: { letter_id: true }, where: { letter_id: In(letters.map((l) => l.id)) } })).map((x) => x.letter_id),
  );
  const titles = await campaignTitles(db, [...supporters.map((s) => s.campaign_id), ...letters.map((l) => l.campaign_id)]);
  const records: ErasureRecord[] = [
    ...supporters.map((s) => ({ kind: 'signature' as const, id: s.id, campaign_id: s.campaign_id, status: s.status, created_at: s.created_at, delivered: false })),
    ...letters.map((l) => ({ kind: 'letter' as const, id: l.id, campaign_id: l.campaign_id, status: l.status, created_at: l.created_at, delivered: delivered.has(l.id) })),
  ].map((r) => ({ ...r, campaign_title: titles.get(r.campaign_id) ?? '', created_at: r.created_at.toISOString() }));
  const mails = await db.ds.getRepository(db.entities.SupporterMail).countBy({ email: In(addresses) });
  return { email, records, mails };
}

/**
 * Erases them in one transaction, campaign by campaign in id order (the order every writer takes
 * campaign locks in), with the counts; blanks the e-mails sent to the address and forgets its daily
 * mail slots. The audit entry says how many records went, never whose they were.
 */
export async function eraseAddress(db: Database, typed: string, actor: Actor): Promise<ErasureResult> {
  const email = typed.toLowerCase();
  const { result, campaignIds } = await db.transaction(async (m) => {
    const ids = new Set<number>();
    const addresses = await addressesOf(m, db, email);
    const supporters = await m.getRepository(db.entities.Supporter).find({ select: { campaign_id: true }, where: { email: In(addresses) } });
    const letters = await m
      .getRepository(db.entities.Letter)
      .createQueryBuilder('l')
      .select('l.campaign_id')
      .where('lower(l.supporter_email) IN (:...addresses)', { addresses })
      .getMany();
    const mails = await m.getRepository(db.entities.SupporterMail).find({ select: { campaign_id: true, outbox_id: true }, where: { email: In(addresses) } });
    for (const r of [...supporters, ...letters, ...mails]) ids.add(r.campaign_id);
    const sorted = [...ids].sort((a, b) => a - b);
    let signatures = 0;
    let lettersErased = 0;
    for (const id of sorted) {
      for (const address of addresses) {
        const removed = await removeRecords(m, db, id, address, 'Erased at the request of the person it was about');
        signatures += removed.signatures;
        lettersErased += removed.letters;
      }
    }
    await m.getRepository(db.entities.SupporterMail).delete({ email: In(addresses) });
    await m.getRepository(db.entities.SupporterMailSlot).delete({ email: In(addresses) });
    await scrubMail(m, db, mails.map((x) => x.outbox_id), 'Erased at the request of the person it was sent to');
    const erased: ErasureResult = { signatures, letters: lettersErased, mails: mails.length };
    const summary =
      `Erased one supporter's records: ${plural(signatures, 'signature')} and ${plural(lettersErased, 'letter')} ` +
      `on ${plural(sorted.length, 'campaign')}, and ${plural(mails.length, 'e-mail')} sent to them`;
    await recordAudit(m, db, actor, { action: 'privacy.erase', campaignId: sorted.length === 1 ? sorted[0] : null, summary });
    return { result: erased, campaignIds: sorted };
  });
  for (const id of campaignIds) publicCampaigns(db).forget(id);
  await forgetOldPages(db);
  return result;
}

/**
 * The address as typed, and every address a signature was made under that folds to the same one
 * (plus-tags, Gmail dots: floods/sources.ts): the person asking wrote one, and may have signed as another.
 */
async function addressesOf(m: EntityManager, db: Database, email: string): Promise<string[]> {
  const variants = await m.getRepository(db.entities.Supporter).find({ select: { email: true }, where: { email_key: emailKey(email) } });
  return [...new Set([email, ...variants.map((v) => v.email)])];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
