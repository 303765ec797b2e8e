import type { AdminSupporter, Dashboard } from '../contract';
import type { SupporterRow } from '../db/types';

export type RecentSupporter = Dashboard['recent_supporters'][number];

/** A signature as the admin reads it: personal data, so admin replies only. */
export const toAdminSupporter = (s: SupporterRow, campaignTitle: string): AdminSupporter => ({
  id: s.id,
  campaign_id: s.campaign_id,
  campaign_title: campaignTitle,
  name: s.name,
  email: s.email,
  comment: s.comment,
  is_public: s.is_public,
  street_address: s.street_address,
  city: s.city,
  state: s.state,
  zip_code: s.zip_code,
  phone_number: s.phone_number,
  created_at: s.created_at.toISOString(),
});

/** The dashboard's "Recent Supporters" line: no address. */
export const toRecentSupporter = (
  s: Pick<SupporterRow, 'id' | 'name' | 'email' | 'created_at'>,
  campaignTitle: string,
): RecentSupporter => ({
  id: s.id,
  name: s.name,
  email: s.email,
  campaign_title: campaignTitle,
  created_at: s.created_at.toISOString(),
});
