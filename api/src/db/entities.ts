import { EntitySchema, type EntitySchemaColumnOptions } from 'typeorm';
import type { Dialect } from '../config';
import type {
  AdminUserRow,
  AuditEntryRow,
  BoundarySetRow,
  DistrictRow,
  QuarantineRow,
  CampaignRow,
  DeliveryRow,
  DevMailRow,
  LetterRow,
  LoginCodeRow,
  MailOutboxRow,
  MessagePointRow,
  SessionRow,
  SupporterMailRecordRow,
  SupporterMailRow,
  SupporterMailSlotRow,
  SettingRow,
  SpentChallengeRow,
  SupporterRow,
  TallyRow,
  UserRow,
} from './types';

/**
 * TypeORM entities for SPEC.md section 3, built per dialect so that timestamps are timestamptz on
 * PostgreSQL (SQLite has no such type). The migrations in ./migrations create exactly these
 * tables; a test checks that the two never drift apart.
 */
export function buildEntities(dialect: Dialect) {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'datetime';
  const pk: EntitySchemaColumnOptions = { type: 'integer', primary: true, generated: 'increment' };
  const created: EntitySchemaColumnOptions = { type: ts, createDate: true };
  const updated: EntitySchemaColumnOptions = { type: ts, updateDate: true };
  // Same column and default as `updated`, but TypeORM does not touch it on every UPDATE: a
  // campaign's updated_at means "last edited by an admin", and a signature's counter bump is not an
  // edit. commands/update-campaign.ts sets it.
  const editedAt: EntitySchemaColumnOptions = { type: ts, default: () => (dialect === 'postgres' ? 'now()' : "datetime('now')") };
  const str = (length: number, nullable = false): EntitySchemaColumnOptions => ({ type: 'varchar', length, nullable });
  const textCol = (nullable = false): EntitySchemaColumnOptions => ({ type: 'text', nullable });
  const int = (dflt?: number): EntitySchemaColumnOptions => ({ type: 'integer', default: dflt });
  const bool = (dflt: boolean): EntitySchemaColumnOptions => ({ type: 'boolean', default: dflt });
  // A longitude or latitude in degrees: SQLite's REAL is already 8 bytes; PostgreSQL's real is 4,
  // which would move a box's edge by up to a metre and lose a point standing on it.
  const degrees: EntitySchemaColumnOptions = { type: dialect === 'postgres' ? 'double precision' : 'real' };
  /**
   * Where a signature or letter stands (contract/confirmation.ts): `pending` until its writer
   * confirms by e-mail, on a campaign that asks for that; only `confirmed` rows are counted and
   * delivered. created_at is when it entered the record, so confirming moves it to the moment of
   * confirmation (what a packet's window reads: a letter confirmed late joins the next packet, never
   * a window already sent) and keeps when it was sent in submitted_at (null: the same as created_at).
   * confirm_mails: how many confirmation e-mails covered it (the first, then one reminder).
   */
  const confirmation = (): Record<string, EntitySchemaColumnOptions> => ({
    status: { ...str(16), default: 'confirmed' },
    submitted_at: { type: ts, nullable: true },
    confirm_mails: int(0),
    confirm_mailed_at: { type: ts, nullable: true },
  });

  const Campaign = new EntitySchema<CampaignRow>({
    name: 'Campaign',
    tableName: 'campaigns',
    columns: {
      id: pk,
      title: str(200),
      description: textCol(),
      category: str(100, true),
      target_signatures: int(1000),
      target_letters: int(100),
      is_active: bool(true),
      enable_sign_tab: bool(true),
      enable_letter_tab: bool(true),
      enable_share_tab: bool(true),
      // contract/limits.ts CAMPAIGN_DEFAULTS says why these greens (not SPEC.md's #059669, #047857).
      widget_primary_color: { ...str(7), default: '#047857' },
      widget_secondary_color: { ...str(7), default: '#065f46' },
      widget_background_color: { ...str(7), default: '#f0fdf4' },
      widget_text_color: { ...str(7), default: '#1f2937' },
      widget_tab_text_color: { ...str(7), default: '#ffffff' },
      widget_border_radius: { ...str(16), default: '12px' },
      show_progress_bar: bool(true),
      logo_url: str(2000, true),
      decision_body: str(200, true),
      jurisdiction: str(200, true),
      meeting_date: { type: 'date', nullable: true },
      agenda_item_number: str(200, true),
      project_name: str(200, true),
      supporter_count: int(0),
      letter_count: int(0),
      created_at: created,
      updated_at: editedAt,
      // The Delivery tab (contract/delivery.ts). The deadline is an instant; time_zone (IANA) is
      // where people read it.
      delivery_recipients: { type: 'simple-json', default: '[]' },
      comment_deadline: { type: ts, nullable: true },
      time_zone: str(64, true),
      delivery_mode: { ...str(16), default: 'manual' },
      delivery_lead_hours: int(24),
      // The packet CSV lists each writer's e-mail, street address and phone (contract/delivery.ts).
      packet_csv_contacts: bool(true),
      // Signatures and letters count once their writer confirms by e-mail (confirmations/). On for
      // new campaigns; the migration leaves campaigns that existed before it as they were.
      require_confirmation: bool(true),
      // The widget lists recent public supporters (first name, last initial, city) only when an
      // organiser turns this on: off by default, as nobody's name should appear by surprise.
      show_recent_supporters: bool(false),
      // What its supporters read and its letters are written in (contract/languages.ts).
      language: { ...str(8), default: 'en' },
      // Whether its forms ask a position, the organiser's words for each choice, and whether the
      // widget shows the counts by position (contract/position.ts). Off for existing campaigns.
      position_options: { ...str(24), default: 'none' },
      position_labels: { type: 'simple-json', default: '{}' },
      show_position_counts: bool(false),
      // The districts its signers and writers are placed in (issue 25); null: none.
      boundary_set_id: { type: 'integer', nullable: true },
      closed_at: { type: ts, nullable: true },
      anonymised_at: { type: ts, nullable: true },
    },
    indices: [
      { name: 'idx_campaigns_active', columns: ['is_active', 'id'] },
      // Deleting a boundary set asks which campaigns use it.
      { name: 'idx_campaigns_boundary_set', columns: ['boundary_set_id'] },
    ],
    // RESTRICT: a set a campaign uses is not deleted from under it. PostgreSQL only: SQLite cannot
    // add a foreign key to an existing table without rebuilding it, so there triggers refuse the
    // same writes (migrations/1795810000001-Districts.ts).
    foreignKeys:
      dialect === 'postgres' ? [{ target: 'BoundarySet', columnNames: ['boundary_set_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' }] : [],
  });

  /**
   * Where a signature's or letter's writer lives, once known (contract/boundary-sets.ts). No foreign
   * key: deleting a boundary set does not rewrite history, so the district's name is kept as a copy.
   */
  const residence = (): Record<string, EntitySchemaColumnOptions> => ({
    district_id: { type: 'integer', nullable: true },
    district_name: str(120, true),
    residency: str(12, true),
    district_source: str(13, true),
  });

  /** A jurisdiction's districts as an owner or editor uploaded them (districts/parse-boundaries.ts). */
  const BoundarySet = new EntitySchema<BoundarySetRow>({
    name: 'BoundarySet',
    tableName: 'boundary_sets',
    columns: {
      id: pk,
      name: str(120),
      created_at: created,
    },
  });

  /**
   * One feature of a boundary set: its name, its representative, and its outline as GeoJSON
   * (Polygon or MultiPolygon, WGS84) with the box around it, so a locator can skip most districts
   * without reading their outlines (districts/locate.ts).
   */
  const District = new EntitySchema<DistrictRow>({
    name: 'District',
    tableName: 'districts',
    columns: {
      id: pk,
      boundary_set_id: { type: 'integer' },
      // Its order in the uploaded file: the console lists districts as the file did.
      position: { type: 'integer' },
      name: str(120),
      representative_name: str(200, true),
      representative_title: str(200, true),
      representative_email: str(254, true),
      geometry: textCol(),
      min_lon: degrees,
      min_lat: degrees,
      max_lon: degrees,
      max_lat: degrees,
    },
    indices: [{ name: 'uq_districts_set_position', columns: ['boundary_set_id', 'position'], unique: true }],
    foreignKeys: [{ target: 'BoundarySet', columnNames: ['boundary_set_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

  const sources = (): Record<string, EntitySchemaColumnOptions> => ({
    email_domain: { ...str(254), default: '' },
    network: str(64, true),
    quarantine_id: { type: 'integer', nullable: true },
  });

  const Supporter = new EntitySchema<SupporterRow>({
    name: 'Supporter',
    tableName: 'supporters',
    columns: {
      id: pk,
      campaign_id: { type: 'integer' },
      name: str(120),
      email: str(254),
      // Nullable: rows written before folding, or anonymised, hold none and never collide.
      email_key: str(254, true),
      comment: textCol(true),
      is_public: bool(true),
      street_address: str(200),
      city: str(100),
      state: str(50),
      zip_code: str(10),
      phone_number: str(30, true),
      // Where the campaign asks one: support, oppose or neutral (contract/position.ts).
      position: str(8, true),
      created_at: created,
      updated_at: updated,
      ...confirmation(),
      ...sources(),
      ...residence(),
    },
    indices: [
      // The confirmation mailer's scan (pending rows only) and the admin's pending counts.
      { name: 'idx_supporters_status', columns: ['status', 'campaign_id'] },
      // One signature per campaign per folded address (plus-tags, Gmail dots: floods/sources.ts).
      { name: 'uq_supporters_campaign_email_key', columns: ['campaign_id', 'email_key'], unique: true },
      // An address's rows on a campaign: confirming, removing, erasing. With status last, so that
      // "this address's pending rows" matches three columns here rather than two in
      // idx_supporters_status: SQLite would otherwise walk every pending row of the campaign for
      // each signature (the bench saw signing slow as pending rows piled up). The id last: the
      // console's search by address reads its matches in (email, status, id) order, which
      // PostgreSQL, whose index entries do not hold the id, otherwise sorts (every match of a
      // short prefix, 2,222 of them for "seeded-12" at a million supporters: 100 ms).
      { name: 'idx_supporters_campaign_email', columns: ['campaign_id', 'email', 'status', 'id'] },
      // A quarantine's rows (restoring it). Only rows held by one: a read of the rows outside every
      // quarantine ("quarantine_id IS NULL", nearly all) must not take this index, which SQLite,
      // without statistics, would otherwise choose, then sort what it read.
      { name: 'idx_supporters_quarantine', columns: ['quarantine_id'], where: '"quarantine_id" IS NOT NULL' },
      // The paginated admin list (newest first), and with status and quarantine_id in its entries
      // the dashboard's counted figures (its chart's days, "Recent Supporters") without a table read.
      { name: 'idx_supporters_created_state', columns: ['created_at', 'id', 'status', 'quarantine_id'] },
      // The admin lists' search by the start of a name, in lower case, one campaign's matches in
      // order (services/matching-page.ts; by address it reads idx_supporters_campaign_email). An
      // expression, which TypeORM cannot describe: migrations/1795770000002-ConsoleReadIndexes.ts
      // writes it, and the schema sync leaves it alone.
      { name: 'idx_supporters_name_search', columns: ['campaign_id', 'name', 'id'], synchronize: false },
      // The admin list filtered to one campaign, newest first.
      { name: 'idx_supporters_campaign_created', columns: ['campaign_id', 'created_at', 'id'] },
    ],
    // RESTRICT: an acknowledged signature is never lost, not even by deleting its campaign.
    foreignKeys: [{ target: 'Campaign', columnNames: ['campaign_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' }],
  });

  const Letter = new EntitySchema<LetterRow>({
    name: 'Letter',
    tableName: 'letters',
    columns: {
      id: pk,
      campaign_id: { type: 'integer' },
      letter_content: textCol(),
      supporter_name: str(120),
      supporter_email: str(254),
      // Nullable: blanked with the address (anonymised, withdrawn).
      email_key: str(254, true),
      street_address: str(200),
      city: str(100),
      state: str(50),
      zip_code: str(10),
      phone_number: str(30, true),
      perspective: str(40),
      campaign_title: str(200),
      message_point_ids: { type: 'simple-json' },
      // Carries at least 12 words of its writer's own (contract/personal-letter.ts); set at submit.
      personal: bool(false),
      // The sentences its writer wrote rather than Dais (contract/personal-letter.ts ownWords), set
      // at submit; null on letters stored before Dais kept them.
      own_words: textCol(true),
      // Where the campaign asks one: support, oppose or neutral (contract/position.ts).
      position: str(8, true),
      created_at: created,
      updated_at: updated,
      ...confirmation(),
      ...sources(),
      ...residence(),
    },
    indices: [
      { name: 'idx_letters_status', columns: ['status', 'campaign_id'] },
      { name: 'idx_letters_quarantine', columns: ['quarantine_id'], where: '"quarantine_id" IS NOT NULL' },
      // As idx_supporters_created_state; the search by the writer's name and by their address as
      // typed, both folded (migrations/1795770000002-ConsoleReadIndexes.ts, expressions).
      { name: 'idx_letters_created_state', columns: ['created_at', 'id', 'status', 'quarantine_id'] },
      { name: 'idx_letters_name_search', columns: ['campaign_id', 'supporter_name', 'id'], synchronize: false },
      { name: 'idx_letters_email_search', columns: ['campaign_id', 'supporter_email', 'id'], synchronize: false },
      // The admin list filtered to one campaign, newest first, and its cursor seeks (id breaks ties).
      { name: 'idx_letters_campaign_created', columns: ['campaign_id', 'created_at', 'id'] },
      // An address's letters on a campaign under any form of it (removing, erasing), as
      // uq_supporters_campaign_email_key finds its signature; across campaigns, one seek per campaign.
      { name: 'idx_letters_campaign_email_key', columns: ['campaign_id', 'email_key'] },
    ],
    foreignKeys: [{ target: 'Campaign', columnNames: ['campaign_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' }],
  });

  const MessagePoint = new EntitySchema<MessagePointRow>({
    name: 'MessagePoint',
    tableName: 'message_points',
    columns: {
      id: pk,
      category: str(100),
      talking_points: textCol(),
      display_order: int(0),
      campaign_id: { type: 'integer', nullable: true },
      // What a general point is written in: it is offered to the campaigns in that language (a
      // Spanish letter form lists no English talking points). A campaign's own points ignore it.
      language: { ...str(8), default: 'en' },
      is_locked: bool(false),
      is_active: bool(true),
      created_at: created,
      updated_at: updated,
    },
    indices: [{ name: 'idx_message_points_campaign', columns: ['campaign_id', 'is_active', 'display_order'] }],
    foreignKeys: [{ target: 'Campaign', columnNames: ['campaign_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

  const Setting = new EntitySchema<SettingRow>({
    name: 'Setting',
    tableName: 'settings',
    columns: {
      setting_key: { type: 'varchar', length: 64, primary: true },
      setting_value: textCol(),
      updated_at: updated,
    },
  });

  const User = new EntitySchema<UserRow>({
    name: 'User',
    tableName: 'users',
    columns: {
      id: pk,
      email: str(254),
      google_sub: str(255),
      name: str(200, true),
      picture: str(2000, true),
      created_at: created,
      updated_at: updated,
    },
    indices: [
      { name: 'uq_users_google_sub', columns: ['google_sub'], unique: true },
      { name: 'idx_users_email', columns: ['email'] },
    ],
  });

  const AdminUser = new EntitySchema<AdminUserRow>({
    name: 'AdminUser',
    tableName: 'admin_users',
    columns: {
      id: pk,
      // Null for an invitation nobody has taken up yet: the invited address signs in and it is theirs.
      user_id: { type: 'integer', nullable: true },
      email: str(254),
      // The address folded as sign-in compares it (auth/admins.ts adminEmailKey): one admin per address,
      // so two invitations of one address at once cannot both go in.
      email_key: str(254),
      // owner, editor or viewer (contract/admins.ts).
      role: { ...str(32), default: 'owner' },
      is_active: bool(true),
      created_at: created,
      updated_at: updated,
    },
    indices: [
      { name: 'uq_admin_users_user', columns: ['user_id'], unique: true },
      { name: 'uq_admin_users_email_key', columns: ['email_key'], unique: true },
    ],
    foreignKeys: [{ target: 'User', columnNames: ['user_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

  const Session = new EntitySchema<SessionRow>({
    name: 'Session',
    tableName: 'sessions',
    columns: {
      token_hash: { type: 'varchar', length: 64, primary: true },
      user_id: { type: 'integer' },
      expires_at: { type: ts },
      created_at: created,
    },
    indices: [
      { name: 'idx_sessions_user', columns: ['user_id'] },
      { name: 'idx_sessions_expires', columns: ['expires_at'] },
    ],
    foreignKeys: [{ target: 'User', columnNames: ['user_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

  const LoginCode = new EntitySchema<LoginCodeRow>({
    name: 'LoginCode',
    tableName: 'login_codes',
    columns: {
      code_hash: { type: 'varchar', length: 64, primary: true },
      user_id: { type: 'integer' },
      expires_at: { type: ts },
      created_at: created,
    },
    foreignKeys: [{ target: 'User', columnNames: ['user_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

  /**
   * Every e-mail that takes letters to a decision body: a packet (sent by an admin or by the
   * deadline schedule) or one letter (`each` mode). The mail itself, its status and retries live
   * in its outbox row (outbox_id).
   */
  const Delivery = new EntitySchema<DeliveryRow>({
    name: 'Delivery',
    tableName: 'deliveries',
    columns: {
      id: pk,
      campaign_id: { type: 'integer' },
      kind: str(16),
      trigger: str(16),
      recipients: { type: 'simple-json' },
      letter_count: int(0),
      letter_id: { type: 'integer', nullable: true },
      since: { type: ts, nullable: true },
      until: { type: ts, nullable: true },
      outbox_id: { type: 'integer' },
      message_id: str(255),
      schedule_key: str(80, true),
      created_at: created,
    },
    indices: [
      // An automatic packet is created once per campaign and slot, by whichever process gets there
      // first (deliveries/scheduler.ts); NULLs (packets sent by hand, letters) never collide.
      { name: 'uq_deliveries_schedule', columns: ['campaign_id', 'schedule_key'], unique: true },
      { name: 'idx_deliveries_campaign_created', columns: ['campaign_id', 'created_at', 'id'] },
      // Deleting a letter (a removal link, an erasure, a pending letter expiring) checks this foreign
      // key: without the index both databases scan every delivery for each letter deleted.
      { name: 'idx_deliveries_letter', columns: ['letter_id'] },
    ],
    foreignKeys: [
      { target: 'Campaign', columnNames: ['campaign_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
      { target: 'Letter', columnNames: ['letter_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
      // A delivery is its e-mail: never one without the other (outbox rows are never deleted).
      { target: 'MailOutbox', columnNames: ['outbox_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
    ],
  });

  // The mail outbox (mail/outbox.ts): status, attempts and timing written by the worker's own SQL
  // (mail/claims.ts), which also sets updated_at.
  const MailOutbox = new EntitySchema<MailOutboxRow>({
    name: 'MailOutbox',
    tableName: 'mail_outbox',
    columns: {
      id: pk,
      message_id: str(255),
      recipients: { type: 'simple-json' },
      // Copies (Cc): a letter to a representative copies the campaign's recipients; null for none.
      cc: { type: 'simple-json', nullable: true },
      subject: textCol(),
      text: textCol(),
      attachments: { type: 'simple-json' },
      status: { ...str(16), default: 'queued' },
      attempts: int(0),
      next_attempt_at: { type: ts },
      lease_until: { type: ts, nullable: true },
      claimed_by: str(120, true),
      last_error: textCol(true),
      smtp_response: textCol(true),
      sent_at: { type: ts, nullable: true },
      created_at: created,
      updated_at: updated,
    },
    indices: [
      { name: 'uq_mail_outbox_message_id', columns: ['message_id'], unique: true },
      // The worker's claim: queued rows that are due, and sending rows whose lease ran out.
      { name: 'idx_mail_outbox_due', columns: ['status', 'next_attempt_at'] },
    ],
  });

  /**
   * Every e-mail sent to a supporter about their own signature or letter (confirmations/): a
   * confirmation or its one reminder. Its two links are made from SESSION_SECRET and its outbox
   * row as it is sent, and stored nowhere (confirmations/tokens.ts); a link finds its e-mail by
   * outbox_id. One confirms the records it named (supporter_mail_records), one removes every record
   * of that address on that campaign; both until expires_at.
   */
  const SupporterMail = new EntitySchema<SupporterMailRow>({
    name: 'SupporterMail',
    tableName: 'supporter_mails',
    columns: {
      id: pk,
      campaign_id: { type: 'integer' },
      email: str(254),
      /** The address folded (floods/sources.ts emailKey): an erasure finds every form's e-mails by it. */
      email_key: str(254, true),
      kind: str(16),
      expires_at: { type: ts },
      confirmed_at: { type: ts, nullable: true },
      removed_at: { type: ts, nullable: true },
      outbox_id: { type: 'integer' },
      created_at: created,
    },
    indices: [
      // What a link finds its e-mail by, and what the mail worker asks as it writes the links in.
      { name: 'uq_supporter_mails_outbox', columns: ['outbox_id'], unique: true },
      // A removal link and an erasure find an address's e-mails, in any of its forms, by its key.
      { name: 'idx_supporter_mails_key', columns: ['campaign_id', 'email_key'] },
    ],
    foreignKeys: [
      { target: 'Campaign', columnNames: ['campaign_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
      { target: 'MailOutbox', columnNames: ['outbox_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
    ],
  });

  /**
   * The records one supporter e-mail named (confirmations/send.ts): its confirmation link confirms
   * exactly these, never a record sent under the same address after it. Goes with its e-mail.
   */
  const SupporterMailRecord = new EntitySchema<SupporterMailRecordRow>({
    name: 'SupporterMailRecord',
    tableName: 'supporter_mail_records',
    columns: {
      mail_id: { type: 'integer', primary: true },
      record_type: { type: 'varchar', length: 16, primary: true },
      record_id: { type: 'integer', primary: true },
    },
    foreignKeys: [{ target: 'SupporterMail', columnNames: ['mail_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

  /**
   * When an address last got an e-mail about one campaign: at most one a day, whatever is
   * submitted, claimed by one conditional upsert so that two processes cannot both send.
   */
  const SupporterMailSlot = new EntitySchema<SupporterMailSlotRow>({
    name: 'SupporterMailSlot',
    tableName: 'supporter_mail_slots',
    columns: {
      campaign_id: { type: 'integer', primary: true },
      email: { type: 'varchar', length: 254, primary: true },
      last_mailed_at: { type: ts },
    },
    foreignKeys: [{ target: 'Campaign', columnNames: ['campaign_id'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
  });

  /** Bot-check solutions already used (bot-check/proof-of-work.ts), until their challenge expires. */
  const SpentChallenge = new EntitySchema<SpentChallengeRow>({
    name: 'SpentChallenge',
    tableName: 'spent_challenges',
    columns: {
      challenge: { type: 'varchar', length: 64, primary: true },
      expires_at: { type: ts },
    },
    indices: [{ name: 'idx_spent_challenges_expires', columns: ['expires_at'] }],
  });

  // The development mailbox (mail/dev-mailbox/): only written with no SMTP_URL on a loopback PUBLIC_URL.
  const DevMail = new EntitySchema<DevMailRow>({
    name: 'DevMail',
    tableName: 'dev_mailbox',
    columns: {
      id: pk,
      outbox_id: { type: 'integer', nullable: true },
      message_id: str(255),
      sender: textCol(),
      recipients: textCol(),
      subject: textCol(),
      raw: textCol(),
      created_at: created,
    },
  });

  /**
   * Every admin write (audit/): who, what, when, in words. Dais has no way to change or delete an
   * entry (no route, no command; the migration adds triggers that refuse an UPDATE or DELETE), and an
   * entry never holds a supporter's personal details, so erasure and anonymisation leave it whole.
   */
  const AuditEntry = new EntitySchema<AuditEntryRow>({
    name: 'AuditEntry',
    tableName: 'audit_log',
    columns: {
      id: pk,
      created_at: created,
      actor_email: str(254),
      action: str(40),
      // No foreign key: the log outlives anything it mentions.
      campaign_id: { type: 'integer', nullable: true },
      summary: textCol(),
    },
    indices: [
      { name: 'idx_audit_log_created', columns: ['created_at', 'id'] },
      { name: 'idx_audit_log_campaign', columns: ['campaign_id', 'created_at', 'id'] },
    ],
  });

  const Quarantine = new EntitySchema<QuarantineRow>({
    name: 'Quarantine',
    tableName: 'quarantines',
    columns: {
      id: pk,
      campaign_id: { type: 'integer' },
      starts_at: { type: ts },
      ends_at: { type: ts },
      network: str(64, true),
      email_domain: str(254, true),
      reason: textCol(),
      signatures: int(0),
      letters: int(0),
      created_by: str(254),
      created_at: created,
      restored_at: { type: ts, nullable: true },
      restored_by: str(254, true),
    },
    indices: [{ name: 'idx_quarantines_campaign', columns: ['campaign_id', 'created_at', 'id'] }],
    foreignKeys: [{ target: 'Campaign', columnNames: ['campaign_id'], referencedColumnNames: ['id'], onDelete: 'RESTRICT' }],
  });

  // The console's figures that would otherwise count rows: kept by triggers on supporters and
  // letters (migrations/1795780000001-Tallies.ts writes them; TypeORM cannot describe a trigger).
  const Tally = new EntitySchema<TallyRow>({
    name: 'Tally',
    tableName: 'tallies',
    columns: {
      figure: { type: 'varchar', length: 40, primary: true },
      slot: { type: 'integer', primary: true },
      campaign_id: { type: 'integer', primary: true },
      n: int(0),
    },
  });

  return { Campaign, BoundarySet, District, Supporter, Letter, MessagePoint, Setting, User, AdminUser, Session, LoginCode, MailOutbox, DevMail, Delivery, SupporterMail, SupporterMailRecord, SupporterMailSlot, SpentChallenge, AuditEntry, Quarantine, Tally };
}

export type Entities = ReturnType<typeof buildEntities>;
