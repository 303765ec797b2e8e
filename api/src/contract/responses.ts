import { z } from 'zod';
import { RECORD_STATUSES } from './confirmation';
import { DELIVERY_MODES } from './delivery';
import { ERROR_STATUS, type ErrorCode } from './errors';
import { LANGUAGES } from './languages';
import { POSITION_OPTIONS, POSITIONS } from './position';
import { positionCountsSchema } from './position-fields';
import { districtCountsSchema, residencyCountsSchema, rowPlaceFields } from './boundary-sets';

/**
 * What leaves the server. Presenters in the API build exactly these shapes; the widget and the
 * admin read them; /api/openapi.json describes them. A field that is not here never leaves.
 */

/** Public campaign card (landing page list). */
export const campaignCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  supporter_count: z.number(),
  /** The card's own words (its count, its button) are in the campaign's language. */
  language: z.enum(LANGUAGES),
});

/** A campaign as the public widget reads it: display fields and counts, nothing personal. */
export const publicCampaignSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  target_signatures: z.number(),
  target_letters: z.number(),
  is_active: z.boolean(),
  enable_sign_tab: z.boolean(),
  enable_letter_tab: z.boolean(),
  enable_share_tab: z.boolean(),
  widget_primary_color: z.string(),
  widget_secondary_color: z.string(),
  widget_background_color: z.string(),
  widget_text_color: z.string(),
  widget_tab_text_color: z.string(),
  widget_border_radius: z.string(),
  show_progress_bar: z.boolean(),
  logo_url: z.string().nullable(),
  decision_body: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  meeting_date: z.string().nullable(),
  agenda_item_number: z.string().nullable(),
  project_name: z.string().nullable(),
  /** Confirmed signatures and letters only, on a campaign that confirms. */
  supporter_count: z.number(),
  letter_count: z.number(),
  /** Signatures and letters count once their writer confirms by e-mail; the widget says so. */
  require_confirmation: z.boolean(),
  /** The widget lists recent public supporters under its progress bar. */
  show_recent_supporters: z.boolean(),
  /** What the widget speaks (unless the host page asks for another) and the letters' language. */
  language: z.enum(LANGUAGES),
  /** Whether the sign and letter forms ask a position (a required radio group), and which choices. */
  position_options: z.enum(POSITION_OPTIONS),
  /** The organiser's words for each offered choice, as the radio group shows them and the letter states them. */
  position_labels: z.object({ support: z.string().optional(), oppose: z.string().optional(), neutral: z.string().optional() }),
  /**
   * Counted signatures and letters by position: only where the organiser turned on
   * show_position_counts (a campaign chooses whether to publish how many oppose), else null.
   */
  position_counts: z.object({ supporters: positionCountsSchema, letters: positionCountsSchema }).nullable(),
  /**
   * What the supporter is told after submitting: how letters reach the decision body (named by
   * decision_body; the recipients' addresses are not public) and by when. Null when Dais will not
   * deliver them (no recipients and no deadline).
   */
  delivery: z
    .object({
      mode: z.enum(DELIVERY_MODES),
      /** ISO 8601 with the offset of `time_zone` at that moment. */
      deadline: z.string().nullable(),
      time_zone: z.string(),
    })
    .nullable(),
  /**
   * The districts of the campaign's boundary set, in the organiser's order, for 'Which district do
   * you live in?' (empty: the campaign has none, and the forms ask nothing of districts).
   */
  districts: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** The console's campaign: its boundary set by id (GET /api/admin/boundary-sets/{id} lists the districts). */
