import type { EntityManager } from 'typeorm';
import type { LetterSubmitInput } from '../contract';
import { reusedSolution, spendSolutions, type VerifiedSolution } from '../bot-check/proof-of-work';
import { mailSoon } from '../confirmations/mail-soon';
import type { Database } from '../db/data-source';
import { writtenAndTakenBack } from '../db/transaction';
import type { CampaignRow, LetterRow } from '../db/types';
import { publicCampaigns } from '../services/public-campaigns';
import { CAMPAIGN_FOR_DELIVERY, deliverIfEach } from './deliver-letter';
import { domainOf, emailKey, type Origin } from '../floods/sources';
import { AppError } from '../http/errors';
import type { DistrictColumns } from '../districts/residency';

/**
 * Stores a supporter's final letter, exactly as they submitted it, in one short transaction, which
 * first spends the bot check's verified `solution` (a spent one rejects with the bot check's 400 and
 * stores nothing), as the signature batch does.
 *
 * On a campaign that does not ask for confirmation the letter enters the record at once: the
 * counter is raised in the database (letter_count + 1, never read, added to and written back, so
 * parallel submits cannot lose one) and, in `each` delivery mode, its e-mail to the recipients is
 * queued in the same transaction. The counter is raised first, which takes the campaign row's lock,
 * and the letter's created_at is read from the clock after that: a packet, made under the same
 * lock, can then tell exactly which letters it holds (commands/queue-packet.ts).
 *
 * On a campaign that confirms, the letter is stored `pending`, counts nothing and goes nowhere; its
 * writer's confirmation e-mail is queued right after the COMMIT (confirmations/mail-soon.ts: the
 * reply must not come sooner for an address already mailed today, whose e-mail waits), and
 * confirming (./confirm-by-token.ts) does the rest. The reply is the same either way.
 */
export async function submitLetter(
  db: Database,
  campaign: Pick<CampaignRow, 'id' | 'title' | 'require_confirmation'>,
  input: SubmittedLetter,
  messagePointIds: number[],
  origin: Origin,
  solution: VerifiedSolution | null = null,
): Promise<{ letter_count: number }> {
  const pending = campaign.require_confirmation;
  const receipt = await db.transaction(async (m) => {
    await spend(m, db, solution);
    return storeLetter(m, db, campaign, input, messagePointIds, origin);
  });
  if (pending) mailSoon(db).mail([{ campaignId: campaign.id, email: input.supporter_email.toLowerCase() }]);
  else publicCampaigns(db).counted(campaign.id, receipt);
  return receipt;
}

/**
 * A filled honeypot: nothing of it remains, and its reply comes as a person's does, after a
 * transaction that spends its solution (if it carried a good one) and writes the letter, taken back
 * at once inside it (db/transaction.ts writtenAndTakenBack): without the write a bot's reply
 * came measurably sooner.
 */
export async function pretendToSubmit(
  db: Database,
  campaign: Pick<CampaignRow, 'id' | 'title' | 'require_confirmation'>,
  input: SubmittedLetter,
  messagePointIds: number[],
  origin: Origin,
  solution: VerifiedSolution | null,
): Promise<void> {
  await db.transaction(async (m) => {
    await spend(m, db, solution).catch((error: unknown) => {
      // Thanked whatever became of its solution; a spent one is simply not spent again.
      if (!(error instanceof AppError)) throw error;
    });
    await writtenAndTakenBack(m, db, () => storeLetter(m, db, campaign, input, messagePointIds, origin));
  });
}

/** The letter's writes, in the caller's transaction: the counter, the row, in `each` mode its e-mail. */
async function storeLetter(
  m: EntityManager,
  db: Database,
  campaign: Pick<CampaignRow, 'id' | 'title' | 'require_confirmation'>,
  input: SubmittedLetter,
  messagePointIds: number[],
  origin: Origin,
): Promise<{ letter_count: number }> {
  const pending = campaign.require_confirmation;
  if (!pending) {
    await m
      .createQueryBuilder()
      .update(db.entities.Campaign)
      .set({ letter_count: () => 'letter_count + 1' })
      .where('id = :id', { id: campaign.id })
      .execute();
  }
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
    personal: input.personal,
    own_words: input.own_words,
    position: input.position,
    email_domain: domainOf(input.supporter_email),
    email_key: emailKey(input.supporter_email),
    network: origin.network,
    quarantine_id: null,
    // Where its writer lives: 'pending' queues the geocoding job (a trigger, migration GeocodeJobs).
    district_id: input.district_id,
    district_name: input.district_name,
    residency: input.residency,
    district_source: input.district_source,
  };
  const stored = await insertLetter(m, db, letter, pending);
  const current = await m.getRepository(db.entities.Campaign).findOneOrFail({
    select: { ...CAMPAIGN_FOR_DELIVERY, letter_count: true },
    where: { id: campaign.id },
  });
  if (!pending) await deliverIfEach(m, db, current, { ...letter, id: stored.id }, stored.created_at);
  return { letter_count: current.letter_count };
}

/** Spends the bot check's solution in the caller's transaction, or refuses it as used before. */
async function spend(m: EntityManager, db: Database, solution: VerifiedSolution | null): Promise<void> {
  if (!solution) return;
  const spent = await spendSolutions(m, db.dialect, [solution]);
  if (!spent.has(solution.challenge)) throw reusedSolution();
}

/**
 * What a letter stores: the writer's body, their own words in it and whether they make it personal
 * (contract/personal-letter.ts), and where its writer lives (districts/residency.ts).
 */
export type SubmittedLetter = LetterSubmitInput & DistrictColumns & { personal: boolean; own_words: string };

type NewLetter = Omit<LetterRow, 'id' | 'created_at' | 'updated_at' | 'status' | 'submitted_at' | 'confirm_mails' | 'confirm_mailed_at'>;

/**
 * The letter, stamped with the clock as it is now: PostgreSQL's clock_timestamp() (its now() is
 * the start of the transaction), or this process's clock in whole milliseconds on SQLite, whose
 * default datetime('now') keeps only seconds. A pending letter's created_at moves to the moment its
 * writer confirms (./confirm-by-token.ts).
 */
async function insertLetter(m: EntityManager, db: Database, letter: NewLetter, pending: boolean): Promise<{ id: number; created_at: Date }> {
  const status = pending ? ('pending' as const) : ('confirmed' as const);
  if (db.dialect === 'postgres') {
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(db.entities.Letter)
      .values({ ...letter, status, created_at: () => 'clock_timestamp()' })
      .returning(['id', 'created_at'])
      .execute();
    const row = (result.raw as { id: number; created_at: Date }[])[0]!;
    return { id: Number(row.id), created_at: new Date(row.created_at) };
  }
  const created_at = new Date();
  const result = await m.getRepository(db.entities.Letter).insert({ ...letter, status, created_at });
  return { id: Number(result.identifiers[0]!.id), created_at };
}
