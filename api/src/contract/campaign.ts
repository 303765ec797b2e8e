import { z } from 'zod';
import { bool, controlMessage, hasControlCharacters, hexColor, id, optionalIsoDate, optionalText, plainText, text } from './fields';
import { DELIVERY_DEFAULTS, deliveryFields } from './delivery';
import { CAMPAIGN_DEFAULTS, LIMITS } from './limits';
import { UPLOADED_LOGO_PATH } from './upload';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import { POSITION_MESSAGES, unwordedPosition } from './position';
import { positionLabelsField, positionOptionsField } from './position-fields';

export const TABS_REQUIRED_MESSAGE = 'At least one tab must be enabled';

const goal = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(LIMITS.goal.min, `${label} must be at least ${LIMITS.goal.min}`)
    .max(LIMITS.goal.max, `${label} must be at most ${LIMITS.goal.max}`);

/**
 * A logo is either one of our own uploads or an absolute http(s) address; anything else
 * (javascript:, data:, relative paths outside /uploads) is refused.
 */
export const logoUrl = z
  .string({ error: 'Logo must be an uploaded image or an http(s) address' })
  .trim()
  .max(2000, 'Logo address must be at most 2000 characters')
  .refine(
    (v) => UPLOADED_LOGO_PATH.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v),
    'Logo must be an uploaded image or an http(s) address',
  )
  .refine((v) => !hasControlCharacters(v), controlMessage('Logo address'));

const radius = z
  .string({ error: 'Border radius must be like 12px' })
  .trim()
  .regex(/^\d{1,3}(\.\d+)?(px|rem|em|%)$/, 'Border radius must be like 12px');

const fields = {
  title: text('Title', {
    min: LIMITS.campaignTitle.min,
    max: LIMITS.campaignTitle.max,
    minMessage: 'Title must be at least 5 characters',
  }),
  description: text('Description', {
    min: LIMITS.campaignDescription.min,
    max: LIMITS.campaignDescription.max,
    minMessage: 'Description must be at least 20 characters',
    multiline: true,
  }),
  category: optionalText('Category', { max: LIMITS.category.max }),
  target_signatures: goal('Signature goal'),
  target_letters: goal('Letter goal'),
  is_active: bool('is_active'),
  enable_sign_tab: bool('enable_sign_tab'),
  enable_letter_tab: bool('enable_letter_tab'),
  enable_share_tab: bool('enable_share_tab'),
  widget_primary_color: hexColor('Primary colour'),
  widget_secondary_color: hexColor('Secondary colour'),
  widget_background_color: hexColor('Background colour'),
  widget_text_color: hexColor('Text colour'),
  widget_tab_text_color: hexColor('Tab text colour'),
  widget_border_radius: radius,
  show_progress_bar: bool('show_progress_bar'),
  logo_url: logoUrl.nullable(),
  decision_body: optionalText('Decision body', { max: LIMITS.publicComment.max }),
  jurisdiction: optionalText('Jurisdiction', { max: LIMITS.publicComment.max }),
  meeting_date: optionalIsoDate('Meeting date'),
  agenda_item_number: optionalText('Agenda item number', { max: LIMITS.publicComment.max }),
  project_name: optionalText('Project name', { max: LIMITS.publicComment.max }),
  ...deliveryFields,
  require_confirmation: bool('require_confirmation'),
  show_recent_supporters: bool('show_recent_supporters'),
  language: z.enum(LANGUAGES, { error: 'Language must be en (English) or es (Spanish)' }),
  position_options: positionOptionsField,
  position_labels: positionLabelsField,
  show_position_counts: bool('show_position_counts'),
  // The districts its signers and writers are placed in (contract/boundary-sets.ts); null: none.
  boundary_set_id: id('boundary_set_id').nullable(),
};

export interface TabFlags {
  enable_sign_tab: boolean;
  enable_letter_tab: boolean;
  enable_share_tab: boolean;
}
export const hasEnabledTab = (c: TabFlags) => c.enable_sign_tab || c.enable_letter_tab || c.enable_share_tab;

