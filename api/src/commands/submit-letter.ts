import type { EntityManager } from 'typeorm';
import { isLate, type LetterSubmitInput } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow, LetterRow } from '../db/types';
import { letterMail } from '../deliveries/mail-text';
import { queueMail } from '../deliveries/outbox';
import { publicCampaigns } from '../services/public-campaigns';

/**
 * Stores a supporter's final letter, exactly as they submitted it, and keeps the campaign's
 * letter_count exact, in one short transaction: the count is raised in the database
 * (letter_count + 1), never read, added to and written back, so parallel submits cannot lose one.
 * In `each` delivery mode the letter's e-mail to the recipients is queued in the same transaction:
 * a stored letter always has its e-mail on the way.
 *
 * The counter is raised first, which takes the campaign row's lock, and the letter's created_at is
 * read from the clock after that (not at the start of the transaction): a packet, made under the
 * same lock, can then tell exactly which letters it holds (commands/queue-packet.ts).
 */
export async function submitLetter(
  db: Database,
  campaign: Pick<CampaignRow, 'id' | 'title'>,
  input: LetterSubmitInput,
  messagePointIds: number[],
): Promise<{ letter_count: number }> {
  const receipt = await db.transaction(async (m) => {
    await m
      .createQueryBuilder()
      .update(db.entities.Campaign)
      .set({ letter_count: () => 'letter_count + 1' })
      .where('id = :id', { id: campaign.id })
      .execute();
    const letter: NewLetter = {
      campaign_id: campaign.id,
      letter_content: input.letter_content,
      supporter_name: input.supporter_name,
      supporter_email: input.supporter_email,
      street_address: input.street_address,
      city: input.city,
      state: input.state,
      zip_code: input.zip_code,
      phone_number: input.phone_number,
      perspective: input.perspective,
      // Copied now: the admin list shows the title the supporter wrote under, even after a rename.
      campaign_title: campaign.title,
      message_point_ids: messagePointIds,
    };
    const stored = await insertLetter(m, db, letter);
    const current = await m.getRepository(db.entities.Campaign).findOneOrFail({
      select: {
        id: true,
        letter_count: true,
        title: true,
        decision_body: true,
        agenda_item_number: true,
        project_name: true,
        meeting_date: true,
        comment_deadline: true,
        time_zone: true,
        delivery_mode: true,
        delivery_recipients: true,
      },
      where: { id: campaign.id },
    });
    if (current.delivery_mode === 'each' && current.delivery_recipients.length > 0) {
      const late = isLate(stored.created_at, current.comment_deadline);
      const queued = await queueMail(m, letterMail(current, current.delivery_recipients, letter, stored.created_at, late));
      await m.getRepository(db.entities.Delivery).insert({
        campaign_id: campaign.id,
        kind: 'letter',
        trigger: 'submit',
        recipients: current.delivery_recipients,
        letter_count: 1,
        letter_id: stored.id,
        since: null,
        until: null,
        outbox_id: queued.id,
        message_id: queued.message_id,
        schedule_key: null,
      });
    }
    return { letter_count: current.letter_count };
  });
  publicCampaigns(db).counted(campaign.id, receipt);
  return receipt;
}

type NewLetter = Omit<LetterRow, 'id' | 'created_at' | 'updated_at'>;

/**
 * The letter, stamped with the clock as it is now: PostgreSQL's clock_timestamp() (its now() is
 * the start of the transaction), or this process's clock in whole milliseconds on SQLite, whose
 * default datetime('now') keeps only seconds.
 */
async function insertLetter(m: EntityManager, db: Database, letter: NewLetter): Promise<{ id: number; created_at: Date }> {
  if (db.dialect === 'postgres') {
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(db.entities.Letter)
      .values({ ...letter, created_at: () => 'clock_timestamp()' })
      .returning(['id', 'created_at'])
      .execute();
    const row = (result.raw as { id: number; created_at: Date }[])[0]!;
    return { id: Number(row.id), created_at: new Date(row.created_at) };
  }
  const created_at = new Date();
  const result = await m.getRepository(db.entities.Letter).insert({ ...letter, created_at });
  return { id: Number(result.identifiers[0]!.id), created_at };
}