export const adminCampaignSchema = publicCampaignSchema.omit({ districts: true }).extend({
  created_at: z.string(),
  updated_at: z.string(),
  delivery_recipients: z.array(z.string()),
  /** ISO 8601 with the offset of the campaign's time zone (UTC when it has none). */
  comment_deadline: z.string().nullable(),
  /** IANA name; null until the organiser picks one. */
  time_zone: z.string().nullable(),
  delivery_mode: z.enum(DELIVERY_MODES),
  delivery_lead_hours: z.number(),
  /** The hearing packet's CSV lists each writer's e-mail, street address and phone (the PDF never does). */
  packet_csv_contacts: z.boolean(),
  /** Waiting for their writers' confirmation: beside the counts, never in them. */
  pending_supporters: z.number(),
  pending_letters: z.number(),
  /** Of the counted letters, those that carry at least 12 words of their writer's own. */
  personal_letters: z.number(),
  /** The public campaign carries position_counts; the admin's always does. */
  show_position_counts: z.boolean(),
  /** Counted signatures and letters by the position they took (all zero where none is asked). */
  position_counts: z.object({ supporters: positionCountsSchema, letters: positionCountsSchema }),
  /** The boundary set its signers and writers are placed in; null: none. Not in the public campaign (yet). */
  boundary_set_id: z.number().nullable(),
  /** Counted signatures and letters by where their writers live (all zero without a boundary set). */
  residency_counts: z.object({ supporters: residencyCountsSchema, letters: residencyCountsSchema }),
  /** Counted signatures and letters in each district of the campaign's set. */
  district_counts: districtCountsSchema,
});

export const publicMessagePointSchema = z.object({
  id: z.number(),
  category: z.string(),
  talking_points: z.string(),
  display_order: z.number(),
  is_hidden_preselected: z.union([z.literal(0), z.literal(1)]),
});

/** GET /api/admin/campaigns/{id}/widget-preview: what the widget reads, for any campaign (inactive too). */
export const widgetPreviewSchema = z.object({
  campaign: publicCampaignSchema,
  message_points: z.array(publicMessagePointSchema),
});
export type WidgetPreview = z.infer<typeof widgetPreviewSchema>;

