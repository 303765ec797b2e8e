import type { AdminSupporter, Dashboard } from '../contract';
import type { CsvCell } from '../http/csv';
import { ADDRESS_CSV_HEADER, addressCsvCells } from './address-csv';
import type { SupporterRow } from '../db/types';
import { shownEmail } from '../privacy/anonymise';
import { isDisposableDomain } from '../floods/sources';
import { PLACE_CSV_HEADER, placeCsvCells, toRowPlace } from './place';

export type RecentSupporter = Dashboard['recent_supporters'][number];

/** A signature as the admin reads it: personal data, so admin replies only. */
export const toAdminSupporter = (s: SupporterRow, campaignTitle: string): AdminSupporter => ({
  id: s.id,
  campaign_id: s.campaign_id,
  campaign_title: campaignTitle,
  name: s.name,
  email: shownEmail(s.email),
  comment: s.comment,
  is_public: s.is_public,
  street_address: s.street_address,
  city: s.city,
  state: s.state,
  zip_code: s.zip_code,
  phone_number: s.phone_number,
  created_at: s.created_at.toISOString(),
  status: s.status,
  disposable_email: s.email_domain !== '' && isDisposableDomain(s.email_domain),
  position: s.position,
  ...toRowPlace(s),
});

/** The dashboard's "Recent Supporters" line: no address. */
export const toRecentSupporter = (
  s: Pick<SupporterRow, 'id' | 'name' | 'email' | 'created_at'>,
  campaignTitle: string,
): RecentSupporter => ({
  id: s.id,
  name: s.name,
  email: shownEmail(s.email),
  campaign_title: campaignTitle,
  created_at: s.created_at.toISOString(),
});

/** The signatures export: one row per signature, the columns an admin hands to a decision body. */
export const SUPPORTER_CSV_HEADER = [
  'Signed at (UTC)',
  'Status',
  'Campaign',
  'Name',
  'Email',
  ...ADDRESS_CSV_HEADER,
  'Public',
  'Comment',
  'Position',
  ...PLACE_CSV_HEADER,
  'Campaign ID',
  'Signature ID',
] as const;

export const toSupporterCsvRow = (s: AdminSupporter): CsvCell[] => [
  s.created_at,
  s.status,
  s.campaign_title,
  s.name,
  s.email,
  ...addressCsvCells(s),
  s.is_public,
  s.comment,
  s.position ?? '',
  ...placeCsvCells(s),
  s.campaign_id,
  s.id,
];
