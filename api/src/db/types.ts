import type { AdminRole, DeliveryMode, DistrictSource, Language, Position, PositionLabels, PositionOptions, RecordStatus, Residency } from '../contract';

/** Row shapes as TypeORM returns them. Presenters turn these into the wire shapes. */
export interface CampaignRow {
  id: number;
  title: string;
  description: string;
  category: string | null;
  target_signatures: number;
  target_letters: number;
  is_active: boolean;
  enable_sign_tab: boolean;
  enable_letter_tab: boolean;
  enable_share_tab: boolean;
  widget_primary_color: string;
  widget_secondary_color: string;
  widget_background_color: string;
  widget_text_color: string;
  widget_tab_text_color: string;
  widget_border_radius: string;
  show_progress_bar: boolean;
  logo_url: string | null;
  decision_body: string | null;
  jurisdiction: string | null;
  meeting_date: string | null;
  agenda_item_number: string | null;
  project_name: string | null;
  supporter_count: number;
  letter_count: number;
  created_at: Date;
  updated_at: Date;
  delivery_recipients: string[];
  comment_deadline: Date | null;
  time_zone: string | null;
  delivery_mode: DeliveryMode;
  delivery_lead_hours: number;
  /** The hearing packet's CSV lists each writer's e-mail, street address and phone (the PDF never does). */
  packet_csv_contacts: boolean;
  require_confirmation: boolean;
  /** The widget shows recent public supporters (GET /api/campaigns/{id}/recent-supporters). */
  show_recent_supporters: boolean;
  /** What its supporters read and its letters are written in. */
  language: Language;
  /** Whether its forms ask a position, the organiser's words for each choice, and whether the widget shows counts by position. */
  position_options: PositionOptions;
  position_labels: PositionLabels;
  show_position_counts: boolean;
  /** The boundary set its signers and writers are placed in; null: none. */
  boundary_set_id: number | null;
  /** When an admin last switched it off (null while active): one of the clocks anonymisation runs on. */
  closed_at: Date | null;
  /** When its supporters' personal details were last removed (privacy/anonymise.ts); null: never. */
  anonymised_at: Date | null;
}

/** contract/confirmation.ts: where a signature or letter stands. */
export interface ConfirmationColumns {
  status: RecordStatus;
  /** When its writer sent it, when that differs from created_at (it entered the record on confirmation). */
  submitted_at: Date | null;
  confirm_mails: number;
  confirm_mailed_at: Date | null;
}

/** floods/: where a row came from, and the quarantine holding it (null: none). */
export interface SourceColumns {
  /** The e-mail's domain, lower-cased ('' once anonymised). */
  email_domain: string;
  /** The sender's /24 or /64 (floods/sources.ts); null when unknown or anonymised. */
  network: string | null;
  /** Set while an admin's quarantine holds it: out of the counts, the packet and the exports. */
  quarantine_id: number | null;
}

/**
 * Where a row's writer lives, on a campaign with a boundary set (contract/boundary-sets.ts); all
 * null elsewhere. No foreign key: the district's name is a copy that outlives its set.
 */
export interface ResidenceColumns {
  district_id: number | null;
  district_name: string | null;
  residency: Residency | null;
  district_source: DistrictSource | null;
}

export interface SupporterRow extends ConfirmationColumns, SourceColumns, ResidenceColumns {
  id: number;
  campaign_id: number;
  name: string;
  /** Trimmed and lower-cased, as typed: where its e-mails go. */
  email: string;
  /** The address folded for repeat detection (floods/sources.ts emailKey): one signature per campaign per key. */
  email_key: string | null;
  comment: string | null;
  is_public: boolean;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string | null;
  /** Where the campaign asked one. */
  position: Position | null;
  created_at: Date;
  updated_at: Date;
}

export interface LetterRow extends ConfirmationColumns, SourceColumns, ResidenceColumns {
  id: number;
  campaign_id: number;
  letter_content: string;
  supporter_name: string;
  supporter_email: string;
  /**
   * The address folded as a signature's is (floods/sources.ts emailKey), so that a removal or an
   * erasure finds a letter under any form of the address; null once blanked.
   */
  email_key: string | null;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string | null;
  perspective: string;
  campaign_title: string;
  message_point_ids: number[];
  /** Carries at least PERSONAL_WORDS of its writer's own words (contract/personal-letter.ts). */
  personal: boolean;
  /**
   * Its writer's own words: the sentences of `letter_content` Dais did not write, as submitted
   * (contract/personal-letter.ts ownWords), for the hearing packet; '' for a letter with none; null
   * for a letter stored before Dais kept them ("not known"). Blanked and stripped with the letter.
   */
  own_words: string | null;
  /** Where the campaign asked one. */
  position: Position | null;
  created_at: Date;
  updated_at: Date;
}

/** An uploaded set of districts (districts/parse-boundaries.ts). */
export interface BoundarySetRow {
  id: number;
  name: string;
  created_at: Date;
}

