import type { AdminMessagePoint, PublicMessagePoint } from '../contract';
import type { MessagePointRow } from '../db/types';

export const toPublicMessagePoint = (p: MessagePointRow): PublicMessagePoint => ({
  id: p.id,
  category: p.category,
  talking_points: p.talking_points,
  display_order: p.display_order,
  is_hidden_preselected: p.is_locked ? 1 : 0,
});

export const toAdminMessagePoint = (p: MessagePointRow, campaignTitle: string | null): AdminMessagePoint => ({
  id: p.id,
  category: p.category,
  talking_points: p.talking_points,
  display_order: p.display_order,
  campaign_id: p.campaign_id,
  campaign_title: campaignTitle,
  language: p.language,
  is_locked: p.is_locked,
  is_hidden_preselected: p.is_locked ? 1 : 0,
  is_active: p.is_active,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
});