export const adminMessagePointSchema = z.object({
  id: z.number(),
  category: z.string(),
  talking_points: z.string(),
  display_order: z.number(),
  campaign_id: z.number().nullable(),
  campaign_title: z.string().nullable(),
  /** For a general point, the campaigns it is offered to: those in this language. */
  language: z.enum(LANGUAGES),
  is_locked: z.boolean(),
  is_hidden_preselected: z.union([z.literal(0), z.literal(1)]),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const widgetSettingsSchema = z.object({
  logo_url: z.string().nullable(),
  show_progress: z.enum(['true', 'false']),
});

export const successMessageSchema = z.object({ title: z.string(), description: z.string() });

export const generatedLetterSchema = z.object({
  letter_content: z.string(),
  campaign_id: z.number(),
  campaign_title: z.string(),
  subject: z.string(),
});

/**
 * The reply to a signature: the same for a first one, a repeat and a filled honeypot, so it tells
 * nobody whether the address signed before. No count: on a campaign that does not confirm, the
 * count moved for a new address only. The widget reads success and error, then the campaign again.
 */
export const signatureReceiptSchema = z.object({
  campaign_id: z.number(),
});

/** The reply to a submitted letter: the same whoever wrote it and however often (no count either). */
export const letterReceiptSchema = z.object({
  campaign_id: z.number(),
  /**
   * Where the campaign e-mails each letter to its writer's district representative (issue 25 point
   * 7): the person it goes to ('Council Member Ana Rivera'), the decision body in copy. Null where it
   * goes to the decision body alone, or while the district is still being found.
   */
  representative: z.string().nullable(),
  /** It waits for a geocoder to find the writer's district (at most ten minutes), then goes to their representative. */
  finding_district: z.boolean(),
});

export const adminLetterSchema = z.object({
  id: z.number(),
  campaign_id: z.number(),
  campaign_title: z.string(),
  letter_content: z.string(),
  supporter_name: z.string(),
  supporter_email: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone_number: z.string().nullable(),
  perspective: z.string(),
  message_point_ids: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  /** Submitted after the campaign's written-comment deadline. */
  is_late: z.boolean(),
  /** pending: its writer has not confirmed it yet (not counted, not delivered); withdrawn: taken back after delivery. */
  status: z.enum(RECORD_STATUSES),
  /** Carries at least 12 words of its writer's own (in their note or their edits): contract/personal-letter.ts. */
  personal: z.boolean(),
  /** The position its writer chose, where the campaign asked one. */
  position: z.enum(POSITIONS).nullable(),
  ...rowPlaceFields,
});

export const adminSupporterSchema = z.object({
  id: z.number(),
  campaign_id: z.number(),
  campaign_title: z.string(),
  name: z.string(),
  email: z.string(),
  comment: z.string().nullable(),
  is_public: z.boolean(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone_number: z.string().nullable(),
  created_at: z.string(),
  /** pending: its writer has not confirmed it yet, and it is not counted. */
  status: z.enum(RECORD_STATUSES),
  /** The address is at a throwaway-mail provider (the maintained disposable-email-domains list). */
  disposable_email: z.boolean(),
  /** The position its signer chose, where the campaign asked one. */
  position: z.enum(POSITIONS).nullable(),
  ...rowPlaceFields,
});

export const dashboardSchema = z.object({
  /** Totals count confirmed signatures and letters; the pending ones wait for their writers. */
  stats: z.object({
    total_supporters: z.number(),
    total_letters: z.number(),
    pending_supporters: z.number(),
    pending_letters: z.number(),
    /** Of the counted letters, those that carry at least 12 words of their writer's own. */
    personal_letters: z.number(),
  }),
  recent_supporters: z.array(
    z.object({ id: z.number(), name: z.string(), email: z.string(), campaign_title: z.string(), created_at: z.string() }),
  ),
  recent_letters: z.array(
    z.object({
      id: z.number(),
      supporter_name: z.string(),
      perspective: z.string(),
      campaign_title: z.string(),
      created_at: z.string(),
    }),
  ),
  /** floods/alerts.ts: a network or e-mail domain behind more than a fifth of a campaign's last hour. */
  flood_alerts: z.array(
    z.object({
      campaign_id: z.number(),
      campaign_title: z.string(),
      kind: z.enum(['network', 'domain']),
      source: z.string(),
      signatures: z.number(),
      of: z.number(),
      since: z.string(),
      disposable: z.boolean(),
    }),
  ),
});

/** Signatures and letters per day (UTC), oldest first, for the dashboard chart. */
export const activitySchema = z.array(z.object({ date: z.string(), signatures: z.number(), letters: z.number() }));

export const settingSchema = z.object({ setting_key: z.string(), setting_value: z.string() });

/** The signed-in user, as POST /api/sessions gives it. */
export const userSchema = z.object({
  email: z.string(),
  google_user_data: z.object({ name: z.string().nullable(), picture: z.string().nullable() }),
});

/**
 * GET /api/users/me: the user, or null when nobody is signed in. The spec stores this whole reply as
 * the user, so it is not wrapped.
 */
export const signedInUserSchema = userSchema.nullable();

export const logoUploadSchema = z.object({ logo_url: z.string() });

/** GET /api/oauth/google/redirect_url: in `data` and, for the spec's landing page, at the top level. */
export const redirectUrlSchema = z.object({ redirectUrl: z.string() });

/** GET /api/health when the database answers (load balancers read the status code). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** The mail outbox: messages queued or being sent, and how long the oldest has waited (for alerts). */
  mail: z.object({ waiting: z.number(), oldest_waiting_seconds: z.number().nullable() }),
});

/** DELETE replies: the id that is gone. */
export const deletedSchema = z.object({ id: z.number() });

/** `meta` of the paginated admin lists (see toPageMeta). */
export const pageMetaSchema = z.object({ page: z.number(), pageSize: z.number(), total: z.number(), pageCount: z.number() });

/**
 * The meta of the admin supporters and letters lists. Every figure follows the console's one rule:
 * `counted` is what the dashboard and the campaign pages show (confirmed, in no quarantine), and
 * the rows the list shows beside them are counted apart: `pending` (waiting for their writers'
 * confirmation) and `withdrawn` (letters taken back after delivery; always 0 for signatures).
 * Quarantined rows are not listed. All of the list's scope (every campaign or `campaign_id`'s),
 * whatever the search.
 */
export const adminListMetaSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  /** Rows listed (counted + pending + withdrawn), for paging; null for a search, which is not counted. */
  total: z.number().nullable(),
  pageCount: z.number().nullable(),
  counted: z.number(),
  pending: z.number(),
  withdrawn: z.number(),
  /** What `q` was matched against, or null without a search. */
  searched_by: z.enum(['name', 'email']).nullable(),
  /** Whether a page follows this one, and one comes before it. */
  has_next: z.boolean(),
  has_previous: z.boolean(),
});
export type AdminListMeta = z.infer<typeof adminListMetaSchema>;