/** POST /api/admin/campaigns (the 'new' campaign screen). */
export const campaignCreateSchema = z
  .strictObject({
    title: fields.title,
    description: fields.description,
    category: fields.category,
    target_signatures: fields.target_signatures.default(CAMPAIGN_DEFAULTS.target_signatures),
    target_letters: fields.target_letters.default(CAMPAIGN_DEFAULTS.target_letters),
    is_active: fields.is_active.default(CAMPAIGN_DEFAULTS.is_active),
    enable_sign_tab: fields.enable_sign_tab.default(true),
    enable_letter_tab: fields.enable_letter_tab.default(true),
    enable_share_tab: fields.enable_share_tab.default(true),
    widget_primary_color: fields.widget_primary_color.default(CAMPAIGN_DEFAULTS.widget_primary_color),
    widget_secondary_color: fields.widget_secondary_color.default(CAMPAIGN_DEFAULTS.widget_secondary_color),
    widget_background_color: fields.widget_background_color.default(CAMPAIGN_DEFAULTS.widget_background_color),
    widget_text_color: fields.widget_text_color.default(CAMPAIGN_DEFAULTS.widget_text_color),
    widget_tab_text_color: fields.widget_tab_text_color.default(CAMPAIGN_DEFAULTS.widget_tab_text_color),
    widget_border_radius: fields.widget_border_radius.default(CAMPAIGN_DEFAULTS.widget_border_radius),
    show_progress_bar: fields.show_progress_bar.default(true),
    logo_url: fields.logo_url.optional().transform((v) => v ?? null),
    decision_body: fields.decision_body,
    jurisdiction: fields.jurisdiction,
    meeting_date: fields.meeting_date,
    agenda_item_number: fields.agenda_item_number,
    project_name: fields.project_name,
    delivery_recipients: fields.delivery_recipients.default([]),
    comment_deadline: fields.comment_deadline.optional().transform((v) => v ?? null),
    time_zone: fields.time_zone.optional().transform((v) => v ?? null),
    delivery_mode: fields.delivery_mode.default(DELIVERY_DEFAULTS.delivery_mode),
    delivery_lead_hours: fields.delivery_lead_hours.default(DELIVERY_DEFAULTS.delivery_lead_hours),
    packet_csv_contacts: fields.packet_csv_contacts.default(DELIVERY_DEFAULTS.packet_csv_contacts),
    // On unless the organiser turns it off: counts a decision body can trust are the default.
    require_confirmation: fields.require_confirmation.default(true),
    // Off unless the organiser turns it on: a supporter's name is shown only where they can expect it.
    show_recent_supporters: fields.show_recent_supporters.default(false),
    language: fields.language.default(DEFAULT_LANGUAGE),
    // Off unless the organiser asks: existing campaigns and new ones take no position.
    position_options: fields.position_options.default('none'),
    position_labels: fields.position_labels.default({}),
    // Off unless the organiser turns it on: a campaign chooses whether to show how few oppose.
    show_position_counts: fields.show_position_counts.default(false),
    boundary_set_id: fields.boundary_set_id.optional().transform((v) => v ?? null),
  })
  .refine(hasEnabledTab, { message: TABS_REQUIRED_MESSAGE, path: ['enable_sign_tab'] })
  .superRefine((v, ctx) => {
    const unworded = unwordedPosition(v);
    if (unworded) ctx.addIssue({ code: 'custom', message: POSITION_MESSAGES.labelMissing(unworded), path: ['position_labels', unworded] });
  });

/**
 * PUT /api/admin/campaigns/{id}: any subset of the fields (the full form, only is_active, or
 * only logo_url: null). The "one tab enabled" rule is checked on the merged campaign.
 */
export const campaignUpdateSchema = z
  .strictObject({
    title: fields.title.optional(),
    description: fields.description.optional(),
    category: fields.category.optional(),
    target_signatures: fields.target_signatures.optional(),
    target_letters: fields.target_letters.optional(),
    is_active: fields.is_active.optional(),
    enable_sign_tab: fields.enable_sign_tab.optional(),
    enable_letter_tab: fields.enable_letter_tab.optional(),
    enable_share_tab: fields.enable_share_tab.optional(),
    widget_primary_color: fields.widget_primary_color.optional(),
    widget_secondary_color: fields.widget_secondary_color.optional(),
    widget_background_color: fields.widget_background_color.optional(),
    widget_text_color: fields.widget_text_color.optional(),
    widget_tab_text_color: fields.widget_tab_text_color.optional(),
    widget_border_radius: fields.widget_border_radius.optional(),
    show_progress_bar: fields.show_progress_bar.optional(),
    logo_url: fields.logo_url.optional(),
    decision_body: fields.decision_body.optional(),
    jurisdiction: fields.jurisdiction.optional(),
    meeting_date: fields.meeting_date.optional(),
    agenda_item_number: fields.agenda_item_number.optional(),
    project_name: fields.project_name.optional(),
    delivery_recipients: fields.delivery_recipients.optional(),
    comment_deadline: fields.comment_deadline.optional(),
    time_zone: fields.time_zone.optional(),
    delivery_mode: fields.delivery_mode.optional(),
    delivery_lead_hours: fields.delivery_lead_hours.optional(),
    packet_csv_contacts: fields.packet_csv_contacts.optional(),
    require_confirmation: fields.require_confirmation.optional(),
    show_recent_supporters: fields.show_recent_supporters.optional(),
    language: fields.language.optional(),
    position_options: fields.position_options.optional(),
    position_labels: fields.position_labels.optional(),
    show_position_counts: fields.show_position_counts.optional(),
    boundary_set_id: fields.boundary_set_id.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update: send at least one field');

/** GET /api/campaigns/{id}?t=...: the widget adds a timestamp to defeat caches; nothing else is allowed. */
export const campaignReadQuerySchema = z.object({ t: plainText('t', 32).optional() });

export type CampaignCreateInput = z.infer<typeof campaignCreateSchema>;
export type CampaignUpdateInput = z.infer<typeof campaignUpdateSchema>;
