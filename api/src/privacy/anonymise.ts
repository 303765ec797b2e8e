import { In, type EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import type { Logger } from '../http/logger';
import { quoted, recordAudit, SYSTEM } from '../audit/record';
import { publicCampaigns } from '../services/public-campaigns';
import { forgetOldPages, scrubMail } from './scrub-mail';
import { stripPersonal, withoutMentions } from './strip-personal';

const DAY_MS = 24 * 3_600_000;

/**
 * An anonymised signature's e-mail column: unique per row (signatures are unique per campaign and
 * address), never an address. Presenters show it as no address at all.
 */
const ANONYMISED_PREFIX = 'anonymised-';
export const anonymisedEmail = (id: number) => `${ANONYMISED_PREFIX}${id}`;
export const shownEmail = (stored: string) => (stored.startsWith(ANONYMISED_PREFIX) ? '' : stored);
/** Rows rewritten per transaction: a big campaign never holds SQLite's one writer for long. */
const BATCH = 200;

/**
 * Privacy for life: ANONYMISE_AFTER_DAYS after a campaign's comment deadline, or after an admin
 * switched it off, every supporter's name, e-mail, street address, ZIP code and phone number leaves
 * its signatures and letters (the letter's signature block and any mention of them in its text or
 * a comment too), as do the e-mails sent to them and their daily mail slots. Counts, perspectives,
 * cities and states (the cities' totals) and the letters' arguments stay. A campaign is picked again
 * when a row entered its record after its last anonymisation (one signed after it was reopened), so the job can stop at
 * any point and pick up where it left off. Returns how many campaigns it finished.
 */
export async function anonymiseDueCampaigns(db: Database, afterDays: number, logger: Logger, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - afterDays * DAY_MS);
  const due = await db.ds
    .getRepository(db.entities.Campaign)
    .createQueryBuilder('c')
    .select(['c.id', 'c.title', 'c.comment_deadline', 'c.is_active', 'c.closed_at'])
    .where('(c.comment_deadline <= :cutoff OR (c.is_active = :off AND c.closed_at <= :cutoff))', { cutoff, off: false })
    // Never done: any row with a name. Done before: only rows that entered the record since, found
    // by the (campaign_id, created_at) indexes, so an anonymised campaign of a million rows costs a
    // seek each tick, not a scan for names that are no longer there.
    .andWhere(
      `((c.anonymised_at IS NULL AND (EXISTS (SELECT 1 FROM "supporters" s WHERE s."campaign_id" = c."id" AND s."name" <> '') OR EXISTS (SELECT 1 FROM "letters" l WHERE l."campaign_id" = c."id" AND l."supporter_name" <> '')))` +
        ` OR (c.anonymised_at IS NOT NULL AND (EXISTS (SELECT 1 FROM "supporters" s WHERE s."campaign_id" = c."id" AND s."created_at" > c.anonymised_at) OR EXISTS (SELECT 1 FROM "letters" l WHERE l."campaign_id" = c."id" AND l."created_at" > c.anonymised_at))))`,
    )
    .orderBy('c.id')
    .getMany();
  for (const campaign of due) {
    const done = await anonymiseCampaign(db, campaign, afterDays);
    logger.info('campaign anonymised', { campaign_id: campaign.id, ...done });
  }
  if (due.length > 0) await forgetOldPages(db);
  return due.length;
}

type DueCampaign = Pick<CampaignRow, 'id' | 'title' | 'comment_deadline' | 'is_active' | 'closed_at'>;

