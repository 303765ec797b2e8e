import { isoInZone, NO_POSITION_COUNTS, NO_RESIDENCY_COUNTS, type DistrictCounts, positionsOffered, type AdminCampaign, type CampaignCard, type PositionLabels, type PublicCampaign } from '../contract';
import type { CampaignRow } from '../db/types';
import type { CampaignTallies, PositionTallies } from '../services/campaign-summary';

const NO_TALLIES: CampaignTallies = {
  supporters: 0,
  letters: 0,
  personalLetters: 0,
  positions: { supporters: NO_POSITION_COUNTS, letters: NO_POSITION_COUNTS },
  residency: { supporters: NO_RESIDENCY_COUNTS, letters: NO_RESIDENCY_COUNTS },
};

/** Presenters pick what leaves the server; a new column never leaks by accident. */
export const toCampaignCard = (c: CampaignRow): CampaignCard => ({
  id: c.id,
  title: c.title,
  description: c.description,
  supporter_count: c.supporter_count,
  language: c.language,
});

/**
 * The widget's campaign. `positions`: its counts by position, published only where the organiser
 * turned show_position_counts on (a campaign chooses whether to show how many oppose it).
 */
export const toPublicCampaign = (
  c: CampaignRow,
  positions: PositionTallies | null = null,
  districts: PublicCampaign['districts'] = [],
): PublicCampaign => ({
  id: c.id,
  title: c.title,
  description: c.description,
  category: c.category,
  target_signatures: c.target_signatures,
  target_letters: c.target_letters,
  is_active: c.is_active,
  enable_sign_tab: c.enable_sign_tab,
  enable_letter_tab: c.enable_letter_tab,
  enable_share_tab: c.enable_share_tab,
  widget_primary_color: c.widget_primary_color,
  widget_secondary_color: c.widget_secondary_color,
  widget_background_color: c.widget_background_color,
  widget_text_color: c.widget_text_color,
  widget_tab_text_color: c.widget_tab_text_color,
  widget_border_radius: c.widget_border_radius,
  show_progress_bar: c.show_progress_bar,
  logo_url: c.logo_url,
  decision_body: c.decision_body,
  jurisdiction: c.jurisdiction,
  meeting_date: c.meeting_date,
  agenda_item_number: c.agenda_item_number,
  project_name: c.project_name,
  supporter_count: c.supporter_count,
  letter_count: c.letter_count,
  require_confirmation: c.require_confirmation,
  show_recent_supporters: c.show_recent_supporters,
  language: c.language,
  position_options: c.position_options,
  position_labels: offeredLabels(c),
  position_counts: showsPositionCounts(c) ? positions : null,
  delivery: publicDelivery(c),
  districts,
});

/** The organiser's words for the choices offered (a wording kept for a choice not offered stays in the admin's form). */
function offeredLabels(c: CampaignRow): PositionLabels {
  return Object.fromEntries(positionsOffered(c.position_options).map((p) => [p, c.position_labels[p] ?? '']));
}

/** Whether the public campaign carries counts by position, which its read must then fetch. */
export const showsPositionCounts = (c: CampaignRow) => c.show_position_counts && positionsOffered(c.position_options).length > 0;

/** The deadline as ISO 8601 in the campaign's own zone: what an organiser set is what they read back. */
const deadlineIso = (c: CampaignRow) => (c.comment_deadline ? isoInZone(c.comment_deadline, c.time_zone ?? 'UTC') : null);

/**
 * What a supporter may know of the delivery: how and by when, never to which addresses (those are
 * a clerk's mailbox; the widget names the decision body instead). Null when nothing is promised:
 * no one to e-mail and no deadline to meet.
 */
function publicDelivery(c: CampaignRow): PublicCampaign['delivery'] {
  const emailed = c.delivery_mode !== 'manual' && c.delivery_recipients.length > 0;
  if (!emailed && !c.comment_deadline) return null;
  return { mode: emailed ? c.delivery_mode : 'manual', deadline: deadlineIso(c), time_zone: c.time_zone ?? 'UTC' };
}

export const toAdminCampaign = (c: CampaignRow, tallies: CampaignTallies = NO_TALLIES, districts: DistrictCounts = []): AdminCampaign => ({
  ...withoutDistricts(toPublicCampaign(c)),
  // Every wording the organiser kept, offered or not: the Basic Info form shows them back.
  position_labels: c.position_labels,
  created_at: c.created_at.toISOString(),
  updated_at: c.updated_at.toISOString(),
  delivery_recipients: c.delivery_recipients,
  comment_deadline: deadlineIso(c),
  time_zone: c.time_zone,
  delivery_mode: c.delivery_mode,
  delivery_lead_hours: c.delivery_lead_hours,
  packet_csv_contacts: c.packet_csv_contacts,
  pending_supporters: tallies.supporters,
  pending_letters: tallies.letters,
  personal_letters: tallies.personalLetters,
  show_position_counts: c.show_position_counts,
  position_counts: tallies.positions,
  boundary_set_id: c.boundary_set_id,
  residency_counts: tallies.residency,
  district_counts: districts,
});

/** The public campaign's fields the console's carries too (its districts are its boundary set's). */
function withoutDistricts({ districts: _districts, ...rest }: PublicCampaign): Omit<PublicCampaign, 'districts'> {
  return rest;
}
