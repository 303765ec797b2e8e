import { isLate, perspectiveLabel, type AdminLetter, type Dashboard } from '../contract';
import type { CsvCell } from '../http/csv';
import { ADDRESS_CSV_HEADER, addressCsvCells } from './address-csv';
import type { LetterRow } from '../db/types';
import { PLACE_CSV_HEADER, placeCsvCells, toRowPlace } from './place';

export type RecentLetter = Dashboard['recent_letters'][number];

/**
 * A submitted letter as the admin reads and downloads it. campaign_title is the title the letter
 * was written under (stored with it), so a later rename does not rewrite what was sent. `deadline`
 * is its campaign's written-comment deadline: a letter submitted after it is late.
 */
export const toAdminLetter = (l: LetterRow, deadline: Date | null = null): AdminLetter => ({
  id: l.id,
  campaign_id: l.campaign_id,
  campaign_title: l.campaign_title,
  letter_content: l.letter_content,
  supporter_name: l.supporter_name,
  supporter_email: l.supporter_email,
  street_address: l.street_address,
  city: l.city,
  state: l.state,
  zip_code: l.zip_code,
  phone_number: l.phone_number,
  perspective: l.perspective,
  message_point_ids: l.message_point_ids,
  created_at: l.created_at.toISOString(),
  updated_at: l.updated_at.toISOString(),
  is_late: isLate(l.created_at, deadline),
  status: l.status,
  personal: l.personal,
  position: l.position,
  ...toRowPlace(l),
});

/** The dashboard's "Recent Letters" line: no content, no address. */
export const toRecentLetter = (
  l: Pick<LetterRow, 'id' | 'supporter_name' | 'perspective' | 'campaign_title' | 'created_at'>,
): RecentLetter => ({
  id: l.id,
  supporter_name: l.supporter_name,
  perspective: l.perspective,
  campaign_title: l.campaign_title,
  created_at: l.created_at.toISOString(),
});

/** The letters export: one row per letter, the letter itself last (it spans lines, quoted). */
export const LETTER_CSV_HEADER = [
  'Submitted at (UTC)',
  'Status',
  'Campaign',
  'Name',
  'Email',
  ...ADDRESS_CSV_HEADER,
  'Perspective',
  'Personal',
  'Position',
  ...PLACE_CSV_HEADER,
  'Campaign ID',
  'Letter ID',
  'Letter',
] as const;

export const toLetterCsvRow = (l: AdminLetter): CsvCell[] => [
  l.created_at,
  l.status,
  l.campaign_title,
  l.supporter_name,
  l.supporter_email,
  ...addressCsvCells(l),
  perspectiveLabel(l.perspective),
  l.personal ? 'yes' : 'no',
  l.position ?? '',
  ...placeCsvCells(l),
  l.campaign_id,
  l.id,
  l.letter_content,
];
