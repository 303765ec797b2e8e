import { In, type EntityManager } from 'typeorm';
import type { ErasurePreview, ErasureRecord, ErasureResult } from '../contract';
import type { Database } from '../db/data-source';
import { recordAudit, type Actor } from '../audit/record';
import { deliveriesOf, keysOf, removeRecords } from '../commands/remove-records';
import { publicCampaigns } from '../services/public-campaigns';
import { campaignTitles } from '../services/campaign-summary';
import { forgetOldPages, scrubMail } from './scrub-mail';

/**
 * Erasure on request: every signature, letter and supporter e-mail that holds one address, on every
 * campaign, under any form of it that reaches the same mailbox (capitals, a +tag, Gmail's dots: the
 * key floods/sources.ts folds them to, which signatures and letters both store).
 */
export async function erasurePreview(db: Database, typed: string): Promise<ErasurePreview> {
  const email = typed.toLowerCase();
  const found = await recordsOf(db.ds.manager, db, email);
  const { delivered } = await deliveriesOf(db.ds.manager, db, found.letters);
  const titles = await campaignTitles(db, [...found.supporters.map((s) => s.campaign_id), ...found.letters.map((l) => l.campaign_id)]);
  const newestFirst = <T extends { created_at: Date; id: number }>(rows: T[]) =>
    [...rows].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
  const records: ErasureRecord[] = [
    ...newestFirst(found.supporters).map((s) => ({ kind: 'signature' as const, id: s.id, campaign_id: s.campaign_id, status: s.status, created_at: s.created_at, delivered: false })),
    ...newestFirst(found.letters).map((l) => ({ kind: 'letter' as const, id: l.id, campaign_id: l.campaign_id, status: l.status, created_at: l.created_at, delivered: delivered.has(l.id) })),
  ].map((r) => ({ ...r, campaign_title: titles.get(r.campaign_id) ?? '', created_at: r.created_at.toISOString() }));
  return { email, addresses: found.addresses, records, mails: found.mails.length };
}

/**
 * Erases them in one transaction, campaign by campaign in id order (the order every writer takes
 * campaign locks in), with the counts; blanks the e-mails sent to the address and forgets its daily
 * mail slots. The audit entry says how many records went, never whose they were.
 */
export async function eraseAddress(db: Database, typed: string, actor: Actor): Promise<ErasureResult> {
  const email = typed.toLowerCase();
  const { result, campaignIds } = await db.transaction(async (m) => {
    const found = await recordsOf(m, db, email);
    const sorted = [...new Set([...found.supporters, ...found.letters, ...found.mails].map((r) => r.campaign_id))].sort((a, b) => a - b);
    let signatures = 0;
    let letters = 0;
    for (const id of sorted) {
      const removed = await removeRecords(m, db, id, found.addresses, 'Erased at the request of the person it was about');
      signatures += removed.signatures;
      letters += removed.letters;
    }
    if (found.mails.length > 0) await m.getRepository(db.entities.SupporterMail).delete({ id: In(found.mails.map((x) => x.id)) });
    await m.getRepository(db.entities.SupporterMailSlot).createQueryBuilder().delete().where(...acrossCampaigns('', 'email', found.addresses)).execute();
    await scrubMail(m, db, found.mails.map((x) => x.outbox_id), 'Erased at the request of the person it was sent to');
    const erased: ErasureResult = { signatures, letters, mails: found.mails.length };
    const summary =
      `Erased one supporter's records: ${plural(signatures, 'signature')} and ${plural(letters, 'letter')} ` +
      `on ${plural(sorted.length, 'campaign')}, and ${plural(found.mails.length, 'e-mail')} sent to them`;
    await recordAudit(m, db, actor, { action: 'privacy.erase', campaignId: sorted.length === 1 ? sorted[0] : null, summary });
    return { result: erased, campaignIds: sorted };
  });
  for (const id of campaignIds) publicCampaigns(db).forget(id);
  await forgetOldPages(db);
  return result;
}

/**
 * Every row that holds the address, found by key: letters (each stores its address folded), then
 * signatures under the folded key or under any address seen so far (a signature made before folding
 * kept its address as its key), then the e-mails sent to any form of those addresses. Returns the
 * addresses too, lower-cased, the one typed first: what an admin is shown and what is erased.
 */
async function recordsOf(m: EntityManager, db: Database, email: string) {
  const letters = await m
    .getRepository(db.entities.Letter)
    .createQueryBuilder('l')
    .select(['l.id', 'l.campaign_id', 'l.status', 'l.quarantine_id', 'l.created_at', 'l.supporter_email'])
    .where(...acrossCampaigns('l', 'email_key', keysOf(email)))
    .getMany();
  const seen = [email, ...letters.map((l) => l.supporter_email.toLowerCase())];
  const supporters = await m
    .getRepository(db.entities.Supporter)
    .createQueryBuilder('s')
    .select(['s.id', 's.campaign_id', 's.status', 's.created_at', 's.email'])
    .where(...acrossCampaigns('s', 'email_key', keysOf(seen)))
    .getMany();
  const known = [...seen, ...supporters.map((s) => s.email)];
  // By key too: an e-mail may have gone to a form no record holds any more (a pending signature that
  // expired, records removed by a link), and it still names the address.
  const mails = await m
    .getRepository(db.entities.SupporterMail)
    .createQueryBuilder('sm')
    .select(['sm.id', 'sm.campaign_id', 'sm.outbox_id', 'sm.email'])
    .where(...acrossCampaigns('sm', 'email_key', keysOf(known)))
    .getMany();
  const addresses = [...new Set([...known, ...mails.map((x) => x.email)])];
  return { letters, supporters, mails, addresses };
}

/**
 * `alias.column` is one of `values`, on any campaign. Every table of an address's rows is indexed by
 * (campaign_id, address), the order a campaign's own lookups need; naming every campaign lets both
 * databases seek that index once per campaign (a few dozen) instead of reading every row.
 */
function acrossCampaigns(alias: string, column: string, values: string[]): [string, { values: string[] }] {
  const at = alias ? `${alias}.` : '';
  return [`${at}campaign_id IN (SELECT "id" FROM "campaigns") AND ${at}${column} IN (:...values)`, { values }];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