/** One delivery: a packet e-mail, or one letter's e-mail in `each` mode, with its outbox row's state. */
export const deliverySchema = z.object({
  id: z.number(),
  campaign_id: z.number(),
  kind: z.enum(['packet', 'letter']),
  /** Who decided it: an admin's "send now", the deadline schedule, or a letter's submission (`each`). */
  trigger: z.enum(['admin', 'schedule', 'submit']),
  /** When it was queued. */
  created_at: z.string(),
  recipients: z.array(z.string()),
  letter_count: z.number(),
  /** `each` mode: the letter e-mailed. */
  letter_id: z.number().nullable(),
  /** A packet holds the letters submitted after `since` (null: from the first) up to `until`. */
  since: z.string().nullable(),
  until: z.string().nullable(),
  /** The SMTP Message-ID, fixed when queued (a resend after a crash carries the same one). */
  message_id: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  /** Tries so far; retries are the tries after the first. */
  attempts: z.number(),
  /**
   * Why the last try failed, in the SMTP server's words, or why a queued message waits; on a sent
   * message, the recipients the server refused.
   */
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** When the SMTP server accepted it, and its reply: the proof of delivery to the clerk's mail server. */
  sent_at: z.string().nullable(),
  smtp_response: z.string().nullable(),
});

/** `meta` of the deliveries list: the page, and what the campaign page shows above it. */
export const deliveryListMetaSchema = pageMetaSchema.extend({
  /** Letters submitted after the newest packet's `until` (every letter when none was sent). */
  letters_since_last_packet: z.number(),
  last_packet_until: z.string().nullable(),
  /** When the next automatic packet is due (packet mode), or null. */
  next_automatic_at: z.string().nullable(),
});

/** What is wrong with a field, in a word a client can translate. */
export const ISSUE_PROBLEMS = ['required', 'too_short', 'too_long', 'format', 'other'] as const;
export type IssueProblem = (typeof ISSUE_PROBLEMS)[number];

/** Every refusal, whatever the route: a message a person can act on and a stable code. */
export const errorReplySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  field: z.string().optional(),
  issues: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        /** What is wrong, for a client that says it in another language than the message's English. */
        problem: z.enum(ISSUE_PROBLEMS).optional(),
        /** The length the field must reach or keep under, with too_short and too_long. */
        limit: z.number().optional(),
      }),
    )
    .optional(),
});

export type CampaignCard = z.infer<typeof campaignCardSchema>;
export type PublicCampaign = z.infer<typeof publicCampaignSchema>;
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;
export type PublicMessagePoint = z.infer<typeof publicMessagePointSchema>;
export type AdminMessagePoint = z.infer<typeof adminMessagePointSchema>;
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;
export type SuccessMessage = z.infer<typeof successMessageSchema>;
export type GeneratedLetter = z.infer<typeof generatedLetterSchema>;
export type LetterReceipt = z.infer<typeof letterReceiptSchema>;
export type AdminLetter = z.infer<typeof adminLetterSchema>;
export type Delivery = z.infer<typeof deliverySchema>;
export type DeliveryListMeta = z.infer<typeof deliveryListMetaSchema>;
export type AdminSupporter = z.infer<typeof adminSupporterSchema>;
export type Dashboard = z.infer<typeof dashboardSchema>;
export type Activity = z.infer<typeof activitySchema>;
export type Setting = z.infer<typeof settingSchema>;
export type User = z.infer<typeof userSchema>;

/** The one wire shape of every reply. */
export type ApiSuccess<T> = { success: true; data: T; meta?: Record<string, unknown> };
export type ApiFailure = {
  success: false;
  error: string;
  code: string;
  field?: string;
  issues?: FieldIssue[];
};
export type FieldIssue = { field: string; message: string; problem?: IssueProblem; limit?: number };
export type ApiReply<T> = ApiSuccess<T> | ApiFailure;