export interface DistrictRow {
  id: number;
  boundary_set_id: number;
  /** Its order in the uploaded file, from 0. */
  position: number;
  name: string;
  representative_name: string | null;
  representative_title: string | null;
  representative_email: string | null;
  /** The outline as GeoJSON text: a Polygon or MultiPolygon in WGS84 longitude/latitude. */
  geometry: string;
  /** The box around it, in degrees. */
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

export interface MessagePointRow {
  id: number;
  category: string;
  talking_points: string;
  display_order: number;
  campaign_id: number | null;
  /** A general point is offered to the campaigns in this language. */
  language: Language;
  /** Hidden and pre-selected: never listed in the widget, always included in letters. */
  is_locked: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SettingRow {
  setting_key: string;
  setting_value: string;
  updated_at: Date;
}

export interface UserRow {
  id: number;
  email: string;
  google_sub: string;
  name: string | null;
  picture: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface AdminUserRow {
  id: number;
  /** Null while an invitation waits for its address to sign in. */
  user_id: number | null;
  email: string;
  /** `email` folded (auth/admins.ts adminEmailKey); unique. */
  email_key: string;
  role: AdminRole;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SessionRow {
  /** SHA-256 of the cookie's token: a stolen database does not yield live sessions. */
  token_hash: string;
  user_id: number;
  expires_at: Date;
  created_at: Date;
}

export interface LoginCodeRow {
  code_hash: string;
  user_id: number;
  expires_at: Date;
  created_at: Date;
}

export interface DeliveryRow {
  id: number;
  campaign_id: number;
  kind: 'packet' | 'letter';
  trigger: 'admin' | 'schedule' | 'submit';
  /** The addresses as they were when it was queued. */
  recipients: string[];
  letter_count: number;
  letter_id: number | null;
  since: Date | null;
  until: Date | null;
  outbox_id: number;
  message_id: string;
  /** Automatic packets only: which deadline slot this is; unique per campaign. */
  schedule_key: string | null;
  created_at: Date;
}

/** What the mail worker renders and attaches at send time (mail/outbox.ts, QueuedAttachment). */
export interface OutboxAttachmentRow {
  kind: 'packet-pdf' | 'packet-csv';
  campaign_id: number;
  since: string | null;
  until: string;
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One e-mail in the outbox (mail/outbox.ts): written in the transaction that decided to send it. */
export interface MailOutboxRow {
  id: number;
  /** `<uuid@domain>`, fixed when queued: a resend after a crash carries the same one. */
  message_id: string;
  recipients: string[];
  /** Copies (Cc), or null for none. */
  cc: string[] | null;
  subject: string;
  text: string;
  attachments: OutboxAttachmentRow[];
  status: OutboxStatus;
  /** Sends started, a crashed one included. */
  attempts: number;
  /** When a queued message may next be tried. */
  next_attempt_at: Date;
  /** While `sending`: until when the process in claimed_by holds it. */
  lease_until: Date | null;
  claimed_by: string | null;
  /** Why the last try failed (the server's reply), or why a queued message is waiting. */
  last_error: string | null;
  /** The server's reply when it accepted the message. */
  smtp_response: string | null;
  /** When the server accepted it. */
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A message in the development mailbox: the exact bytes that would have gone over SMTP. */
export interface DevMailRow {
  id: number;
  outbox_id: number | null;
  message_id: string;
  sender: string;
  recipients: string;
  subject: string;
  /** The RFC 5322 message as nodemailer built it, attachments included. */
  raw: string;
  created_at: Date;
}

export interface SupporterMailRow {
  id: number;
  campaign_id: number;
  email: string;
  /** The address folded; null only on an e-mail anonymised since. */
  email_key: string | null;
  kind: 'confirm' | 'reminder';
  expires_at: Date;
  confirmed_at: Date | null;
  removed_at: Date | null;
  outbox_id: number;
  created_at: Date;
}

/** A record a supporter e-mail named: a signature (supporters.id) or a letter (letters.id). */
export interface SupporterMailRecordRow {
  mail_id: number;
  record_type: 'signature' | 'letter';
  record_id: number;
}

export interface SupporterMailSlotRow {
  campaign_id: number;
  email: string;
  last_mailed_at: Date;
}

export interface SpentChallengeRow {
  challenge: string;
  expires_at: Date;
}

/** One admin write, as the audit log keeps it (audit/record.ts). Never updated or deleted. */
export interface AuditEntryRow {
  id: number;
  created_at: Date;
  actor_email: string;
  action: string;
  campaign_id: number | null;
  summary: string;
}

/** An admin's quarantine of a burst (floods/quarantine.ts): rows it holds carry its id. */
export interface QuarantineRow {
  id: number;
  campaign_id: number;
  /** The burst's time range, by when rows entered the record (created_at), both ends included. */
  starts_at: Date;
  ends_at: Date;
  /** One of the two: the network or the e-mail domain it took. */
  network: string | null;
  email_domain: string | null;
  reason: string;
  signatures: number;
  letters: number;
  created_by: string;
  created_at: Date;
  restored_at: Date | null;
  restored_by: string | null;
}

/**
 * One figure the console shows, of one campaign, kept by triggers in the same transaction as the
 * rows it counts (migrations/1795780000001-Tallies.ts): `supporters:pending`, `letters:pending` and
 * `letters:withdrawn` (slot 0), outside any quarantine; and `supporters:counted` /
 * `letters:counted` per quarter hour of created_at (slot = Unix seconds / 900), the rows the
 * campaigns' counters count, for the dashboard's chart.
 */
export interface TallyRow {
  figure: string;
  slot: number;
  campaign_id: number;
  n: number;
}