async function anonymiseCampaign(db: Database, campaign: DueCampaign, afterDays: number): Promise<{ signatures: number; letters: number }> {
  let signatures = 0;
  let letters = 0;
  for (;;) {
    const n = await db.transaction((m) => anonymiseSignatures(m, db, campaign.id));
    signatures += n;
    if (n < BATCH) break;
  }
  for (;;) {
    const n = await db.transaction((m) => anonymiseLetters(m, db, campaign.id));
    letters += n;
    if (n < BATCH) break;
  }
  await db.transaction(async (m) => {
    const mails = await m.getRepository(db.entities.SupporterMail).find({ select: { outbox_id: true }, where: { campaign_id: campaign.id } });
    const letterMails = await m.getRepository(db.entities.Delivery).find({ select: { outbox_id: true }, where: { campaign_id: campaign.id, kind: 'letter' } });
    await m.getRepository(db.entities.SupporterMail).delete({ campaign_id: campaign.id });
    await m.getRepository(db.entities.SupporterMailSlot).delete({ campaign_id: campaign.id });
    await scrubMail(m, db, [...mails, ...letterMails].map((x) => x.outbox_id), "Its campaign's supporters were anonymised");
    // The development mailbox's copies of packets carry the rendered PDF, names and all.
    const packets = await m.getRepository(db.entities.Delivery).find({ select: { outbox_id: true }, where: { campaign_id: campaign.id, kind: 'packet' } });
    if (packets.length > 0) await m.getRepository(db.entities.DevMail).delete({ outbox_id: In(packets.map((p) => p.outbox_id)) });
    await m.getRepository(db.entities.Campaign).update({ id: campaign.id }, { anonymised_at: new Date() });
    const why = campaign.comment_deadline && (campaign.is_active || !campaign.closed_at || campaign.comment_deadline <= campaign.closed_at) ? 'its comment deadline' : 'it was switched off';
    // A run that found nothing left (another process got there first) says nothing in the log.
    if (signatures + letters === 0) return;
    await recordAudit(m, db, SYSTEM, {
      action: 'privacy.anonymise',
      campaignId: campaign.id,
      summary: `Removed the personal details of ${signatures} signature${signatures === 1 ? '' : 's'} and ${letters} letter${letters === 1 ? '' : 's'} of ${quoted(campaign.title)}, ${afterDays} days after ${why}`,
    });
  });
  publicCampaigns(db).forget(campaign.id);
  return { signatures, letters };
}

/** The next batch of a campaign's signatures that still hold a name. The e-mail becomes a unique placeholder (one address per campaign). */
async function anonymiseSignatures(m: EntityManager, db: Database, campaignId: number): Promise<number> {
  const repo = m.getRepository(db.entities.Supporter);
  const rows = await repo.createQueryBuilder('s').where(`s.campaign_id = :campaignId AND s.name <> ''`, { campaignId }).orderBy('s.id').take(BATCH).getMany();
  for (const s of rows) {
    await repo.update(
      { id: s.id },
      {
        name: '',
        email: anonymisedEmail(s.id),
        email_key: null,
        email_domain: '',
        network: null,
        street_address: '',
        zip_code: '',
        phone_number: null,
        comment: s.comment === null ? null : withoutMentions(s.comment, s),
      },
    );
  }
  return rows.length;
}

async function anonymiseLetters(m: EntityManager, db: Database, campaignId: number): Promise<number> {
  const repo = m.getRepository(db.entities.Letter);
  const rows = await repo.createQueryBuilder('l').where(`l.campaign_id = :campaignId AND l.supporter_name <> ''`, { campaignId }).orderBy('l.id').take(BATCH).getMany();
  for (const l of rows) {
    const who = { name: l.supporter_name, email: l.supporter_email, street_address: l.street_address, zip_code: l.zip_code, phone_number: l.phone_number };
    await repo.update(
      { id: l.id },
      {
        supporter_name: '',
        supporter_email: '',
        email_key: null,
        email_domain: '',
        network: null,
        street_address: '',
        zip_code: '',
        phone_number: null,
        letter_content: stripPersonal(l.letter_content, who),
        // Taken from the letter, so it may hold what the letter held (a signature the writer typed).
        own_words: l.own_words === null ? null : stripPersonal(l.own_words, who),
      },
    );
  }
  return rows.length;
}
