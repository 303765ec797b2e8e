/**
 * Supporters and letters for the admin API tests, written the way the sign and submit commands
 * write them: the rows with their folded address (what erasure and removal find them by, unless a
 * test gives its own), and the campaign's counter bumped by the same number.
 */
import { domainOf, emailKey } from '../src/floods/sources';
import type { CampaignRow, LetterRow, SupporterRow } from '../src/db/types';
import type { TestServer } from './harness';

let seq = 0;

export async function addSupporters(
  t: TestServer,
  campaign: CampaignRow,
  count: number,
  each: (i: number) => Partial<SupporterRow> = () => ({}),
): Promise<SupporterRow[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const n = ++seq;
    return {
      campaign_id: campaign.id,
      name: `Supporter ${n}`,
      email: `supporter${n}@example.org`,
      comment: null,
      is_public: true,
      street_address: `${n} Main Street`,
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      phone_number: null,
      ...each(i),
    };
  }).map((row) => ({ email_key: emailKey(row.email), email_domain: domainOf(row.email), ...row }));
  const repo = t.db.ds.getRepository(t.db.entities.Supporter);
  const saved = await repo.save(rows, { chunk: 100 });
  await t.db.ds.getRepository(t.db.entities.Campaign).increment({ id: campaign.id }, 'supporter_count', count);
  return saved;
}

export async function addLetters(
  t: TestServer,
  campaign: CampaignRow,
  count: number,
  each: (i: number) => Partial<LetterRow> = () => ({}),
): Promise<LetterRow[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const n = ++seq;
    return {
      campaign_id: campaign.id,
      letter_content: `Dear Council,\n\nLetter number ${n}.\n\nSincerely,\nWriter ${n}`,
      supporter_name: `Writer ${n}`,
      supporter_email: `writer${n}@example.org`,
      street_address: `${n} Oak Avenue`,
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      phone_number: null,
      perspective: 'business_owner',
      campaign_title: campaign.title,
      message_point_ids: [],
      ...each(i),
    };
  }).map((row) => ({ email_key: emailKey(row.supporter_email), ...row }));
  const repo = t.db.ds.getRepository(t.db.entities.Letter);
  const saved = await repo.save(rows, { chunk: 100 });
  await t.db.ds.getRepository(t.db.entities.Campaign).increment({ id: campaign.id }, 'letter_count', count);
  return saved;
}

/** An instant `days` whole days before now, at the given UTC hour. */
export function daysAgo(days: number, hourUtc = 12): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hourUtc));
}

/**
 * The meta of an admin supporters or letters page (no search) whose rows all count: `total`
 * confirmed rows outside quarantine, none pending or withdrawn.
 */
export function listMeta(page: number, pageSize: number, total: number) {
  const pageCount = Math.ceil(total / pageSize);
  return { page, pageSize, total, pageCount, counted: total, pending: 0, withdrawn: 0, searched_by: null, has_next: page < pageCount, has_previous: page > 1 };
}
